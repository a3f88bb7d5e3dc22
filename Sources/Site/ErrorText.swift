import PortalViews

/// The words of the error pages (issue 18), in English and Russian.
public enum ErrorText {
    static let title = Phrase("Error reports", "Отчёты об ошибках")
    static let groups = Phrase("Problems", "Проблемы")
    static let problem = Phrase("Problem", "Проблема")
    public static let count = Phrase("Occurrences", "Случаев")
    static let firstSeen = Phrase("First seen", "Впервые")
    static let lastSeen = Phrase("Last seen", "Последний раз")
    static let versions = Phrase("Versions", "Версии")
    static let version = Phrase("Version", "Версия")
    static let systems = Phrase("Systems", "Системы")
    static let devices = Phrase("Devices", "Устройства")
    static let models = Phrase("Device models", "Модели устройств")
    static let sortBy = Phrase("Sort by:", "Сортировать:")
    static let byCount = Phrase("most frequent", "по частоте")
    static let byRecency = Phrase("most recent", "по давности")
    static let show = Phrase("Show:", "Показать:")
    static let allStatuses = Phrase("all", "все")
    static let noGroups = Phrase("No error reports here.", "Здесь нет отчётов об ошибках.")
    static let crashFree = Phrase("Crash-free devices per version", "Устройства без сбоев по версиям")
    static let crashed = Phrase("Crashed", "Со сбоями")
    static let crashFreeShare = Phrase("Crash-free", "Без сбоев")
    static let fixedIn = Phrase("Fixed in", "Исправлено в")
    static let cameBackIn = Phrase("Came back in", "Вернулось в")
    static let raisedAt = Phrase("Raised at", "Где возникла")
    static let during = Phrase("During", "Во время")
    public static let perDay = Phrase("Occurrences per day", "Случаи по дням")
    static let triage = Phrase("Triage", "Разбор")
    static let acknowledge = Phrase("Acknowledge", "Взять в работу")
    static let resolve = Phrase("Mark resolved", "Отметить исправленной")
    static let fixVersion = Phrase("Fixed in version", "Исправлено в версии")
    static let fixVersionHelp = Phrase(
        "The app version that has the fix, like 1.2.3: a report from a newer version reopens the problem. Left empty, any later report reopens it.",
        "Версия приложения с исправлением, например 1.2.3: отчёт из более новой версии откроет проблему снова. Если пусто — любой следующий отчёт."
    )
    static let breakdowns = Phrase("Where it happens", "Где случается")
    static let breadcrumbs = Phrase("Before it happened (latest report)", "Что было перед этим (последний отчёт)")
    static let level = Phrase("Level", "Уровень")
    static let part = Phrase("Part", "Часть")
    static let message = Phrase("Message", "Сообщение")
    public static let acknowledged = Phrase("Marked as being looked into.", "Отмечено: разбирается.")
    public static let resolved = Phrase("Marked resolved.", "Отмечено исправленной.")
    static let openErrors = Phrase("Error reports", "Отчёты об ошибках")

    static func status(_ status: ErrorGroupStatus) -> Phrase {
        switch status {
        case .new: Phrase("new", "новая")
        case .acknowledged: Phrase("acknowledged", "в работе")
        case .resolved: Phrase("resolved", "исправлена")
        case .regressed: Phrase("regressed", "вернулась")
        }
    }
}
