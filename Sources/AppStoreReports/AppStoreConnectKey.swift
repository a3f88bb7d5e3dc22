import CCrypto
import Foundation
import SecureHashing

/// Why an App Store Connect API key could not be used.
public enum AppStoreConnectKeyError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadableKey(String)
    case signingFailed

    public var description: String {
        switch self {
        case .unreadableKey(let reason):
            "the API key cannot be used: \(reason) (expected the .p8 file App Store Connect gave, a P-256 private key)"
        case .signingFailed: "the API key could not sign the request"
        }
    }
}

/// An App Store Connect API key (T12: fetching the sales reports that count the app's downloads):
/// the issuer and key ids App Store Connect shows beside the key, and the private key from its
/// `.p8` file. It makes the short-lived ES256 JSON Web Tokens each API request carries.
public struct AppStoreConnectKey: Sendable {
    public let issuerId: String
    public let keyId: String
    private let privateKeyPEM: String

    /// Checks that `privateKeyPEM` is a P-256 private key before anything is fetched.
    public init(issuerId: String, keyId: String, privateKeyPEM: String) throws(AppStoreConnectKeyError) {
        self.issuerId = issuerId
        self.keyId = keyId
        self.privateKeyPEM = privateKeyPEM
        _ = try PrivateKey(pem: privateKeyPEM)
    }

    /// A token valid for `lifetime` seconds from `now`: 15 minutes, within the 20 App Store
    /// Connect accepts even from a host whose clock runs a little fast.
    public func token(now: Date, lifetime: TimeInterval = 900) throws(AppStoreConnectKeyError) -> String {
        let issued = Int(now.timeIntervalSince1970)
        let header = #"{"alg":"ES256","kid":"\#(Self.escaped(keyId))","typ":"JWT"}"#
        let payload =
            #"{"iss":"\#(Self.escaped(issuerId))","iat":\#(issued),"exp":\#(issued + Int(lifetime)),"aud":"appstoreconnect-v1"}"#
        let signingInput = Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(Data(payload.utf8))
        let signature = try PrivateKey(pem: privateKeyPEM).sign(Data(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// Text for a JSON string: ids are plain ASCII, but nothing may break out of the quotes.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}

/// A P-256 private key held by libcrypto for the length of one signing.
private final class PrivateKey {
    let key: OpaquePointer

    init(pem: String) throws(AppStoreConnectKeyError) {
        // The memory BIO reads the bytes in place, so the key is parsed while they are pinned; a
        // pass-phrase callback that refuses keeps OpenSSL from prompting on a terminal.
        let parsed = Array(pem.utf8).withUnsafeBytes { bytes -> OpaquePointer? in
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            defer { BIO_free(bio) }
            return PEM_read_bio_PrivateKey(bio, nil, { _, _, _, _ in -1 }, nil)
        }
        guard let key = parsed else { throw .unreadableKey("it is not an unencrypted PEM private key") }
        var curve = [CChar](repeating: 0, count: 64)
        var curveLength = 0
        guard EVP_PKEY_get_base_id(key) == EVP_PKEY_EC,
            EVP_PKEY_get_group_name(key, &curve, curve.count, &curveLength) == 1,
            String(decoding: curve.prefix(curveLength).map { UInt8(bitPattern: $0) }, as: UTF8.self) == "prime256v1"
        else {
            EVP_PKEY_free(key)
            throw .unreadableKey("it is not an elliptic-curve P-256 key")
        }
        self.key = key
    }

    deinit { EVP_PKEY_free(key) }

    /// The ES256 signature of `message`: r and s, 32 bytes each (not DER).
    func sign(_ message: Data) throws(AppStoreConnectKeyError) -> Data {
        guard let context = EVP_MD_CTX_new() else { throw .signingFailed }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else { throw .signingFailed }
        var length = 0
        let input = Array(message)
        guard EVP_DigestSign(context, nil, &length, input, input.count) == 1 else { throw .signingFailed }
        var der = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(context, &der, &length, input, input.count) == 1 else { throw .signingFailed }
        let parsed = der.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            var cursor = buffer.baseAddress
            return d2i_ECDSA_SIG(nil, &cursor, length)
        }
        guard let signature = parsed else { throw .signingFailed }
        defer { ECDSA_SIG_free(signature) }
        var raw = [UInt8](repeating: 0, count: 64)
        guard let r = ECDSA_SIG_get0_r(signature), let s = ECDSA_SIG_get0_s(signature),
            BN_bn2binpad(r, &raw, 32) == 32,
            raw.withUnsafeMutableBufferPointer({ BN_bn2binpad(s, $0.baseAddress! + 32, 32) }) == 32
        else { throw .signingFailed }
        return Data(raw)
    }
}
