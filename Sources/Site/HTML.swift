/// A fragment of HTML whose every piece of text from outside the code is escaped by construction
/// (issue 16 §3): string literals written in this module are markup, while anything interpolated
/// into them — a trip's title, an angler's notes, an email — is escaped unless it is itself
/// `HTML`. There is no public way to turn a `String` into markup, so a catch whose notes are
/// `<script>alert(1)</script>` can only ever be shown as text.
public struct HTML: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// The markup.
    public private(set) var description: String

    init(markup: String) { description = markup }

    public init(stringLiteral literal: String) { description = literal }

    public init(stringInterpolation: Interpolation) { description = stringInterpolation.markup }

    /// The empty fragment.
    public static let empty = HTML(markup: "")

    /// Builds markup: literal segments are taken as written, interpolated values are escaped.
    public struct Interpolation: StringInterpolationProtocol {
        var markup = ""

        public init(literalCapacity: Int, interpolationCount: Int) { markup.reserveCapacity(literalCapacity * 2) }

        public mutating func appendLiteral(_ literal: String) { markup += literal }

        /// Text: escaped.
        public mutating func appendInterpolation(_ text: String) { markup += HTML.escape(text) }

        /// A number or other value: its description, escaped.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            markup += HTML.escape(value.description)
        }

        /// Markup built elsewhere from the same rules: as is.
        public mutating func appendInterpolation(_ fragment: HTML) { markup += fragment.description }

        /// Fragments one after another.
        public mutating func appendInterpolation(_ fragments: [HTML]) {
            for fragment in fragments { markup += fragment.description }
        }

        /// Optional text or markup: nothing when nil.
        public mutating func appendInterpolation(_ fragment: HTML?) { markup += fragment?.description ?? "" }
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities: safe in element content and
    /// in quoted attribute values.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    /// `fragments` joined by `separator`.
    public static func joined(_ fragments: [HTML], separator: HTML = .empty) -> HTML {
        HTML(markup: fragments.map(\.description).joined(separator: separator.description))
    }
}
