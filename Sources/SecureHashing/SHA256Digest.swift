import Foundation

import CCrypto

#if canImport(CSodium)
    import CSodium
#endif

/// SHA-256 fed in pieces, so a large file is hashed without holding it in memory; through
/// OpenSSL's libcrypto, which uses the CPU's SHA instructions where they exist (several times
/// libsodium's portable code). Serves the portal's token storage (only hashes of bearer tokens
/// are kept, T3) and content-addressed media (T4).
public struct SHA256Digest: ~Copyable {
    private let context: OpaquePointer

    public init() {
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            fatalError("libcrypto cannot start a SHA-256 digest (out of memory)")
        }
        self.context = context
    }

    deinit { EVP_MD_CTX_free(context) }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        EVP_DigestUpdate(context, base, bytes.count)
    }

    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// The 32-byte digest as 64 lowercase hex digits.
    public consuming func finalizeHex() -> String {
        var output = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &output, &length)
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
