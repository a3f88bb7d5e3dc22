import Foundation
import SyncProtocol

/// The licensing calls of the device (T13, issue 17): redeem a purchase, refresh the entitlement
/// token, and read the key tokens are signed with.
extension SyncClient {
    /// Has the portal verify a StoreKit signed transaction and bind it to the account of `token`.
    public func redeemAppStore(signedTransaction: String, token: String) async throws(SyncError) -> EntitlementAnswer {
        try await decode(
            EntitlementAnswer.self,
            from: try await send(
                .redeemAppStore, body: AppStoreRedemption(signedTransaction: signedTransaction), token: token))
    }

    /// A fresh token for the account of `token`, reporting `signals` of tampering.
    public func refreshEntitlement(signals: [String], token: String) async throws(SyncError) -> EntitlementAnswer {
        try await decode(
            EntitlementAnswer.self,
            from: try await send(.entitlement, body: EntitlementRequest(signals: signals), token: token))
    }

    /// The portal's token-signing public key.
    public func licenceKey() async throws(SyncError) -> LicenceKeyAnswer {
        try await decode(LicenceKeyAnswer.self, from: try await send(.licenceKey))
    }
}
