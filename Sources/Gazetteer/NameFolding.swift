import Foundation

/// Folds a place name for search: lower case, a few letters without a decomposition mapped
/// (ø → o, ł → l, ß → ss, …), compatibility decomposition, combining marks dropped. The same rule
/// as `fold` in tools/make_gazetteer.py, which sorted the index with it.
enum NameFolding {
    static let special: [Character: String] = [
        "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "ħ": "h",
    ]

    static func fold(_ text: String) -> String {
        let mapped = text.lowercased().map { special[$0] ?? String($0) }.joined()
        let decomposed = mapped.decomposedStringWithCompatibilityMapping.unicodeScalars.filter {
            $0.properties.canonicalCombiningClass == .notReordered
        }
        return String(String.UnicodeScalarView(decomposed))
    }
}
