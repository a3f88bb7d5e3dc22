import Foundation

/// Takes out of log text whatever could name an angler or their places before it leaves the
/// device (T6, issue 18 "private by design"): e-mail addresses, ids, links, paths and file names,
/// quoted text (names, notes, titles), long tokens, numbers of four digits or more (PINs, years,
/// counts that identify) — and rounds decimals to one place, so a coordinate keeps only 0.1°.
///
/// Metadata passes only under the keys in ``allowedKeys``, whose values are scrubbed as well;
/// everything else (notes, titles, emails, tokens, PINs, file names) is dropped by default.
public enum PrivacyScrubber {
    /// Metadata keys whose (scrubbed) values help debugging and hold nothing personal.
    public static let allowedKeys: Set<String> = [
        "command", "screen", "errorType", "status", "code", "method", "kind", "level", "attempt", "versions",
        "backend", "provider",
    ]

    /// `text` with everything personal replaced by a marker such as `‹email›`.
    public static func scrub(_ text: String) -> String {
        var result = String(text.prefix(DiagnosticsLimits.textCharacters))
        for (pattern, marker) in identifying { result = result.replacing(pattern, with: marker) }
        result = result.replacing(decimal) { match in
            Double(match.output).map { String(format: "%.1f", $0) } ?? "‹number›"
        }
        for (pattern, marker) in revealing { result = result.replacing(pattern, with: marker) }
        return result
    }

    /// A log record as a report's breadcrumb: the message of a captured error becomes its type
    /// (messages carry what the angler typed), other messages are scrubbed, metadata filtered.
    public static func breadcrumb(_ record: LogRecord) -> Breadcrumb {
        let message = record.metadata["errorType"].map { "captured \($0)" } ?? record.message
        var metadata: [String: String] = [:]
        for (key, value) in record.metadata where allowedKeys.contains(key) { metadata[key] = scrub(value) }
        return Breadcrumb(
            time: record.time, level: record.level, category: name(record.category), message: scrub(message),
            metadata: metadata)
    }

    /// A name (a command, a screen, a device model, a frame) kept only when it looks like one
    /// (ASCII letters, digits, spaces and `.-_+,:()`; at most 60 bytes), else `‹other›`: a mistyped
    /// command line can hold anything.
    public static func name(_ text: String) -> String {
        let allowed =
            text.utf8.count <= 60
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (CharacterSet.alphanumerics.contains(scalar) || " .-_+,:()".unicodeScalars.contains(scalar))
            }
        return allowed ? text : "‹other›"
    }

    /// Whole things first (an address holds dots and digits the later patterns would split).
    nonisolated(unsafe) private static let identifying = patterns([
        (#"[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+"#, "‹email›"),
        (#"[A-Za-z][A-Za-z0-9+.\-]*://\S+"#, "‹url›"),
        (#"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"#, "‹id›"),
    ])

    /// After decimals are rounded: quoted text, paths, file names, tokens, long numbers.
    nonisolated(unsafe) private static let revealing = patterns([
        (#"“[^”]*”|«[^»]*»|‘[^’]*’|"[^"]*""#, "‹text›"),
        (#"\B'[^']*'"#, "‹text›"),  // a simple boundary: not after a letter (Tayna's)
        (#"\S*[/\\]\S*"#, "‹path›"),
        (#"[^\s.]+\.[A-Za-z][A-Za-z0-9]{0,4}\b"#, "‹file›"),
        (#"[A-Za-z0-9+/=_.\-]{20,}"#, "‹token›"),
        (#"\b\d{4,}\b"#, "‹number›"),
    ])

    private static func patterns(_ list: [(String, String)]) -> [(Regex<AnyRegexOutput>, String)] {
        list.map { (try! Regex($0.0).wordBoundaryKind(.simple), $0.1) }
    }

    nonisolated(unsafe) private static let decimal = try! Regex(#"-?\d+\.\d{2,}"#, as: Substring.self)
}

extension String {
    /// The longest prefix of whole characters that fits in `bytes` UTF-8 bytes.
    public func prefix(bytes: Int) -> String {
        guard utf8.count > bytes else { return self }
        var end = startIndex
        var used = 0
        for character in self {
            let size = character.utf8.count
            guard used + size <= bytes else { break }
            used += size
            end = index(after: end)
        }
        return String(self[..<end])
    }
}
