/// Every text of the site in English and Russian (issue 16 §2), checked by the compiler: a
/// phrase cannot lack a language.
public enum SiteText {
    public static let siteName = Phrase("The Hobby Story — Fishing", "The Hobby Story — Рыбалка")
    static let footer = Phrase(
        "Your diary is written in the app; the site shows it. Map data © OpenStreetMap contributors.",
        "Дневник ведётся в приложении, сайт его показывает. Картографические данные © участники OpenStreetMap.")
    static let diary = Phrase("Diary", "Дневник")
    static let account = Phrase("Account", "Учётная запись")
    static let mainNavigation = Phrase("Main", "Главное меню")
    public static let signOut = Phrase("Sign out", "Выйти")
    static let language = Phrase("Language", "Язык")
    static let notFound = Phrase("Not found", "Не найдено")
    static let forbidden = Phrase("Not allowed", "Нет доступа")
    static let error = Phrase("Something went wrong", "Что-то пошло не так")
    static let backHome = Phrase("Back to the start", "На главную")
    static let help = Phrase("Help", "Справка")

    // MARK: Signing in and the account

    static let signIn = Phrase("Sign in", "Вход")
    static let email = Phrase("Email", "Электронная почта")
    static let emailHelp = Phrase(
        "The email of your Hobby Story account, the one you sign in with in the app.",
        "Адрес учётной записи Hobby Story — тот же, что при входе в приложении.")
    static let password = Phrase("Password", "Пароль")
    static let passwordHelp = Phrase(
        "Your account's password. After several wrong tries, signing in pauses for a while.",
        "Пароль учётной записи. После нескольких неверных попыток вход на время приостанавливается.")
    static let signInHint = Phrase(
        "No account yet? Create one in the app: Settings → Sync.",
        "Ещё нет учётной записи? Создайте её в приложении: Настройки → Синхронизация.")
    static let thisBrowser = Phrase("this browser", "этот браузер")
    static let signOutDevice = Phrase("Sign out…", "Выйти…")
    static let signedOut = Phrase("signed out", "вход не выполнен")
    static let signedInAs = Phrase("Signed in as", "Вы вошли как")
    static let devices = Phrase("Devices and browsers", "Устройства и браузеры")
    static let devicesHint = Phrase(
        "Everything signed in to your account. Signing a device out stops its sync until it signs in again; its records stay.",
        "Всё, что вошло в вашу учётную запись. Выход устройства останавливает его синхронизацию до нового входа; записи сохраняются."
    )
    static let device = Phrase("Device", "Устройство")
    static let lastSeen = Phrase("Last seen", "Последний раз")
    static let sessions = Phrase("Sessions", "Сеансы")
    static let actions = Phrase("Actions", "Действия")
    static let changePassword = Phrase("Change password", "Сменить пароль")
    static let currentPassword = Phrase("Current password", "Текущий пароль")
    static let currentPasswordHelp = Phrase(
        "The password you use now, to prove it is you.",
        "Пароль, которым вы пользуетесь сейчас, — чтобы убедиться, что это вы.")
    public static let newPassword = Phrase("New password", "Новый пароль")
    static let newPasswordHelp = Phrase(
        "8 to 1024 characters. Every other device and browser is signed out when it changes.",
        "От 8 до 1024 символов. После смены все остальные устройства и браузеры выйдут из учётной записи.")
    static let repeatPassword = Phrase("Repeat the new password", "Новый пароль ещё раз")
    static let repeatPasswordHelp = Phrase(
        "The same new password again, to catch a typing slip.", "Тот же новый пароль, чтобы исключить опечатку.")
    static let cancel = Phrase("Cancel", "Отмена")
    public static let deleteAccount = Phrase("Delete the account", "Удалить учётную запись")
    static let deleteAccountHint = Phrase(
        "Signs out every device and stops sync at once. Nothing is erased for 30 days: until then the administrators can restore it whole. Export first if you want a copy.",
        "Сразу выходит на всех устройствах и останавливает синхронизацию. 30 дней ничего не стирается: до тех пор администраторы могут всё восстановить. Сначала выгрузите копию, если она нужна."
    )
    static let typeEmail = Phrase("The account's email", "Почта учётной записи")
    static let typeEmailHelp = Phrase(
        "Type the email out in full, so that an account is never deleted by a slip.",
        "Введите почту полностью, чтобы учётная запись не удалилась случайно.")
    public static func confirmDeletion(_ email: String, _ language: SiteLanguage) -> String {
        switch language {
        case .en: "Delete the account \(email)? Type its email and password to confirm."
        case .ru: "Удалить учётную запись \(email)? Для подтверждения введите её почту и пароль."
        }
    }
    public static let emailDiffers = Phrase(
        "The email typed is not this account's; nothing was deleted.",
        "Введённая почта не от этой учётной записи; ничего не удалено.")
    public static let wrongPasswordNothingDeleted = Phrase(
        "The password is wrong; nothing was deleted.", "Неверный пароль; ничего не удалено.")
    public static func accountDeleted(_ until: String, _ language: SiteLanguage) -> String {
        switch language {
        case .en: "The account was deleted. The administrators can restore it until \(until)."
        case .ru: "Учётная запись удалена. Администраторы могут восстановить её до \(until)."
        }
    }
    static let exportTitle = Phrase("Export everything", "Выгрузить всё")
    static let exportHint = Phrase(
        "A tar archive of every spot, trip, catch, saved report and photo or video record as JSON, with the photos and videos themselves.",
        "Архив tar: все места, поездки, уловы, сохранённые отчёты и записи о фото и видео в JSON, вместе с самими фото и видео."
    )
    static let exportButton = Phrase("Download the archive", "Скачать архив")
    public static let wrongCredentials = Phrase(
        "The email or the password is wrong. Check both and try again.",
        "Неверная почта или пароль. Проверьте оба поля и попробуйте снова.")
    public static let wrongCurrentPassword = Phrase(
        "The current password is wrong; the password was not changed.",
        "Текущий пароль неверен; пароль не изменён.")
    public static let passwordsDiffer = Phrase(
        "The two new passwords differ; type the same one twice.",
        "Новые пароли не совпадают; введите один и тот же дважды.")
    public static let passwordChanged = Phrase(
        "Your password was changed and every other device and browser was signed out.",
        "Пароль изменён, все остальные устройства и браузеры вышли из учётной записи.")
    public static let deviceSignedOut = Phrase("The device was signed out.", "Устройство вышло из учётной записи.")
    public static let signOutDeviceTitle = Phrase("Sign a device out", "Выход устройства")
    public static func confirmSignOut(_ device: String, _ language: SiteLanguage) -> String {
        switch language {
        case .en: "Sign “\(device)” out? It stops syncing until someone signs in on it again. Its records stay."
        case .ru:
            "Выйти из учётной записи на «\(device)»? Синхронизация остановится до нового входа. Записи сохранятся."
        }
    }
    public static let formExpired = Phrase(
        "This form has expired or did not come from this site. Open the page again and repeat.",
        "Форма устарела или отправлена не с этого сайта. Откройте страницу заново и повторите.")
    public static let tooManyAttempts = Phrase(
        "Too many wrong passwords for this email. Wait a few minutes and try again.",
        "Слишком много неверных паролей для этой почты. Подождите несколько минут и попробуйте снова.")
    public static let adminsOnly = Phrase(
        "This page is for the portal's administrators.", "Эта страница — для администраторов портала.")
    public static let noSuchPage = Phrase("There is nothing at this address.", "По этому адресу ничего нет.")
    public static let noSuchRecord = Phrase(
        "This record is not in your diary (it may have been deleted in the app).",
        "Этой записи нет в вашем дневнике (возможно, она удалена в приложении).")
    public static let unavailable = Phrase(
        "The portal cannot answer right now. Try again in a minute.",
        "Портал сейчас не может ответить. Попробуйте через минуту.")

