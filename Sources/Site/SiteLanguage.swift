import Foundation

/// The languages the site speaks (issue 16 §2: English and Russian, like the app): chosen by the
/// `lang` query parameter of the switch, then the language cookie, then `Accept-Language`.
public enum SiteLanguage: String, Sendable, CaseIterable {
    case en, ru

    /// The cookie that remembers a language picked with the switch.
    public static let cookieName = "hs_lang"

    /// The language for a request: an explicit choice (`lang`, then the cookie) when it names a
    /// language the site speaks, otherwise the first of `Accept-Language`'s ranges (by quality)
    /// that does, otherwise English.
    public static func negotiate(choice: String?, cookie: String?, acceptLanguage: String?) -> SiteLanguage {
        for explicit in [choice, cookie] {
            if let explicit, let language = SiteLanguage(rawValue: explicit.lowercased()) { return language }
        }
        let ranges = (acceptLanguage ?? "").split(separator: ",").prefix(32).enumerated().compactMap {
            index, item -> (tag: String, quality: Double, index: Int)? in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, !tag.isEmpty else { return nil }
            var quality = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            return (tag.lowercased(), quality, index)
        }
        let ordered = ranges.filter { $0.quality > 0 }.sorted {
            $0.quality != $1.quality ? $0.quality > $1.quality : $0.index < $1.index
        }
        for range in ordered {
            let primary = range.tag.split(separator: "-").first.map(String.init) ?? range.tag
            if let language = SiteLanguage(rawValue: primary) { return language }
        }
        return .en
    }
}

/// One text of the site in each of its languages; `phrase(language)` picks one.
public struct Phrase: Sendable {
    public let en: String
    public let ru: String

    public init(_ en: String, _ ru: String) {
        self.en = en
        self.ru = ru
    }

    public func callAsFunction(_ language: SiteLanguage) -> String {
        switch language {
        case .en: en
        case .ru: ru
        }
    }
}
