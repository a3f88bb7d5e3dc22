/// The pages of Settings (issue 33 §6; UI1), in the order the Settings list shows them: the
/// angler's account and purchase first, then how the app reads and draws, then what it keeps
/// and sends, the legal text last. Each is a row of Settings that opens its own page (a link
/// `hobbystory://settings/<group>`), so no page is a long scroll of unrelated sections.
public enum SettingsGroup: String, CaseIterable, Hashable, Sendable {
    /// The portal account: sign in, sync, the versions set aside (the Sync page's screen).
    case account
    /// The licence: trial, purchase, restore (T13).
    case licence
    /// Units, pressure and wind units, and the language.
    case units
    /// The map source, its terms, and the offline map packs (T7, T9, issue 15).
    case maps
    /// The keys of the paid map sources (issue 15).
    case mapKeys
    /// Error reports: sharing, preview, a problem report (issue 18).
    case errorReports
    /// What the diary keeps on the device: backups, files out and in, the diagnostics file.
    case data
    /// Sharing catches: the default precision of a link's place and every link made (issue 34 §4).
    case sharing
    /// The app's version, its sources of data and their licences.
    case about

    /// The row of Settings that opens the group's page, titled by the group.
    public var control: Control {
        Control("settings.group.\(rawValue)", .link, labelKey: titleKey, opens: opensTitleKey)
    }

    /// The title of the page the row opens: the group's, or the page's it shows.
    private var opensTitleKey: String {
        switch self {
        case .account: "page.sync"
        case .about: "page.about"
        default: titleKey
        }
    }

    /// The catalogue key of the group's title, on its row and its page.
    public var titleKey: String { "settings.group.\(rawValue)" }

    /// The Settings list in sections: account and purchase, reading and drawing, keeping and
    /// sending, legal text.
    public static let sections: [[SettingsGroup]] = [
        [.account, .licence], [.units, .maps, .mapKeys], [.data, .sharing, .errorReports], [.about],
    ]

    /// Every group's row.
    public static var controls: [Control] { allCases.map(\.control) }
}
