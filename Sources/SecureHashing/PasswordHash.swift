import Foundation

#if canImport(CSodium)
    import CSodium
#endif

/// Slow, salted hashing of short secrets (a profile's PIN, later the portal's passwords).
///
/// Argon2id through libsodium, stored in its self-describing `$argon2id$…` string form so the
/// cost parameters travel with the hash. Serves T15 (a profile with a PIN opens only with the
/// right PIN). On Apple platforms the same libsodium build is linked; the facade keeps callers
/// free of any C API.
public enum PasswordHash {
    /// What can go wrong while hashing.
    public enum Failure: Error, CustomStringConvertible {
        case libraryUnavailable
        case hashingFailed

        public var description: String {
            switch self {
            case .libraryUnavailable: "the cryptography library (libsodium) could not be initialised"
            case .hashingFailed: "hashing the secret failed (out of memory?)"
            }
        }
    }

    /// Argon2id cost: libsodium's "interactive" limits, about a tenth of a second and 64 MiB.
    public static func make(_ secret: String) throws -> String {
        try initialise()
        var output = [CChar](repeating: 0, count: Int(crypto_pwhash_argon2id_strbytes()))
        let rc = secret.withCString { chars in
            crypto_pwhash_argon2id_str(
                &output, chars, UInt64(secret.utf8.count),
                UInt64(crypto_pwhash_argon2id_opslimit_interactive()),
                crypto_pwhash_argon2id_memlimit_interactive())
        }
        guard rc == 0 else { throw Failure.hashingFailed }
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// True when `secret` matches `hash` (made by ``make(_:)``). Any malformed hash is a mismatch.
    public static func verify(_ secret: String, against hash: String) -> Bool {
        guard (try? initialise()) != nil, hash.hasPrefix("$argon2id$") else { return false }
        return secret.withCString { chars in
            crypto_pwhash_argon2id_str_verify(hash, chars, UInt64(secret.utf8.count)) == 0
        }
    }

    private static func initialise() throws {
        guard sodium_init() >= 0 else { throw Failure.libraryUnavailable }
    }
}