    // MARK: The diary

    static let noTrips = Phrase(
        "No trips yet. Log one in the app and sync; it appears here.",
        "Поездок пока нет. Запишите поездку в приложении и синхронизируйте — она появится здесь.")
    static let noTripsMatch = Phrase("No trips match these filters.", "Нет поездок, подходящих под фильтры.")
    static let all = Phrase("All", "Все")
    static let year = Phrase("Year", "Год")
    static let yearHelp = Phrase("Show only the trips of one year.", "Показать поездки только одного года.")
    public static let species = Phrase("Species", "Вид")
    static let speciesHelp = Phrase(
        "Show only the trips with a catch of this species.", "Показать только поездки с уловом этого вида.")
    static let spot = Phrase("Spot", "Место")
    static let spotHelp = Phrase("Show only the trips to this spot.", "Показать только поездки на это место.")
    static let words = Phrase("Words", "Слова")
    static let wordsHelp = Phrase(
        "Words to find in a trip's title, companions, notes or spot, or in its catches: the fish, baits and methods by their English or Russian names, and the notes; every word must appear.",
        "Слова для поиска в названии, спутниках, заметках или месте поездки и в её уловах: рыба, наживка и способ ловли по-русски или по-английски, заметки; должны встретиться все слова."
    )
    static let show = Phrase("Show", "Показать")
    static let clearFilters = Phrase("Clear filters", "Сбросить фильтры")
    static let noCatches = Phrase("No catches", "Без улова")
    static let previous = Phrase("← Newer", "← Новее")
    static let next = Phrase("Older →", "Старше →")
    static let pages = Phrase("Pages", "Страницы")
    static let time = Phrase("Time", "Время")
    static let count = Phrase("Count", "Количество")
    static let measures = Phrase("Weight, length", "Вес, длина")
    static let when = Phrase("When", "Когда")
    static let companions = Phrase("Companions", "Спутники")
    static let catches = Phrase("Catches", "Улов")
    static let weight = Phrase("Weight", "Вес")
    static let kg = Phrase("kg", "кг")
    static let length = Phrase("Length", "Длина")
    static let cm = Phrase("cm", "см")
    static let bait = Phrase("Bait", "Наживка")
    static let method = Phrase("Method", "Способ")
    static let depth = Phrase("Depth", "Глубина")
    static let metres = Phrase("m", "м")
    static let waterTemperature = Phrase("Water temperature", "Температура воды")
    static let waterClarity = Phrase("Clarity (seen to)", "Прозрачность (видно на)")
    static let waterLevel = Phrase("Water level against the usual", "Уровень воды от обычного")
    static let waterTrend = Phrase("Water", "Вода")
    static let rising = Phrase("rising", "прибывает")
    static let steady = Phrase("steady", "стоит")
    static let falling = Phrase("falling", "убывает")
    static let released = Phrase("Released", "Отпущена")
    static let yes = Phrase("yes", "да")
    static let no = Phrase("no", "нет")

