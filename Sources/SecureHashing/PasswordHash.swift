import Foundation

/// What can go wrong while hashing a secret.
public enum PasswordHashingFailure: Error, Sendable, CustomStringConvertible {
    case libraryUnavailable
    case hashingFailed
    /// This build has no Argon2id and none was given (an iOS app shell must pass its own).
    case notConfigured

    public var description: String {
        switch self {
        case .libraryUnavailable: "the cryptography library (libsodium) could not be initialised"
        case .hashingFailed: "hashing the secret failed (out of memory?)"
        case .notConfigured: "no password hashing is configured in this build"
        }
    }
}

/// Slow, salted hashing of short secrets (T15: a profile with a PIN opens only with the right
/// PIN; the portal's passwords). Argon2id in the self-describing `$argon2id$…` form, so a hash
/// made on one platform verifies on another.
public protocol PasswordHashing: Sendable {
    func make(_ secret: String) throws(PasswordHashingFailure) -> String
    /// True when `secret` matches `hash`; any malformed hash is a mismatch.
    func verify(_ secret: String, against hash: String) -> Bool
}

/// The platform's Argon2id (``platformDefault``, in PlatformCrypto.swift), for callers that
/// take none of their own.
public enum PasswordHash {
    public static func make(_ secret: String) throws(PasswordHashingFailure) -> String {
        guard let hashing = platformDefault else { throw .notConfigured }
        return try hashing.make(secret)
    }

    public static func verify(_ secret: String, against hash: String) -> Bool {
        platformDefault?.verify(secret, against: hash) ?? false
    }
}
