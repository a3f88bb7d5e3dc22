import Foundation
import SyncProtocol

/// The licensing calls of the device (T13, issue 17): redeem a purchase, refresh the entitlement
/// token, and read the key tokens are signed with.
extension PortalClient {
    /// Has the portal verify a StoreKit signed transaction and bind it to the account of `token`.
    public func redeemAppStore(signedTransaction: String, token: String) async throws(SyncError) -> EntitlementAnswer {
        try await call(
            PortalAPI.redeemAppStore, body: AppStoreRedemption(signedTransaction: signedTransaction), token: token)
    }

    /// A fresh token for the account of `token`, reporting `signals` of tampering.
    public func refreshEntitlement(signals: [String], token: String) async throws(SyncError) -> EntitlementAnswer {
        try await call(PortalAPI.entitlement, body: EntitlementRequest(signals: signals), token: token)
    }

    /// The portal's token-signing public key.
    public func licenceKey() async throws(SyncError) -> LicenceKeyAnswer {
        try await call(PortalAPI.licenceKey)
    }
}

/// Signs request bodies with the device's attested App Attest key (T13, issue 17): the app's
/// implementation calls `DCAppAttestService.generateAssertion` with SHA-256 of the body.
public protocol RequestAsserting: Sendable {
    /// The CBOR assertion over `body`; nil when the device has no attested key (no header is sent).
    func assertion(for body: Data) async throws -> Data?
}

extension PortalClient {
    /// A one-time challenge to attest a new App Attest key with.
    public func attestationChallenge(token: String) async throws(SyncError) -> Data {
        let answer = try await call(PortalAPI.attestationChallenge, token: token)
        guard let challenge = Data(base64Encoded: answer.challenge) else {
            throw SyncError.unreadableAnswer("the challenge is not base64")
        }
        return challenge
    }

    /// Sends the attestation of `keyId` made for `challenge`.
    public func attestDevice(keyId: String, attestation: Data, challenge: Data, token: String) async throws(SyncError)
        -> AttestationAnswer
    {
        let request = AttestationRequest(
            keyId: keyId, attestation: attestation.base64EncodedString(), challenge: challenge.base64EncodedString())
        return try await call(PortalAPI.attestDevice, body: request, token: token)
    }
}
