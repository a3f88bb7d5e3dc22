/// What a paid source's key looks like (T7), so a mistyped key, a key pasted with a stray
/// character or the wrong kind of key is caught before it is stored or sent anywhere.
public struct KeyRule: Sendable, Equatable {
    /// Every usable key starts with it (Mapbox's public tokens: `pk.`), if any.
    public let prefix: String?
    /// Keys that must never be put in an app or a web page (Mapbox's secret tokens: `sk.`).
    public let secretPrefixes: [String]
    /// The provider's page where a key is made.
    public let accountURL: String

    /// Longer than any provider's key: a longer paste is something else.
    public static let maxBytes = 512

    public init(prefix: String? = nil, secretPrefixes: [String] = [], accountURL: String) {
        self.prefix = prefix
        self.secretPrefixes = secretPrefixes
        self.accountURL = accountURL
    }

    /// The key as it will be stored: surrounding spaces and line breaks (a paste's) removed,
    /// then checked: ASCII letters, digits, `.`, `_` and `-` only, at most ``maxBytes``, the
    /// provider's prefix, never a secret key.
    public func checked(_ text: String) throws(KeyProblem) -> String {
        let key = text.trimmingWhitespace
        guard !key.isEmpty else { throw .empty }
        guard key.utf8.count <= Self.maxBytes else { throw .tooLong(bytes: key.utf8.count, limit: Self.maxBytes) }
        for (offset, scalar) in key.unicodeScalars.enumerated() where !Self.allowed(scalar) {
            throw .character(String(scalar), position: offset + 1)
        }
        if let secret = secretPrefixes.first(where: key.hasPrefix) { throw .secret(prefix: secret) }
        if let prefix, !key.hasPrefix(prefix) { throw .prefix(expected: prefix) }
        return key
    }

    private static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": true
        default: false
        }
    }
}

/// Why a key was not accepted (``KeyRule/checked(_:)``); each front end says it in the angler's
/// language with what is allowed.
public enum KeyProblem: Error, Sendable, Equatable {
    case empty
    case tooLong(bytes: Int, limit: Int)
    /// A character keys never hold, and its place (1 is the first).
    case character(String, position: Int)
    /// A secret key, which must stay on the provider's servers.
    case secret(prefix: String)
    /// The provider's keys start with `expected`.
    case prefix(expected: String)
}

extension String {
    fileprivate var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
