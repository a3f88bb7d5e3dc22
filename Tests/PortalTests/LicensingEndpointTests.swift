import DiaryServices
import DiaryStore
import Foundation
import HTTPServer
import Licensing
import Portal
import PortalStore
import StoreVerification
import SyncClient
import SyncProtocol
import TestSupport
import Testing

/// Licensing on the portal (T13, issue 17) on both backends, with App Store and App Attest
/// objects signed by Python's `cryptography` (tools/make_licensing_fixtures.py): a purchase
/// redeemed and bound, shared beyond the limits and refused, every tampering refused with
/// nothing stored, notifications applied once, pushes refused without a purchase or an attested
/// device — with every change kept pending and pulling still working.
@Suite("Licensing on the portal (T13)", .timeLimit(.minutes(3)))
struct LicensingEndpointTests {
    static let fixtures = LicensingFixtures.shared

    static func configuration(
        limits: PurchaseLimits = PurchaseLimits(), requiresEntitlement: Bool = false,
        requiresAttestation: Bool = false
    ) throws -> LicensingConfiguration {
        LicensingConfiguration(
            appStore: AppStoreVerifier(
                chain: try CertificateChain(rootsPEM: fixtures.appStoreRoot), bundleId: fixtures.bundleId,
                products: Set(fixtures.products), environments: ["Production"]),
            appAttest: AppAttestVerifier(
                chain: try CertificateChain(rootsPEM: fixtures.appAttest.root), teamId: fixtures.appAttest.teamId,
                bundleId: fixtures.bundleId, allowsDevelopment: false),
            limits: limits, requiresEntitlement: requiresEntitlement, requiresAttestation: requiresAttestation)
    }

    static func portal(_ backend: Backend, _ configuration: LicensingConfiguration) throws -> PortalHarness {
        try PortalHarness(backend, clock: TestClock(LicensingFixtures.now), licensing: configuration)
    }

    static func token(_ device: TestDevice) throws -> String { try #require(try device.diary.sync.account()?.token) }

    /// The refusal code of `body`'s portal call ("ok" when it went through).
    static func refusal(_ body: () async throws -> some Any) async -> String {
        await statusAndRefusal(body).code
    }

    /// The HTTP status and refusal code of `body`'s portal call (200 and "ok" when it went through).
    static func statusAndRefusal(_ body: () async throws -> some Any) async -> (status: Int, code: String) {
        do {
            _ = try await body()
            return (200, "ok")
        } catch SyncError.refused(let status, let code, _) {
            return (status, code.rawValue)
        } catch {
            return (0, "\(error)")
        }
    }

    @Test(
        "Given a genuine purchase, then it is bound to the account and answered with a token the portal's key verifies; a second account is refused and the admins see it; devices beyond the limit too",
        arguments: Backend.available)
    func redeemAndShare(backend: Backend) async throws {
        let configuration = try Self.configuration(limits: PurchaseLimits(accounts: 1, devices: 2))
        let portal = try Self.portal(backend, configuration)
        let (phone, tablet) = try await portal.phoneAndTablet()
        let answer = try await phone.sync.api.redeemAppStore(
            signedTransaction: Self.fixtures.jws("ok"), token: Self.token(phone))
        let key = try #require(Data(base64Encoded: configuration.publicKey))
        let token = try EntitlementToken(verifying: answer.token, publicKey: key)
        #expect(token.claims.product == "org.hobbystory.fishing.yearly")
        #expect(token.claims.device == (try phone.diary.replicaId()))
        #expect(token.claims.validUntilDate == LicensingFixtures.now.addingTimeInterval(7 * 86_400))
        #expect(answer.expires == Date(timeIntervalSince1970: 1_825_027_200))
        // The account's other device gets its own token by asking.
        let tabletAnswer = try await tablet.sync.api.refreshEntitlement(signals: [], token: Self.token(tablet))
        #expect(
            try EntitlementToken(verifying: tabletAnswer.token, publicKey: key).claims.device
                == tablet.diary.replicaId())

        let mallory = try await portal.device("mallory", email: "mallory@example.org", signUp: true)
        let shared = await Self.refusal {
            try await mallory.sync.api.redeemAppStore(
                signedTransaction: Self.fixtures.jws("ok"), token: Self.token(mallory))
        }
        #expect(shared == "purchase_shared")
        #expect(
            await Self.refusal {
                try await mallory.sync.api.refreshEntitlement(signals: [], token: Self.token(mallory))
            }
                == "entitlement_required")
        let third = try await portal.device("laptop", email: "anna@example.org")
        let beyond = await Self.refusal {
            try await third.sync.api.redeemAppStore(
                signedTransaction: Self.fixtures.jws("ok"), token: Self.token(third))
        }
        #expect(beyond == "device_limit")

