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
        let special: (UInt8) -> Bool = { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }
        guard text.utf8.contains(where: special) else { return text }
        var escaped = [UInt8]()
        escaped.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case 0x26: escaped.append(contentsOf: "&amp;".utf8)
            case 0x3C: escaped.append(contentsOf: "&lt;".utf8)
            case 0x3E: escaped.append(contentsOf: "&gt;".utf8)
            case 0x22: escaped.append(contentsOf: "&quot;".utf8)
            case 0x27: escaped.append(contentsOf: "&#39;".utf8)
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// `fragments` joined by `separator`.
    public static func joined(_ fragments: [HTML], separator: HTML = .empty) -> HTML {
        HTML(markup: fragments.map(\.description).joined(separator: separator.description))
    }
}
