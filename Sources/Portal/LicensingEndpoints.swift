import Foundation
import HTTPServer
import Licensing
import PortalStore
import SecureHashing
import StoreVerification
import SyncProtocol

/// The licensing endpoints (T13, issue 17): the key tokens are signed with, Apple's server
/// notifications, redeeming an App Store purchase, refreshing the entitlement token, and App Attest.
struct LicensingEndpoints: Sendable {
    let licences: LicenceStore
    let attestation: AttestationStore
    let licensing: LicensingConfiguration
    let limiters: LicensingLimiters
    let trustedProxies: Set<String>

    /// The largest licensing body: a signed transaction or an attestation object, in base64.
    static let bodyBytes = 96 * 1024

    func add(to routes: inout PortalRoutes) {
        routes.open(PortalAPI.licenceKey, licenceKey)
        routes.open(
            PortalAPI.appStoreNotifications, body: .buffered(maximumBytes: Self.bodyBytes), appStoreNotification)
        routes.signedIn(PortalAPI.redeemAppStore, body: .buffered(maximumBytes: Self.bodyBytes), redeemAppStore)
        routes.signedIn(PortalAPI.entitlement, body: .buffered(maximumBytes: 4096), refreshEntitlement)
        routes.signedIn(PortalAPI.attestationChallenge, attestationChallenge)
        routes.signedIn(PortalAPI.attestDevice, body: .buffered(maximumBytes: Self.bodyBytes), attestDevice)
    }

    func licenceKey(_: EndpointCall<NoBody, NoQuery>) -> LicenceKeyAnswer {
        LicenceKeyAnswer(publicKey: licensing.publicKey)
    }

    func appStoreNotification(_ call: EndpointCall<AppStoreNotificationBody, NoQuery>) async throws -> NoBody {
        // Verifying costs a few milliseconds of CPU: anyone can send, so each address is capped
        // (Apple sends again later what was refused).
        try limiters.notifications.admit(
            PortalApplication.clientAddress(call.request, peer: call.context.remoteAddress, trusting: trustedProxies),
            code: .tooManyNotifications, "Too many notifications from this address")
        guard let verifier = licensing.appStore else { throw Self.notSelling }
        let notification = try verifier.notification(try await call.body().signedPayload, now: licences.currentDate)
        _ = try licences.applyNotification(notification)
        return NoBody()
    }

    func redeemAppStore(_ call: EndpointCall<AppStoreRedemption, NoQuery>, principal: PortalPrincipal) async throws
        -> EntitlementAnswer
    {
        try limiters.account.admit(
            principal.accountId.uuidString, code: .tooManyLicenceRequests, "Too many licence requests")
        guard let verifier = licensing.appStore else { throw Self.notSelling }
        let body = try await call.body()
        let now = licences.currentDate
        let transaction = try verifier.transaction(body.signedTransaction, now: now)
        let purchase = try licences.redeem(
            transaction, account: principal.accountId, device: principal.deviceId, limits: licensing.limits)
        return try licensing.answer(for: purchase, account: principal.accountId, device: principal.deviceId, now: now)
    }

    func refreshEntitlement(_ call: EndpointCall<EntitlementRequest, NoQuery>, principal: PortalPrincipal)
        async throws -> EntitlementAnswer
    {
        try limiters.account.admit(
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
        try attestation.recordTamperSignals(
            body.signals, account: principal.accountId, device: principal.deviceId)
        guard
            let purchase = try licences.entitlement(
                account: principal.accountId, device: principal.deviceId, limits: licensing.limits)
        else {
            throw LicenceRefusal(
                .entitlementRequired, "this account has no purchase that unlocks the app; buy or restore one")
        }
        return try licensing.answer(
            for: purchase, account: principal.accountId, device: principal.deviceId, now: licences.currentDate)
    }

    func attestationChallenge(_: EndpointCall<NoBody, NoQuery>, principal: PortalPrincipal) throws
        -> AttestationChallenge
    {
        guard licensing.appAttest != nil else { throw Self.notAttesting }
        let challenge = try attestation.issueChallenge(
            account: principal.accountId, device: principal.deviceId)
        return AttestationChallenge(challenge: challenge.base64EncodedString())
    }

    func attestDevice(_ call: EndpointCall<AttestationRequest, NoQuery>, principal: PortalPrincipal) async throws
        -> AttestationAnswer
    {
        guard let verifier = licensing.appAttest else { throw Self.notAttesting }
        let body = try await call.body()
        let fields = [("keyId", body.keyId), ("attestation", body.attestation), ("challenge", body.challenge)]
        let decoded = try fields.map { name, value in
            guard let data = Data(base64Encoded: value), !data.isEmpty else {
                throw HTTPError.badRequest(code: .invalid(name), "\(name) \"\(value.prefix(40))\" is not base64")
            }
            return data
        }
        let key = try attestation.attest(
            account: principal.accountId, device: principal.deviceId, challenge: decoded[2]
        ) {
            challenge throws(StoreVerificationError) in
            try verifier.attestation(decoded[1], keyId: decoded[0], challenge: challenge, now: licences.currentDate)
        }
        return AttestationAnswer(environment: key.environment)
    }

    static let notSelling = LicenceRefusal(
        .notConfigured, "this portal does not sell the app (no --app-store-root-ca, --bundle-id and --products)")
    static let notAttesting = LicenceRefusal(
        .notConfigured, "this portal does not take App Attest keys (no --app-attest-root-ca and --team-id)")
}
