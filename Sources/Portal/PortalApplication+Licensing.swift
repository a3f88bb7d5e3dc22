import Foundation
import HTTPServer
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

/// The licensing endpoints (T13, issue 17): redeeming an App Store purchase, refreshing the
/// entitlement token, Apple's server notifications, and App Attest.
extension PortalApplication {
    /// The largest licensing body: a signed transaction or an attestation object, in base64.
    static let licensingBodyBytes = 96 * 1024

    func addLicensingRoutes(to routes: inout PortalRoutes) {
        let (store, licensing, trustedProxies) = (store, licensing, trustedProxies)
        let (notifications, limiter) = (licensingLimiters.notifications, licensingLimiters.account)
        routes.open(PortalAPI.licenceKey) { _ in LicenceKeyAnswer(publicKey: licensing.publicKey) }
        routes.open(PortalAPI.appStoreNotifications, body: .buffered(maximumBytes: Self.licensingBodyBytes)) { call in
            // Verifying costs a few milliseconds of CPU: anyone can send, so each address is capped
            // (Apple sends again later what was refused).
            try notifications.admit(
                Self.clientAddress(call.request, peer: call.context.remoteAddress, trusting: trustedProxies),
                code: .tooManyNotifications, "Too many notifications from this address")
            guard let verifier = licensing.appStore else { throw Self.notSelling }
            let notification = try verifier.notification(try await call.body().signedPayload, now: store.currentDate)
            _ = try store.applyNotification(notification)
            return NoBody()
        }
        routes.signedIn(PortalAPI.redeemAppStore, body: .buffered(maximumBytes: Self.licensingBodyBytes)) {
            call, principal in
            try limiter.admit(
                principal.accountId.uuidString, code: .tooManyLicenceRequests, "Too many licence requests")
            guard let verifier = licensing.appStore else { throw Self.notSelling }
            let body = try await call.body()
            let now = store.currentDate
            let transaction = try verifier.transaction(body.signedTransaction, now: now)
            let purchase = try store.redeem(
                transaction, account: principal.accountId, device: principal.deviceId, limits: licensing.limits)
            return try licensing.answer(
                for: purchase, account: principal.accountId, device: principal.deviceId, now: now)
        }
        routes.signedIn(PortalAPI.entitlement, body: .buffered(maximumBytes: 4096)) { call, principal in
            try limiter.admit(
                principal.accountId.uuidString, code: .tooManyLicenceRequests, "Too many licence requests")
            let body = try await call.body()
            let known = Set(TamperSignal.allCases.map(\.rawValue))
            guard body.signals.count <= known.count else {
                throw HTTPError.badRequest(code: .invalidSignals, "signals: at most \(known.count) are taken")
            }
            if let unknown = body.signals.first(where: { !known.contains($0) }) {
                throw HTTPError.badRequest(
                    code: .invalidSignals,
                    "signals: \"\(unknown.prefix(40))\" is not one of \(known.sorted().joined(separator: ", "))")
            }
            try store.recordTamperSignals(body.signals, account: principal.accountId, device: principal.deviceId)
            guard
                let purchase = try store.entitlement(
                    account: principal.accountId, device: principal.deviceId, limits: licensing.limits)
            else {
                throw LicenceRefusal(
                    .entitlementRequired, "this account has no purchase that unlocks the app; buy or restore one")
            }
            return try licensing.answer(
                for: purchase, account: principal.accountId, device: principal.deviceId, now: store.currentDate)
        }
        routes.signedIn(PortalAPI.attestationChallenge) { _, principal in
            guard licensing.appAttest != nil else { throw Self.notAttesting }
            let challenge = try store.issueAttestationChallenge(
                account: principal.accountId, device: principal.deviceId)
            return AttestationChallenge(challenge: challenge.base64EncodedString())
        }
        routes.signedIn(PortalAPI.attestDevice, body: .buffered(maximumBytes: Self.licensingBodyBytes)) {
            call, principal in
            guard let verifier = licensing.appAttest else { throw Self.notAttesting }
            let body = try await call.body()
            let fields = [("keyId", body.keyId), ("attestation", body.attestation), ("challenge", body.challenge)]
            let decoded = try fields.map { name, value in
                guard let data = Data(base64Encoded: value), !data.isEmpty else {
                    throw HTTPError.badRequest(code: .invalid(name), "\(name) \"\(value.prefix(40))\" is not base64")
                }
                return data
            }
            let key = try store.attest(account: principal.accountId, device: principal.deviceId, challenge: decoded[2])
            {
                challenge throws(StoreVerificationError) in
                try verifier.attestation(decoded[1], keyId: decoded[0], challenge: challenge, now: store.currentDate)
            }
            return AttestationAnswer(environment: key.environment)
        }
    }

    /// Checks what `--require-entitlement` and `--require-attestation` ask of a push whose body is
    /// `body`: an active purchase (402 otherwise), an attested device and a fresh assertion over
    /// the body (403 otherwise). Nothing is stored before these pass.
    func admitPush(_ request: HTTPRequest, body: Data, principal: PortalPrincipal) throws {
        if licensing.requiresEntitlement, try store.activePurchase(account: principal.accountId) == nil {
            throw LicenceRefusal(
                .entitlementRequired,
                "syncing changes up needs a purchase; buy or restore it in the app (pulling and export still work)")
        }
        guard licensing.requiresAttestation else { return }
        guard let verifier = licensing.appAttest,
            let (publicKey, counter) = try store.attestedKey(account: principal.accountId, device: principal.deviceId)
        else {
            throw LicenceRefusal(
                .attestationRequired, "this device has not attested its App Attest key; attest it first")
        }
        guard let header = request.headers[AttestationRequest.assertionHeader],
            let assertion = Data(base64Encoded: header)
        else {
            throw LicenceRefusal(
                .assertionRefused, "a push must carry an App Attest assertion in \(AttestationRequest.assertionHeader)")
        }
        do {
            let next = try verifier.assertion(
                assertion, clientData: body, publicKey: publicKey, previousCounter: counter)
            guard
                try store.advanceAssertionCounter(
                    account: principal.accountId, device: principal.deviceId, from: counter, to: next)
            else { throw LicenceRefusal(.assertionRefused, "the assertion was used by another request; a replay") }
        } catch let error as StoreVerificationError {
            throw LicenceRefusal(.assertionRefused, "the assertion is refused: \(error)")
        }
    }

    static let notSelling = LicenceRefusal(
        .notConfigured, "this portal does not sell the app (no --app-store-root-ca, --bundle-id and --products)")
    static let notAttesting = LicenceRefusal(
        .notConfigured, "this portal does not take App Attest keys (no --app-attest-root-ca and --team-id)")
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
