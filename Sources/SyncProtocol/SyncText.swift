import FishingModel

/// The rules for text that travels in a sync (T3), the same on the device and the portal: a
/// text field is bounded in UTF-8 bytes as well as characters (``TextBounds``) and holds no NUL,
/// which PostgreSQL's text cannot store.
public enum SyncText {
    /// Why `text` cannot travel as a record's text field ("is 90000 bytes…"), or nil when it can.
    public static func problem(in text: String) -> String? {
        if let problem = TextBounds.problem(in: text, maximumCharacters: SyncLimits.textFieldLength) {
            return problem
        }
        return text.utf8.contains(0) ? "contains a NUL character (U+0000), which is not allowed" : nil
    }
}
