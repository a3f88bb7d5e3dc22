import Foundation
import SecureHashing

/// The portal's word that an account may use the app (T13, issue 17): a JSON Web Token signed
/// with the portal's Ed25519 key (`alg` EdDSA), carrying the account, the device it was issued
/// to, the product, when the purchase ends and until when the token itself vouches for it.
///
/// The portal signs one after checking Apple's signed transaction and its own records; the app
/// checks it offline with the public key it ships with. A token edited on the device, or signed
/// by another key, is refused; nothing else on the device is trusted about the purchase.
public struct EntitlementToken: Sendable, Equatable {
    /// What the token says.
    public struct Claims: Codable, Sendable, Equatable {
        public var account: UUID
        public var device: UUID
        public var product: String
        /// When the purchase ends (ms since 1970); nil for one that does not.
        public var expires: Int64?
        /// When the portal signed it (ms since 1970): a time the device's clock cannot be before.
        public var issued: Int64
        /// Until when the token vouches (ms since 1970): a device offline longer is in its grace.
        public var validUntil: Int64

        public init(account: UUID, device: UUID, product: String, expires: Date?, issued: Date, validUntil: Date) {
            self.account = account
            self.device = device
            self.product = product
            self.expires = expires.map(Self.milliseconds)
            self.issued = Self.milliseconds(issued)
            self.validUntil = Self.milliseconds(validUntil)
        }

        public var expiresDate: Date? { expires.map(Self.date) }
        public var issuedDate: Date { Self.date(issued) }
        public var validUntilDate: Date { Self.date(validUntil) }

        static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
        static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
    }

    /// The most a token may take (it is a few hundred bytes).
    public static let maximumBytes = 4096
    static let header = Base64URL.encode(Data(#"{"alg":"EdDSA","typ":"JWT"}"#.utf8))

    public let claims: Claims
    /// The token as sent and stored.
    public let text: String

    /// Signs `claims` with the private key made from `seed` (the portal's).
    public static func sign(_ claims: Claims, seed: Data) throws(LicenceError) -> EntitlementToken {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let payload = try? encoder.encode(claims) else {
            throw .unreadableToken("the claims could not be encoded")
        }
        let signingInput = header + "." + Base64URL.encode(payload)
        guard let signature = Ed25519.sign(Data(signingInput.utf8), seed: seed) else {
            throw .unreadableToken("the signing key is not a 32-byte Ed25519 seed")
        }
        return EntitlementToken(claims: claims, text: signingInput + "." + Base64URL.encode(signature))
    }

    /// Checks `text` with the portal's `publicKey` and reads its claims.
    public init(verifying text: String, publicKey: Data) throws(LicenceError) {
        guard text.utf8.count <= Self.maximumBytes else {
            throw .unreadableToken("it is \(text.utf8.count) bytes; a token is at most \(Self.maximumBytes)")
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), let payload = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2])
        else { throw .unreadableToken("it is not three base64url parts") }
        guard let header = try? JSONDecoder().decode([String: String].self, from: headerBytes), header["alg"] == "EdDSA"
        else { throw .forgedToken("its algorithm is not EdDSA") }
        guard Ed25519.isValid(signature: signature, of: Data("\(parts[0]).\(parts[1])".utf8), publicKey: publicKey)
        else { throw .forgedToken("its signature is not the portal's") }
        guard let claims = try? JSONDecoder().decode(Claims.self, from: payload) else {
            throw .unreadableToken("its claims lack a field or have one of the wrong type")
        }
        self.init(claims: claims, text: text)
    }

    init(claims: Claims, text: String) {
        self.claims = claims
        self.text = text
    }
}

/// Why a licence step failed (T13, issue 17).
public enum LicenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The token is not one: cut short, not base64url, not JSON.
    case unreadableToken(String)
    /// The token's signature is not the portal's key's: edited on the device, or made elsewhere.
    case forgedToken(String)
    /// The token was issued to another account or device.
    case notThisDevice(String)

    public var description: String {
        switch self {
        case .unreadableToken(let why): "the entitlement token cannot be read: \(why)"
        case .forgedToken(let why): "the entitlement token is not genuine: \(why)"
        case .notThisDevice(let why): "the entitlement token is not this diary's: \(why)"
        }
    }
}