    // A shared catch's page (issue 34 §4)
    static let place = Phrase("Place", "Место")
    static let withinAbout1km = Phrase("within about 1 km of", "в пределах примерно 1 км от")
    static let withinAbout10km = Phrase("within about 10 km of", "в пределах примерно 10 км от")
    static let placeNotShared = Phrase("not shared", "не указано")
    static let sharedMapAlt = Phrase("Map of the area", "Карта района")
    static let sharedMapCaption = Phrase(
        "The catch was made somewhere in the marked square; the angler does not share the exact spot.",
        "Рыба поймана где-то в отмеченном квадрате; точное место рыболов не раскрывает.")
    static let sharedMapCaptionExact = Phrase(
        "The catch was made at the marked point.", "Рыба поймана в отмеченной точке.")
    static let sharedFooter = Phrase(
        "Shared from a fishing diary of The Hobby Story.", "Из рыболовного дневника The Hobby Story.")
    static let sharedLinkGoneTitle = Phrase("This link no longer works", "Ссылка больше не работает")
    static let sharedLinkGone = Phrase(
        "The angler withdrew it, or the time it was shared for is over.",
        "Рыболов её отозвал, или истёк срок, на который ею поделились.")
    static let trip = Phrase("Trip", "Поездка")
    static let tripOf = Phrase("Trip of", "Поездка")
    static let notes = Phrase("Notes", "Заметки")
    static let hPa = Phrase("hPa", "гПа")
    static let wind = Phrase("wind", "ветер")
    static let metresPerSecond = Phrase("m/s", "м/с")
    static let conditions = Phrase("Conditions", "Условия")
    static let photo = Phrase("Photo", "Фото")
    static let video = Phrase("Video", "Видео")
    static let downloadVideo = Phrase("Download the video", "Скачать видео")
    static let photosAndVideos = Phrase("Photos and videos", "Фото и видео")

