import Foundation

/// The app's strings, in English and Russian (UI6 help texts, labels, messages), read from the
/// String Catalog `Localizable.xcstrings` — the file Xcode edits — so the app and the tests on
/// Linux read the same text. Each `{name}` in a text is filled by ``text(_:_:_:)``; a count's
/// string has its plural forms (Russian one/few/many), chosen by ``text(_:_:count:_:)`` (issue 30 §4).
public struct Catalog: Sendable {
    private let entries: [String: [Language: String]]
    private let plurals: [String: [Language: [PluralCategory: String]]]

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
            struct Localization: Decodable {
                var stringUnit: StringUnit?
                var variations: Variations?
            }
            struct Variations: Decodable { var plural: [String: Variant]? }
            struct Variant: Decodable { var stringUnit: StringUnit }
            struct StringUnit: Decodable { var value: String }
            var strings: [String: Entry]
        }
        let file = try JSONDecoder().decode(File.self, from: data)
        var entries: [String: [Language: String]] = [:]
        var plurals: [String: [Language: [PluralCategory: String]]] = [:]
        for (key, entry) in file.strings {
            for (code, localization) in entry.localizations ?? [:] {
                guard let language = Language(rawValue: code) else { continue }
                if let value = localization.stringUnit?.value { entries[key, default: [:]][language] = value }
                for (name, variant) in localization.variations?.plural ?? [:] {
                    if let category = PluralCategory(rawValue: name) {
                        plurals[key, default: [:]][language, default: [:]][category] = variant.stringUnit.value
                    }
                }
            }
        }
        self.entries = entries
        self.plurals = plurals
    }

    /// Every key in the catalogue.
    public var keys: Set<String> { Set(entries.keys).union(plurals.keys) }

    /// A count's string in the plural form `count` takes in `language` ("1 catch", "2 catches";
    /// "1 улов", "3 улова", "5 уловов"), `{count}` filled with the number.
    public func text(_ key: String, _ language: Language, count: Int, _ values: [String: String] = [:]) -> String {
        let forms = plurals[key]?[language]
        var text = forms?[PluralCategory.of(count, in: language)] ?? forms?[.other] ?? key
        for (name, value) in values.merging(["count": String(count)], uniquingKeysWith: { a, _ in a }) {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }

    /// The plural forms of `key` in `language`, for the tests that check every form is there.
    public func pluralForms(_ key: String, _ language: Language) -> [PluralCategory: String] {
        plurals[key]?[language] ?? [:]
    }

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

/// CLDR's plural categories for whole numbers in the app's languages: English says "1 catch, 2
/// catches"; Russian "1 улов, 3 улова, 5 уловов, 21 улов, 11 уловов".
public enum PluralCategory: String, Sendable, CaseIterable {
    case one, few, many, other

    /// The category `count` takes in `language` (CLDR's integer rules).
    public static func of(_ count: Int, in language: Language) -> PluralCategory {
        let n = count.magnitude
        switch language {
        case .english: return n == 1 ? .one : .other
        case .russian:
            let (units, tens) = (n % 10, n % 100)
            if units == 1 && tens != 11 { return .one }
            if (2...4).contains(units) && !(12...14).contains(tens) { return .few }
            return .many
        }
    }

    /// The categories a language's strings must have.
    public static func needed(in language: Language) -> [PluralCategory] {
        language == .russian ? [.one, .few, .many, .other] : [.one, .other]
    }
}
