import Foundation

/// The hash functions the project uses, by the names HTTP headers give them (`sha1`, `sha256`).
/// SHA-1 is here only because the tus 1.0 checksum extension requires servers to accept it (T4
/// uploads from third-party tus clients); nothing is stored or addressed by SHA-1.
public enum DigestAlgorithm: String, Sendable, CaseIterable {
    case sha1, sha256

    /// The digest's size in bytes.
    public var byteCount: Int {
        switch self {
        case .sha1: 20
        case .sha256: 32
        }
    }
}

/// A digest fed in pieces, so a large file is hashed without holding it in memory; through the
/// platform's library (``DigestEngine``: CryptoKit on Apple platforms, OpenSSL's libcrypto
/// elsewhere). ``SHA256Digest`` is the SHA-256 one the portal and the media store
/// use (T3, T4).
public struct MessageDigest: ~Copyable {
    public let algorithm: DigestAlgorithm
    private var engine: DigestEngine

    public init(_ algorithm: DigestAlgorithm) {
        self.algorithm = algorithm
        engine = DigestEngine(algorithm)
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) { engine.update(bytes) }

    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// The digest's bytes.
    public consuming func finalize() -> [UInt8] { engine.finalize() }

    /// The digest of `data` in one call.
    public static func digest(of data: Data, _ algorithm: DigestAlgorithm) -> [UInt8] {
        var digest = MessageDigest(algorithm)
        digest.update(data)
        return digest.finalize()
    }

    /// `bytes` as lowercase hex digits.
    public static func hex(_ bytes: [UInt8]) -> String {
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