    // MARK: The map

    public static let map = Phrase("Map", "Карта")
    static let mapLabel = Phrase("Map of your spots and catches", "Карта ваших мест и уловов")
    static let catchWord = Phrase("catch", "улов")
    static let tripsWord = Phrase("trips", "поездок")
    static let open = Phrase("Open", "Открыть")
    static let thisPoint = Phrase("This point", "Эта точка")
    static let nearestSpot = Phrase("nearest of your spots", "ближайшее ваше место")
    static let km = Phrase("km", "км")
    static let spots = Phrase("Spots", "Места")
    static let mapHint = Phrase(
        "Groups of markers open as you zoom in; click anywhere to see what is there.",
        "Группы меток раскрываются при приближении; нажмите в любом месте, чтобы узнать, что там.")
    static let mapNeedsScript = Phrase(
        "The map needs JavaScript; your spots are listed below.",
        "Для карты нужен JavaScript; ваши места перечислены ниже.")

    // MARK: Reports

    public static let reports = Phrase("Reports", "Отчёты")
    static let builtInReports = Phrase("Ready-made reports", "Готовые отчёты")
    static let savedReports = Phrase("Your saved reports", "Ваши сохранённые отчёты")
    static let noSavedReports = Phrase(
        "Reports you save in the app appear here after it syncs.",
        "Отчёты, сохранённые в приложении, появятся здесь после синхронизации.")
    static let formula = Phrase("Formula", "Формула")
    static let formulaHelp = Phrase(
        "What to count, by what, and which records: for example count(catch) by species where year = 2026. The same formulas as in the app.",
        "Что считать, по чему и какие записи: например count(catch) by species where year = 2026. Те же формулы, что в приложении."
    )
    static let chart = Phrase("Chart", "Диаграмма")
    static let chartHelp = Phrase(
        "How to draw the result; automatic picks bars for groups and a table for a single number.",
        "Как показать результат; «автоматически» — столбцы для групп и таблица для одного числа.")
    static let chartAuto = Phrase("automatic", "автоматически")
    static let run = Phrase("Run", "Построить")
    static let showReport = Phrase("Show", "Показать")
    static let beyondBuilder = Phrase(
        "The formula below says more than these choices can show; choose here and press Show to start again from them.",
        "Формула ниже говорит больше, чем можно выбрать здесь; выберите и нажмите «Показать», чтобы начать заново.")
    static let chartOf = Phrase("Chart:", "Диаграмма:")
    static let downloadCSV = Phrase("Download CSV", "Скачать CSV")

    // MARK: Administration

