import Foundation

/// The app's strings, in English and Russian (UI6 help texts, labels, messages), read from the
/// String Catalog `Localizable.xcstrings` — the file Xcode edits — so the app and the tests on
/// Linux read the same text. `{name}` placeholders are filled by ``text(_:_:_:)``.
public struct Catalog: Sendable {
    private let entries: [String: [Language: String]]

    /// The catalogue shipped with the app.
    public static let shared: Catalog = {
        guard let url = Bundle.module.url(forResource: "Localizable", withExtension: "xcstrings"),
            let data = try? Data(contentsOf: url), let catalog = try? Catalog(xcstrings: data)
        else { fatalError("Localizable.xcstrings is missing from the AppFeatures bundle or is not a String Catalog") }
        return catalog
    }()

    /// Reads a String Catalog's JSON.
    public init(xcstrings data: Data) throws {
        struct File: Decodable {
            struct Entry: Decodable { var localizations: [String: Localization]? }
            struct Localization: Decodable { var stringUnit: StringUnit? }
            struct StringUnit: Decodable { var value: String }
            var strings: [String: Entry]
        }
        let file = try JSONDecoder().decode(File.self, from: data)
        var entries: [String: [Language: String]] = [:]
        for (key, entry) in file.strings {
            for (code, localization) in entry.localizations ?? [:] {
                if let language = Language(rawValue: code), let value = localization.stringUnit?.value {
                    entries[key, default: [:]][language] = value
                }
            }
        }
        self.entries = entries
    }

    /// Every key in the catalogue.
    public var keys: Set<String> { Set(entries.keys) }

    /// The text of `key` in `language`, with `{name}` placeholders filled from `values`; the key
    /// itself when the catalogue lacks it (a test makes sure none is lacking).
    public func text(_ key: String, _ language: Language, _ values: [String: String] = [:]) -> String {
        var text = entries[key]?[language] ?? key
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }

    /// The text of `key` in `language` exactly as stored, or nil.
    public func stored(_ key: String, _ language: Language) -> String? { entries[key]?[language] }

    public func label(_ control: Control, _ language: Language) -> String { text(control.labelKey, language) }
    public func help(_ control: Control, _ language: Language) -> String { text(control.helpKey, language) }
}
