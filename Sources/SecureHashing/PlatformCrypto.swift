// The one file of this module that differs by platform (issue 13 §1): every C library and every
// `#if` lives here, so the rest of the module reads the same everywhere.
//
// - Hash functions (SHA-256, SHA-1): CryptoKit on Apple platforms, OpenSSL's libcrypto elsewhere
//   (it uses the CPU's SHA instructions where they exist).
// - Argon2id is Swift on every platform (Argon2id.swift), so it is not here.
// - Ed25519 (entitlement tokens, T13): libsodium where the package links it, CryptoKit on iOS.

import Foundation

#if canImport(CryptoKit)
    import CryptoKit
#else
    import CCrypto
#endif

#if canImport(CSodium)
    import CSodium
#endif

/// The running state of one digest, by the platform's library.
struct DigestEngine: ~Copyable {
    #if canImport(CryptoKit)
        private enum State {
            case sha1(Insecure.SHA1)
            case sha256(SHA256)
        }
        private var state: State

        init(_ algorithm: DigestAlgorithm) {
            switch algorithm {
            case .sha1: state = .sha1(Insecure.SHA1())
            case .sha256: state = .sha256(SHA256())
            }
        }

        mutating func update(_ bytes: UnsafeRawBufferPointer) {
            switch state {
            case .sha1(var hash):
                hash.update(bufferPointer: bytes)
                state = .sha1(hash)
            case .sha256(var hash):
                hash.update(bufferPointer: bytes)
                state = .sha256(hash)
            }
        }

        consuming func finalize() -> [UInt8] {
            switch state {
            case .sha1(let hash): Array(hash.finalize())
            case .sha256(let hash): Array(hash.finalize())
            }
        }
    #else
        private let context: OpaquePointer

        init(_ algorithm: DigestAlgorithm) {
            let function =
                switch algorithm {
                case .sha1: EVP_sha1()
                case .sha256: EVP_sha256()
                }
            guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, function, nil) == 1 else {
                fatalError("libcrypto cannot start a \(algorithm.rawValue) digest (out of memory)")
            }
            self.context = context
        }

        deinit { EVP_MD_CTX_free(context) }

        mutating func update(_ bytes: UnsafeRawBufferPointer) {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            EVP_DigestUpdate(context, base, bytes.count)
        }

        consuming func finalize() -> [UInt8] {
            var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
            var length: UInt32 = 0
            EVP_DigestFinal_ex(context, &output, &length)
            return Array(output.prefix(Int(length)))
        }
    #endif
}

/// Ed25519 signatures (RFC 8032): the portal signs entitlement tokens with its private key and the
/// app checks them with the public key it ships with (T13, issue 17). libsodium where the package
/// links it (deterministic signatures); CryptoKit on iOS, which only needs to check.
public enum Ed25519 {
    public static let seedBytes = 32
    public static let publicKeyBytes = 32
    public static let signatureBytes = 64

    #if canImport(CSodium)
        /// The public key of the private key made from `seed` (32 bytes).
        public static func publicKey(seed: Data) -> Data? {
            guard sodium_init() >= 0, seed.count == seedBytes else { return nil }
            var publicKey = [UInt8](repeating: 0, count: publicKeyBytes)
            var secretKey = [UInt8](repeating: 0, count: Int(crypto_sign_secretkeybytes()))
            defer { sodium_memzero(&secretKey, secretKey.count) }
            guard crypto_sign_seed_keypair(&publicKey, &secretKey, Array(seed)) == 0 else { return nil }
            return Data(publicKey)
        }

        /// The signature of `message` by the private key made from `seed`.
        public static func sign(_ message: Data, seed: Data) -> Data? {
            guard sodium_init() >= 0, seed.count == seedBytes else { return nil }
            var publicKey = [UInt8](repeating: 0, count: publicKeyBytes)
            var secretKey = [UInt8](repeating: 0, count: Int(crypto_sign_secretkeybytes()))
            defer { sodium_memzero(&secretKey, secretKey.count) }
            guard crypto_sign_seed_keypair(&publicKey, &secretKey, Array(seed)) == 0 else { return nil }
            var signature = [UInt8](repeating: 0, count: signatureBytes)
            let bytes = Array(message)
            guard crypto_sign_detached(&signature, nil, bytes, UInt64(bytes.count), secretKey) == 0 else { return nil }
            return Data(signature)
        }

        /// Whether `signature` signs `message` under `publicKey`.
        public static func isValid(signature: Data, of message: Data, publicKey: Data) -> Bool {
            guard sodium_init() >= 0, signature.count == signatureBytes, publicKey.count == publicKeyBytes else {
                return false
            }
            let bytes = Array(message)
            return crypto_sign_verify_detached(Array(signature), bytes, UInt64(bytes.count), Array(publicKey)) == 0
        }
    #else
        public static func publicKey(seed: Data) -> Data? {
            (try? Curve25519.Signing.PrivateKey(rawRepresentation: seed)).map { $0.publicKey.rawRepresentation }
        }

        public static func sign(_ message: Data, seed: Data) -> Data? {
            try? Curve25519.Signing.PrivateKey(rawRepresentation: seed).signature(for: message)
        }

        public static func isValid(signature: Data, of message: Data, publicKey: Data) -> Bool {
            guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey) else { return false }
            return key.isValidSignature(signature, for: message)
        }
    #endif

    /// A new random seed for a private key.
    public static func newSeed() -> Data {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<seedBytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
