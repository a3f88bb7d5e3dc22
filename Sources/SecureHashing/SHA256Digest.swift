import Foundation

/// SHA-256 fed in pieces (a ``MessageDigest`` of that algorithm). Serves the portal's token
/// storage (only hashes of bearer tokens are kept, T3) and content-addressed media (T4).
public struct SHA256Digest: ~Copyable {
    private var digest = MessageDigest(.sha256)

    public init() {}

    public mutating func update(_ bytes: UnsafeRawBufferPointer) { digest.update(bytes) }

    public mutating func update(_ data: Data) { digest.update(data) }

    /// The 32-byte digest as 64 lowercase hex digits.
    public consuming func finalizeHex() -> String { MessageDigest.hex(digest.finalize()) }

    /// The hex digest of `data`.
    public static func hex(of data: Data) -> String {
        var digest = SHA256Digest()
        digest.update(data)
        return digest.finalizeHex()
    }

    static func hex(_ bytes: [UInt8]) -> String { MessageDigest.hex(bytes) }
}

/// Unguessable secrets: 32 bytes from the system's cryptographically secure generator
/// (`getrandom` on Linux, `arc4random` on Apple platforms) as 64 hex digits (bearer tokens, T3).
public enum RandomToken {
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return SHA256Digest.hex((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
