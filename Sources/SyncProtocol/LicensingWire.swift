import Foundation

/// `POST /v1/entitlements/app-store`: a transaction StoreKit 2 handed the app (`Transaction`'s
/// `jwsRepresentation`), for the portal to verify and bind to the account (T13, issue 17).
public struct AppStoreRedemption: Codable, Sendable, Equatable {
    public var signedTransaction: String

    public init(signedTransaction: String) { self.signedTransaction = signedTransaction }
}

/// `POST /v1/entitlements/current`: asks for a fresh entitlement token, reporting signals of
/// tampering the device noticed (`clock_set_back`, `debugger_attached`…; never held against data).
public struct EntitlementRequest: Codable, Sendable, Equatable {
    public var signals: [String]

    public init(signals: [String] = []) { self.signals = signals }
}

/// The portal's entitlement token and what it says, for the device to keep and show.
public struct EntitlementAnswer: Codable, Sendable, Equatable {
    /// The token (an EdDSA JSON Web Token) to keep and check offline.
    public var token: String
    /// The portal's Ed25519 public key, base64: what the token is checked with.
    public var publicKey: String
    public var product: String
    /// When the purchase ends; nil when it does not.
    public var expires: Date?
    /// Until when the token vouches; the device asks again before, when it syncs.
    public var validUntil: Date

    public init(token: String, publicKey: String, product: String, expires: Date?, validUntil: Date) {
        self.token = token
        self.publicKey = publicKey
        self.product = product
        self.expires = expires
        self.validUntil = validUntil
    }
}

/// `GET /v1/entitlements/key`: the key entitlement tokens are signed with (the app also ships it).
public struct LicenceKeyAnswer: Codable, Sendable, Equatable {
    public var algorithm: String
    public var publicKey: String

    public init(publicKey: String) {
        algorithm = "Ed25519"
        self.publicKey = publicKey
    }
}

/// `POST /v1/app-store/notifications`: App Store Server Notifications V2, as Apple sends them.
public struct AppStoreNotificationBody: Codable, Sendable, Equatable {
    public var signedPayload: String

    public init(signedPayload: String) { self.signedPayload = signedPayload }
}

/// `GET /v1/devices/challenge`: a one-time challenge to attest a new App Attest key with.
public struct AttestationChallenge: Codable, Sendable, Equatable {
    /// 32 random bytes, base64; valid for five minutes.
    public var challenge: String

    public init(challenge: String) { self.challenge = challenge }
}

/// `POST /v1/devices/attest`: what `DCAppAttestService.attestKey` produced for the challenge.
public struct AttestationRequest: Codable, Sendable, Equatable {
    /// The key id, base64 (SHA-256 of the public key).
    public var keyId: String
    /// The CBOR attestation object, base64.
    public var attestation: String
    /// The challenge the portal gave, base64.
    public var challenge: String

    public init(keyId: String, attestation: String, challenge: String) {
        self.keyId = keyId
        self.attestation = attestation
        self.challenge = challenge
    }

    /// The header a push carries its App Attest assertion in (base64 CBOR over the body's bytes).
    public static let assertionHeader = "X-App-Attest-Assertion"
}

/// The answer to an attestation: the key is stored for the device.
public struct AttestationAnswer: Codable, Sendable, Equatable {
    /// "production" or "development".
    public var environment: String

    public init(environment: String) { self.environment = environment }
}