        let licences = try portal.store.licences.list()
        #expect(licences.count == 1)
        #expect(licences.first?.accounts == ["anna@example.org"])
        #expect(licences.first?.devices == 2)
        #expect(licences.first?.refusals == 2)
        let (_, events) = try #require(try portal.store.licences.licence("2000000100"))
        #expect(events.map(\.kind).sorted() == ["device_limit", "redeemed", "sharing_refused"])
        #expect(events.contains { $0.kind == "sharing_refused" && $0.account == "mallory@example.org" })
    }

    @Test(
        "Given every tampering, a sandbox, another app or product, a refunded or lapsed purchase, then each is refused with its reason and nothing is bound",
        arguments: Backend.available)
    func tamperingChangesNothing(backend: Backend) async throws {
        let portal = try Self.portal(backend, try Self.configuration())
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let expected: [String: String] = [
            "payload_changed": "bad_signature", "other_key": "bad_signature", "other_root": "untrusted_chain",
            "expired_certificate": "certificate_expired", "future_certificate": "certificate_not_yet_valid",
            "missing_leaf_marker": "missing_marker", "missing_intermediate_marker": "missing_marker",
            "alg_none": "unsupported_algorithm", "wrong_bundle": "wrong_bundle", "sandbox": "wrong_environment",
            "other_product": "unknown_product", "revoked": "purchase_revoked",
            "expired_subscription": "purchase_expired",
        ]
        for (name, code) in expected {
            let verdict = await Self.refusal {
                try await phone.sync.api.redeemAppStore(
                    signedTransaction: Self.fixtures.jws(name), token: Self.token(phone))
            }
            #expect(verdict == code, "\(name)")
        }
        #expect(
            try portal.store.licences.activePurchase(account: try #require(phone.diary.sync.account()?.accountId))
                == nil)
        #expect(try portal.store.licences.list().allSatisfy { $0.accounts.isEmpty })
        // A body that is not even JSON, and a transaction far beyond the size limit.
        let garbage = try await portal.client.send(
            .post, "/v1/entitlements/app-store", headers: ["Authorization": "Bearer \(Self.token(phone))"],
            body: Data("{\"signedTransaction\": 7}".utf8))
        #expect(garbage.status.code == 400)
        let huge = await Self.refusal {
            try await phone.sync.api.redeemAppStore(
                signedTransaction: String(repeating: "A", count: 200_000), token: Self.token(phone))
        }
        #expect(huge == "content_too_large")
    }

    @Test(
        "Given Apple's notifications, then a refund takes the entitlement away once however often it is sent, a renewal extends it, an unknown type is kept and ignored, a forged one is refused",
        arguments: Backend.available)
    func notifications(backend: Backend) async throws {
        let portal = try Self.portal(backend, try Self.configuration())
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let account = try #require(try phone.diary.sync.account()?.accountId)
        _ = try await phone.sync.api.redeemAppStore(
            signedTransaction: Self.fixtures.jws("ok"), token: Self.token(phone))
        func notify(_ name: String) async throws -> Int {
            let payload = try #require(Self.fixtures.notifications[name]).signedPayload
            return try await portal.client.send(
                .post, "/v1/app-store/notifications", json: AppStoreNotificationBody(signedPayload: payload)
            ).status.code
        }
        #expect(try await notify("did_renew") == 200)
        #expect(
            try portal.store.licences.activePurchase(account: account)?.expiresAt
                == Date(timeIntervalSince1970: 1_856_649_600))
        #expect(try await notify("unknown_type") == 200)
        #expect(try portal.store.licences.activePurchase(account: account) != nil)
        for _ in 0..<2 { #expect(try await notify("refund") == 200) }
        #expect(try portal.store.licences.activePurchase(account: account) == nil)
        // Replaying the original purchase does not undo the refund.
        let replay = await Self.refusal {
            try await phone.sync.api.redeemAppStore(
                signedTransaction: Self.fixtures.jws("ok"), token: Self.token(phone))
        }
        #expect(replay == "purchase_revoked")
        #expect(try await notify("payload_changed") == 400)
        #expect(try await notify("other_root") == 400)
        let events = try portal.store.licences.events()
        #expect(events.filter { $0.kind == "revoked" }.count == 1, "a notification sent twice is applied once")
        #expect(events.contains { $0.kind == "notification" && $0.detail == "PRICE_INCREASE PENDING" })
    }

    @Test(
        "Given --require-entitlement, then a push without a purchase is refused with 402, every change stays pending and pulling still works; after redeeming, the changes go",
        arguments: Backend.available)
    func pushNeedsAPurchase(backend: Backend) async throws {
        let open = try Self.portal(backend, try Self.configuration())
        let phone = try await open.device("phone", email: "anna@example.org", signUp: true)
        _ = try phone.logTrip(catches: 2)
        _ = try await phone.synchronise()
        let gated = try PortalHarness(
            sharing: open, store: open.store, licensing: try Self.configuration(requiresEntitlement: true))
        let tablet = try await gated.device("tablet", email: "anna@example.org")
        _ = try tablet.logTrip(catches: 1)
        let pending = try tablet.diary.outbox.pending().count
        // The tablet's trial is over too: read-only, it still pulls (pulled changes are not its own).
        try tablet.diary.licence.setReadOnly(true)
        let refused = await Self.statusAndRefusal { try await tablet.synchronise() }
        #expect(refused.status == 402 && refused.code == "entitlement_required")
        #expect(try tablet.diary.outbox.pending().count == pending, "nothing parked, nothing lost")
        #expect(try tablet.diary.outbox.rejections().isEmpty)
        #expect(try tablet.contents().catches.count == 3, "the phone's catches were pulled")
        _ = try await tablet.sync.api.redeemAppStore(
            signedTransaction: Self.fixtures.jws("lifetime"), token: Self.token(tablet))
        let report = try await tablet.synchronise()
        #expect(report.pushed == pending)
        #expect(try tablet.diary.outbox.pending().isEmpty)
    }

    @Test(
        "Given App Attest, then a key is attested only for a challenge this portal gave, once; with --require-attestation a push needs a fresh assertion over its body, and a replay is refused",
        arguments: Backend.available)
    func attestation(backend: Backend) async throws {
        let portal = try Self.portal(backend, try Self.configuration(requiresAttestation: true))
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let auth: HTTPHeaders = ["Authorization": "Bearer \(try Self.token(phone))"]
        let account = try #require(try phone.diary.sync.account()?.accountId)
        let device = try phone.diary.replicaId()
        let fixtures = Self.fixtures.appAttest
        let given = try await portal.client.send(.get, "/v1/devices/challenge", headers: auth)
        let challenge = try JSONDecoder().decode(AttestationChallenge.self, from: given.body)
        #expect(Data(base64Encoded: challenge.challenge)?.count == 32)

        _ = try phone.logTrip(catches: 1)
        let unattested = await Self.statusAndRefusal { try await phone.synchronise() }
        #expect(unattested.status == 403 && unattested.code == "attestation_required")
        #expect(try phone.diary.outbox.rejections().isEmpty)

        let request = AttestationRequest(
            keyId: fixtures.keyId, attestation: try #require(fixtures.attestations["ok"]).attestation,
            challenge: fixtures.challenge)
        let unknown = try await portal.client.send(.post, "/v1/devices/attest", headers: auth, json: request)
        #expect(unknown.status.code == 400)
        #expect(String(decoding: unknown.body, as: UTF8.self).contains("unknown_challenge"))
        try portal.store.attestation.storeChallenge(
            try #require(Data(base64Encoded: fixtures.challenge)), account: account, device: device)
        let forged = AttestationRequest(
            keyId: fixtures.keyId, attestation: try #require(fixtures.attestations["wrong_nonce"]).attestation,
            challenge: fixtures.challenge)
        #expect(
            try await portal.client.send(.post, "/v1/devices/attest", headers: auth, json: forged).status.code == 400)
        #expect(try portal.store.attestation.attestedKey(account: account, device: device) == nil)
        // The forged attempt used the challenge up.
        #expect(
            try await portal.client.send(.post, "/v1/devices/attest", headers: auth, json: request).status.code == 400)
        try portal.store.attestation.storeChallenge(
            try #require(Data(base64Encoded: fixtures.challenge)), account: account, device: device)
        let attested = try await portal.client.send(.post, "/v1/devices/attest", headers: auth, json: request)
        #expect(attested.status.code == 200)

        // The assertion's client data stands in for a push body: it passes the gate (then is no
        // JSON, 400); sent again it is a replay (403); no assertion at all is refused (403).
        let first = try #require(fixtures.assertions.first { $0.name == "first" })
        var headers = auth
        headers["Content-Type"] = "application/json"
        headers[AttestationRequest.assertionHeader] = first.assertion
        let body = try #require(Data(base64Encoded: first.clientData))
        let admitted = try await portal.client.send(.post, "/v1/sync/push", headers: headers, body: body)
        #expect(admitted.status.code == 400)
        let replayed = try await portal.client.send(.post, "/v1/sync/push", headers: headers, body: body)
        #expect(replayed.status.code == 403)
        #expect(String(decoding: replayed.body, as: UTF8.self).contains("assertion_refused"))
        #expect(try portal.store.attestation.attestedKey(account: account, device: device)?.counter == 1)
        #expect(await Self.refusal { try await phone.synchronise() } == "assertion_refused")
        #expect(try phone.diary.outbox.pending().count > 0)
    }
}
