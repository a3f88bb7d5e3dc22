import Foundation
import SecureHashing

/// A device key Apple attested to be in the Secure Enclave of a genuine device running this app
/// (T13, issue 17): what the portal stores after ``AppAttestVerifier/attestation(_:keyId:challenge:now:)``.
public struct AttestedKey: Sendable, Equatable {
    /// SHA-256 of the public key's uncompressed point, as `DCAppAttestService` names the key.
    public let keyId: Data
    /// The key as DER SubjectPublicKeyInfo.
    public let publicKey: Data
    /// "production" or "development", from the authenticator data's AAGUID.
    public let environment: String
    /// Apple's receipt, for a later fraud-risk check with Apple.
    public let receipt: Data
}

/// Checks App Attest objects the way Apple's "Validating apps that connect to your server"
/// lists the steps (T13, issue 17): attestations of a new key, then assertions of requests.
public struct AppAttestVerifier: Sendable {
    /// Apple's extension in the credential certificate holding the nonce.
    public static let nonceExtension = "1.2.840.113635.100.8.2"
    public static let maximumBytes = 16 * 1024
    static let productionAAGUID = Data("appattest".utf8) + Data(count: 7)
    static let developmentAAGUID = Data("appattestdevelop".utf8)

    /// Apple App Attestation Root CA (a test root in tests).
    public let chain: CertificateChain
    /// The team id and bundle id, "TEAMID.com.example.app": the relying party.
    public let appId: String
    /// Whether keys of development builds (the `appattestdevelop` AAGUID) are taken.
    public let allowsDevelopment: Bool

    public init(chain: CertificateChain, teamId: String, bundleId: String, allowsDevelopment: Bool) {
        self.chain = chain
        appId = "\(teamId).\(bundleId)"
        self.allowsDevelopment = allowsDevelopment
    }

    /// Verifies the attestation object `object` of `keyId` made for `challenge` (one the portal
    /// handed out): chain, nonce, key id, relying party, counter 0 and AAGUID.
    public func attestation(_ object: Data, keyId: Data, challenge: Data, now: Date) throws(StoreVerificationError)
        -> AttestedKey
    {
        guard object.count <= Self.maximumBytes, let decoded = CBOR.decode(object),
            decoded["fmt"]?.text == "apple-appattest", let authData = decoded["authData"]?.bytes,
            let x5c = decoded["attStmt"]?["x5c"]?.array, x5c.count == 2,
            let certificates = Optional(x5c.compactMap { $0.bytes.flatMap(Certificate.init(der:)) }),
            certificates.count == 2, authData.count >= 55
        else {
            throw StoreVerificationError(
                .malformed, "it is not an App Attest attestation object (CBOR fmt, attStmt.x5c of two, authData)")
        }
        try chain.verify(leaf: certificates[0], intermediates: [certificates[1]], at: now)
        let clientDataHash = Data(MessageDigest.digest(of: challenge, .sha256))
        let nonce = Data(MessageDigest.digest(of: authData + clientDataHash, .sha256))
        guard let extensionValue = certificates[0].extensionValue(Self.nonceExtension),
            Self.nonce(inExtension: extensionValue) == nonce
        else {
            throw StoreVerificationError(
                .wrongNonce, "the certificate's nonce is not SHA-256(authenticator data ‖ SHA-256(challenge))")
        }
        guard let key = certificates[0].p256PublicKey else {
            throw StoreVerificationError(.malformed, "the credential certificate's key is not a P-256 key")
        }
        let publicKey = key.subjectPublicKeyInfo
        // A P-256 SubjectPublicKeyInfo is a fixed 26-byte prefix and the 65-byte uncompressed point.
        guard publicKey.count == 91, Data(MessageDigest.digest(of: publicKey.suffix(65), .sha256)) == keyId else {
            throw StoreVerificationError(.wrongKeyId, "the key id is not SHA-256 of the attested public key")
        }
        let bytes = [UInt8](authData)
        try checkRelyingParty(bytes)
        guard Self.counter(bytes) == 0 else {
            throw StoreVerificationError(.wrongCounter, "a new key's counter must be 0; it is \(Self.counter(bytes))")
        }
        let aaguid = Data(bytes[37..<53])
        let environment: String
        switch aaguid {
        case Self.productionAAGUID: environment = "production"
        case Self.developmentAAGUID where allowsDevelopment: environment = "development"
        case Self.developmentAAGUID:
            throw StoreVerificationError(.wrongAAGUID, "a development build's key is not taken by this portal")
        default:
            throw StoreVerificationError(.wrongAAGUID, "the AAGUID is neither App Attest's production nor development")
        }
        let idLength = Int(bytes[53]) << 8 | Int(bytes[54])
        guard bytes.count >= 55 + idLength, Data(bytes[55..<55 + idLength]) == keyId else {
            throw StoreVerificationError(.wrongKeyId, "the credential id in the authenticator data is not the key id")
        }
        return AttestedKey(
            keyId: keyId, publicKey: publicKey, environment: environment,
            receipt: decoded["attStmt"]?["receipt"]?.bytes ?? Data())
    }

