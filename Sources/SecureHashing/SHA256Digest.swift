import Foundation

#if canImport(CSodium)
    import CSodium
#endif

/// SHA-256 through libsodium, fed in pieces so a large file is hashed without holding it in
/// memory. Serves the portal's token storage (only hashes of bearer tokens are kept, T3) and
/// content-addressed media (T4).
public struct SHA256Digest: ~Copyable {
    private var state = crypto_hash_sha256_state()

    public init() {
        _ = sodium_init()
        crypto_hash_sha256_init(&state)
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        crypto_hash_sha256_update(&state, base.assumingMemoryBound(to: UInt8.self), UInt64(bytes.count))
    }

    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// The 32-byte digest as 64 lowercase hex digits.
    public consuming func finalizeHex() -> String {
        var output = [UInt8](repeating: 0, count: 32)
        crypto_hash_sha256_final(&state, &output)
        return Self.hex(output)
    }

    /// The hex digest of `data`.
    public static func hex(of data: Data) -> String {
        var digest = SHA256Digest()
        digest.update(data)
        return digest.finalizeHex()
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

/// Unguessable secrets: 32 bytes from libsodium's CSPRNG as 64 hex digits (bearer tokens, T3).
public enum RandomToken {
    public static func make() -> String {
        _ = sodium_init()
        var bytes = [UInt8](repeating: 0, count: 32)
        randombytes_buf(&bytes, bytes.count)
        return SHA256Digest.hex(bytes)
    }
}
