/// What makes two captured errors "the same problem" (T6, issue 18): the error's type, its case
/// (the code), where it was captured in the source and the command or screen at work — never the
/// message, which carries ids, names and numbers that differ from run to run. Its
/// ``fingerprint`` is the key reports are deduplicated by on the device and grouped by on the
/// portal, stable across runs, messages and app versions (no line numbers).
public struct ErrorIdentity: Codable, Sendable, Hashable {
    /// The module-qualified type, `MediaLibrary.MediaStoreError`.
    public var type: String
    /// The enum case (`contentDamaged`), a `code` the error carries, or `-`.
    public var code: String
    /// The capturing file and function, `HobbyStoryCLI/CLI.swift report(_:command:)`.
    public var site: String
    /// The command (`media export`) or screen (`catchEditor`) at work; empty when unknown.
    public var operation: String

    public init(type: String, code: String, site: String, operation: String) {
        self.type = type
        self.code = code
        self.site = site
        self.operation = operation
    }

    /// The identity of `error` captured at `site` during `operation`.
    public init(of error: any Error, site: String, operation: String) {
        self.init(
            type: String(reflecting: Swift.type(of: error)), code: Self.code(of: error), site: site,
            operation: PrivacyScrubber.name(operation))
    }

    /// Sixteen hex digits of FNV-1a (64 bit) over the four parts: a grouping key, not a secret.
    public var fingerprint: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in [type, code, site, operation].joined(separator: "\u{1F}").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// A short heading for lists: the type without its module, and the code.
    public var title: String {
        let shortType = type.split(separator: ".").last.map(String.init) ?? type
        return code == "-" ? shortType : "\(shortType).\(code)"
    }

    /// The case of an enum (its name when it has a payload, else its ordinal), a `code` field,
    /// or `-`.
    static func code(of error: any Error) -> String {
        let mirror = Mirror(reflecting: error)
        if mirror.displayStyle == .enum {
            return mirror.children.first?.label ?? "case\(error._code)"
        }
        if let code = mirror.children.first(where: { $0.label == "code" })?.value {
            return PrivacyScrubber.name(String(describing: code))
        }
        return "-"
    }
}

/// A fingerprint's text form as the portal accepts it: 16 to 64 lowercase hex digits.
public enum Fingerprint {
    public static func isValid(_ text: String) -> Bool {
        (16...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}