    /// Verifies the assertion `object` over `clientData` with the attested `publicKey`, whose
    /// last accepted counter is `previousCounter`; answers the new counter, strictly greater —
    /// a replayed or rolled-back assertion is refused.
    public func assertion(_ object: Data, clientData: Data, publicKey: Data, previousCounter: UInt32)
        throws(StoreVerificationError) -> UInt32
    {
        guard object.count <= Self.maximumBytes, let decoded = CBOR.decode(object),
            let signature = decoded["signature"]?.bytes, let authData = decoded["authenticatorData"]?.bytes,
            authData.count >= 37
        else {
            throw StoreVerificationError(
                .malformed, "it is not an App Attest assertion (CBOR signature, authenticatorData)")
        }
        guard let key = P256PublicKey(subjectPublicKeyInfo: publicKey) else {
            throw StoreVerificationError(.malformed, "the stored key is not a P-256 key")
        }
        let clientDataHash = Data(MessageDigest.digest(of: clientData, .sha256))
        let nonce = Data(MessageDigest.digest(of: authData + clientDataHash, .sha256))
        guard key.isValid(derSignature: signature, for: nonce) else {
            throw StoreVerificationError(
                .badSignature, "the assertion's signature does not match the request and the key")
        }
        let bytes = [UInt8](authData)
        try checkRelyingParty(bytes)
        let counter = Self.counter(bytes)
        guard counter > previousCounter else {
            throw StoreVerificationError(
                .wrongCounter, "the counter \(counter) is not above the last accepted \(previousCounter): a replay")
        }
        return counter
    }

    private func checkRelyingParty(_ authData: [UInt8]) throws(StoreVerificationError) {
        guard Data(authData[0..<32]) == Data(MessageDigest.digest(of: Data(appId.utf8), .sha256)) else {
            throw StoreVerificationError(.wrongRelyingParty, "the relying party is not SHA-256 of \"\(appId)\"")
        }
    }

    private static func counter(_ authData: [UInt8]) -> UInt32 {
        authData[33..<37].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    /// The OCTET STRING inside `SEQUENCE { [1] EXPLICIT OCTET STRING }`, Apple's nonce extension.
    static func nonce(inExtension der: Data) -> Data? {
        var bytes = ArraySlice([UInt8](der))
        guard let sequence = DER.element(&bytes, tag: 0x30) else { return nil }
        var inner = sequence
        guard let tagged = DER.element(&inner, tag: 0xA1) else { return nil }
        var octets = tagged
        return DER.element(&octets, tag: 0x04).map { Data($0) }
    }
}

/// Reads one element of DER: its tag and definite length, the contents returned and consumed.
enum DER {
    static func element(_ bytes: inout ArraySlice<UInt8>, tag: UInt8) -> ArraySlice<UInt8>? {
        guard bytes.count >= 2, bytes.first == tag else { return nil }
        var index = bytes.startIndex + 1
        var length = Int(bytes[index])
        index += 1
        if length & 0x80 != 0 {
            let width = length & 0x7F
            guard (1...2).contains(width), bytes.endIndex - index >= width else { return nil }
            length = bytes[index..<index + width].reduce(0) { $0 << 8 | Int($1) }
            index += width
        }
        guard bytes.endIndex - index >= length else { return nil }
        let contents = bytes[index..<index + length]
        bytes = bytes[(index + length)...]
        return contents
    }
}
