/// How long a text may be, counted both ways (UI5 fool protection, T3 sync): in characters as
/// the angler sees them, and in UTF-8 bytes as storage and the network see them. A character
/// takes at most ``bytesPerCharacter`` bytes in ordinary text, so a run of combining marks that
/// makes "one character" of megabytes is refused. Also shortens text quoted back in an error.
public enum TextBounds {
    /// UTF-8 bytes allowed per character of a limit.
    public static let bytesPerCharacter = 4

    /// What is wrong with `text` under a limit of `maximumCharacters` ("is 9000 bytes…"), or nil.
    /// Bytes are counted first, so an oversized text is never walked character by character.
    public static func problem(in text: String, maximumCharacters: Int) -> String? {
        let bytes = text.utf8.count
        let maximumBytes = maximumCharacters * bytesPerCharacter
        guard bytes <= maximumBytes else { return "is \(bytes) bytes of UTF-8; at most \(maximumBytes) are allowed" }
        let characters = text.count
        guard characters <= maximumCharacters else {
            return "is \(characters) characters long; at most \(maximumCharacters) are allowed"
        }
        return nil
    }

    /// `text` made safe to quote in a message: at most `maximumBytes` bytes of it, cut between
    /// Unicode scalars (with "…" when cut), control and format characters written as `\u{…}`.
    public static func quotable(_ text: String, maximumBytes: Int = 80) -> String {
        var out = ""
        var used = 0
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            let piece =
                category == .control || category == .format
                ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            guard used + piece.utf8.count <= maximumBytes else { return out + "…" }
            out += piece
            used += piece.utf8.count
        }
        return out
    }
}
