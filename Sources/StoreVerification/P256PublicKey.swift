import CCrypto
import Foundation

/// An elliptic-curve P-256 public key checking ECDSA-with-SHA-256 signatures: an App Store
/// leaf certificate's (ES256) and an App Attest device key's (T13, issue 17).
public final class P256PublicKey: @unchecked Sendable {
    private let key: OpaquePointer

    /// Takes `key` when it is a P-256 key, else frees it and fails.
    init?(owning key: OpaquePointer) {
        var curve = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC,
            EVP_PKEY_get_group_name(key, &curve, curve.count, &length) == 1,
            String(decoding: curve.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) == "prime256v1"
        else {
            EVP_PKEY_free(key)
            return nil
        }
        self.key = key
    }

    /// Reads a DER SubjectPublicKeyInfo (as ``subjectPublicKeyInfo`` writes it).
    public convenience init?(subjectPublicKeyInfo: Data) {
        let bytes = Array(subjectPublicKeyInfo)
        let parsed = bytes.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress
            return d2i_PUBKEY(nil, &cursor, buffer.count)
        }
        guard let parsed else { return nil }
        self.init(owning: parsed)
    }

    deinit { EVP_PKEY_free(key) }

    /// The key as DER SubjectPublicKeyInfo, for storing.
    public var subjectPublicKeyInfo: Data {
        var output: UnsafeMutablePointer<UInt8>?
        let length = i2d_PUBKEY(key, &output)
        guard length > 0, let output else { return Data() }
        defer { CRYPTO_free(output, #fileID, #line) }
        return Data(bytes: output, count: Int(length))
    }

    /// Whether `signature` (DER `ECDSA-Sig-Value`) signs `message` with SHA-256.
    public func isValid(derSignature signature: Data, for message: Data) -> Bool {
        guard let context = EVP_MD_CTX_new() else { return false }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestVerifyInit(context, nil, EVP_sha256(), nil, key) == 1 else { return false }
        let (signatureBytes, messageBytes) = (Array(signature), Array(message))
        let verdict = EVP_DigestVerify(context, signatureBytes, signatureBytes.count, messageBytes, messageBytes.count)
        ERR_clear_error()
        return verdict == 1
    }

    /// Whether `signature` (JWS form: r and s, 32 bytes each) signs `message` with SHA-256.
    public func isValid(rawSignature signature: Data, for message: Data) -> Bool {
        guard signature.count == 64, let der = Self.der(raw: Array(signature)) else { return false }
        return isValid(derSignature: der, for: message)
    }

    /// r ‖ s as the DER `ECDSA-Sig-Value` libcrypto checks.
    private static func der(raw: [UInt8]) -> Data? {
        guard let signature = ECDSA_SIG_new() else { return nil }
        defer { ECDSA_SIG_free(signature) }
        guard let r = BN_bin2bn(raw, 32, nil) else { return nil }
        guard let s = raw.withUnsafeBufferPointer({ BN_bin2bn($0.baseAddress! + 32, 32, nil) }) else {
            BN_free(r)
            return nil
        }
        guard ECDSA_SIG_set0(signature, r, s) == 1 else {
            BN_free(r)
            BN_free(s)
            return nil
        }
        var output: UnsafeMutablePointer<UInt8>?
        let length = i2d_ECDSA_SIG(signature, &output)
        guard length > 0, let output else { return nil }
        defer { CRYPTO_free(output, #fileID, #line) }
        return Data(bytes: output, count: Int(length))
    }
}
