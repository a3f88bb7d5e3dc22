import Foundation
import Licensing
import PortalStore
import SecureHashing
import StoreVerification
import SyncProtocol

/// What the portal needs to sell the app and trust devices (T13, issue 17; docs/licensing.md):
/// Apple's roots, the app's identity, the key entitlement tokens are signed with, the limits
/// on sharing, and whether pushes need a purchase and an attested device.
public struct LicensingConfiguration: Sendable {
    /// Verifies App Store transactions and notifications; nil: this portal does not sell.
    public var appStore: AppStoreVerifier?
    /// Verifies App Attest objects; nil: devices cannot attest here.
    public var appAttest: AppAttestVerifier?
    /// The Ed25519 seed entitlement tokens are signed with (`--licence-key`).
    public var signingSeed: Data
    /// How long a token vouches before the device must ask again (it has a grace beyond).
    public var tokenLifetime: TimeInterval
    public var limits: PurchaseLimits
    /// Pushes without an active purchase get 402 (`--require-entitlement`).
    public var requiresEntitlement: Bool
    /// Pushes from devices without an attested key, or without a valid assertion, get 403
    /// (`--require-attestation`).
    public var requiresAttestation: Bool

    public init(
        appStore: AppStoreVerifier? = nil, appAttest: AppAttestVerifier? = nil, signingSeed: Data = Ed25519.newSeed(),
        tokenLifetime: TimeInterval = 7 * 86_400, limits: PurchaseLimits = PurchaseLimits(),
        requiresEntitlement: Bool = false, requiresAttestation: Bool = false
    ) {
        self.appStore = appStore
        self.appAttest = appAttest
        self.signingSeed = signingSeed
        self.tokenLifetime = tokenLifetime
        self.limits = limits
        self.requiresEntitlement = requiresEntitlement
        self.requiresAttestation = requiresAttestation
    }

    /// The public half of ``signingSeed``, base64: what the app ships with.
    public var publicKey: String { (Ed25519.publicKey(seed: signingSeed) ?? Data()).base64EncodedString() }

    /// A token for `purchase`, issued to `account` and `device` now.
    func answer(for purchase: ActivePurchase, account: UUID, device: UUID, now: Date) throws -> EntitlementAnswer {
        let validUntil = min(now.addingTimeInterval(tokenLifetime), purchase.expiresAt ?? .distantFuture)
        let token = try EntitlementToken.sign(
            .init(
                account: account, device: device, product: purchase.productId, expires: purchase.expiresAt, issued: now,
                validUntil: validUntil), seed: signingSeed)
        return EntitlementAnswer(
            token: token.text, publicKey: publicKey, product: purchase.productId, expires: purchase.expiresAt,
            validUntil: validUntil)
    }
}

/// How often the licensing endpoints are taken (T13, issue 17): Apple's notifications per client
/// address, redemptions and token refreshes per account (each may record an event for the admins).
public struct LicensingLimiters: Sendable {
    public let notifications: AttemptLimiter
    public let account: AttemptLimiter

    public init(
        notifications: AttemptLimiter = AttemptLimiter(maximumFailures: 1_200, window: 600),
        account: AttemptLimiter = AttemptLimiter(maximumFailures: 60, window: 3_600)
    ) {
        self.notifications = notifications
        self.account = account
    }
}
