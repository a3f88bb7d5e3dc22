/// The languages the app speaks (UI, issue 13 §4): every user-visible string exists in both.
public enum Language: String, Sendable, CaseIterable, Codable {
    case english = "en"
    case russian = "ru"

    /// The language for a list of preferred language codes (`Locale.preferredLanguages`):
    /// the first one the app speaks, English otherwise.
    public static func preferred(_ codes: [String]) -> Language {
        for code in codes {
            let base = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? code
            if let language = Language(rawValue: base.lowercased()) { return language }
        }
        return .english
    }
}