    static let administration = Phrase("Administration", "Администрирование")
    static let statistics = Phrase("Statistics", "Статистика")
    static let accounts = Phrase("Accounts", "Учётные записи")
    static let activeDay = Phrase("Active in 1 day", "Активны за 1 день")
    static let activeWeek = Phrase("Active in 7 days", "Активны за 7 дней")
    static let activeMonth = Phrase("Active in 30 days", "Активны за 30 дней")
    static let downloads = Phrase("App Store downloads", "Загрузки из App Store")
    static let downloadsMonth = Phrase("Downloads in 30 days", "Загрузки за 30 дней")
    static let redownloads = Phrase("Downloads again", "Повторные загрузки")
    static let updates = Phrase("Updates", "Обновления")
    public static let downloadsChartTitle = Phrase(
        "App Store downloads per day, last 30 report days", "Загрузки из App Store по дням, последние 30 дней отчётов")
    public static let downloadsAxis = Phrase("downloads", "загрузки")
    public static let day = Phrase("day", "день")
    static let lastReport = Phrase("last report", "последний отчёт")
    static let noSales = Phrase(
        "No sales reports imported yet: hobbystory-portal admin import-sales or fetch-sales.",
        "Отчёты о продажах ещё не импортированы: hobbystory-portal admin import-sales или fetch-sales.")
    static let directories = Phrase("Directories", "Справочники")
    static let directoryVersion = Phrase("Directory version", "Версия справочников")
    static let baits = Phrase("Baits", "Наживки")
    static let methods = Phrase("Methods", "Способы ловли")
    static let waterBodyTypes = Phrase("Water body types", "Типы водоёмов")
    static let retired = Phrase("retired", "выведена")
    static let edit = Phrase("Edit", "Изменить")
    static let addEntry = Phrase("Add an entry", "Добавить запись")
    static let add = Phrase("Add", "Добавить")
    static let entries = Phrase("Entries", "Записи")
    static let state = Phrase("State", "Состояние")
    static let englishName = Phrase("Name in English", "Название по-английски")
    static let englishNameHelp = Phrase(
        "The name anglers see in English; devices receive it at their next sync.",
        "Название для английского языка; устройства получат его при следующей синхронизации.")
    static let russianName = Phrase("Name in Russian", "Название по-русски")
    static let russianNameHelp = Phrase(
        "The name anglers see in Russian; left empty, the English name is used.",
        "Название для русского языка; если пусто, используется английское.")
    static let latinName = Phrase("Latin name", "Латинское название")
    static let latinHelp = Phrase(
        "The species' scientific name; its id is made from it.",
        "Научное название вида; из него строится идентификатор.")
    static let rename = Phrase("Rename", "Переименовать")
    static let saveNames = Phrase("Save the names", "Сохранить названия")
    static let retire = Phrase("Retire", "Вывести из употребления")
    static let retireHint = Phrase(
        "A retired entry is no longer offered; every record using it moves to the replacement on every device.",
        "Выведенная запись больше не предлагается; все записи с ней на всех устройствах переходят на замену.")
    static let replacement = Phrase("Replacement", "Замена")
    static let replacementHelp = Phrase(
        "The entry records will use instead.", "Запись, которую будут использовать вместо этой.")
    public static let retireTitle = Phrase("Retire an entry", "Вывод записи")
    public static func confirmRetire(_ entry: String, _ replacement: String, _ language: SiteLanguage) -> String {
        switch language {
        case .en:
            "Retire “\(entry)” and move every record using it to “\(replacement)”? Devices follow at their next sync."
        case .ru:
            "Вывести «\(entry)» и перевести все записи с ней на «\(replacement)»? Устройства последуют при синхронизации."
        }
    }
    public static let entryAdded = Phrase("The entry was added.", "Запись добавлена.")
    public static let entryRenamed = Phrase("The names were saved.", "Названия сохранены.")
    public static let entryRetired = Phrase("The entry was retired.", "Запись выведена.")

    static func tripCount(_ count: Int, _ language: SiteLanguage) -> String {
        switch language {
        case .en: count == 1 ? "1 trip" : "\(count) trips"
        case .ru: "\(count) \(russian(count, "поездка", "поездки", "поездок"))"
        }
    }

    static func fishCount(_ count: Int, _ language: SiteLanguage) -> String {
        switch language {
        case .en: count == 1 ? "1 fish" : "\(count) fish"
        case .ru: "\(count) \(russian(count, "рыба", "рыбы", "рыб"))"
        }
    }

    static func pageOf(_ page: Int, _ count: Int, _ language: SiteLanguage) -> String {
        switch language {
        case .en: "Page \(page) of \(count)"
        case .ru: "Страница \(page) из \(count)"
        }
    }

    /// The Russian plural form for `count`: 1 поездка, 2 поездки, 5 поездок, 21 поездка.
    static func russian(_ count: Int, _ one: String, _ few: String, _ many: String) -> String {
        let lastTwo = abs(count) % 100
        let last = lastTwo % 10
        if (11...14).contains(lastTwo) { return many }
        if last == 1 { return one }
        if (2...4).contains(last) { return few }
        return many
    }
}
