import Foundation
import StoreVerification
import TestSupport
import Testing

/// App Store transactions and notifications signed by Python's `cryptography` with a test PKI
/// shaped like Apple's (tools/make_licensing_fixtures.py), checked by the Swift verifier (T13):
/// the happy paths, then each tampering refused with its reason — and every verdict the same as
/// Apple's own App Store Server Library gave.
@Suite struct AppStoreVerifierTests {
    let fixtures = LicensingFixtures.shared
    let now = LicensingFixtures.now

    func verifier(root: String? = nil, environments: Set<String> = ["Production"]) throws -> AppStoreVerifier {
        AppStoreVerifier(
            chain: try CertificateChain(rootsPEM: root ?? fixtures.appStoreRoot), bundleId: fixtures.bundleId,
            products: Set(fixtures.products), environments: environments)
    }

    @Test func aGenuineSubscriptionIsReadWithItsDates() throws {
        let transaction = try verifier().transaction(fixtures.jws("ok"), now: now)
        #expect(transaction.originalTransactionId == "2000000100")
        #expect(transaction.productId == "org.hobbystory.fishing.yearly")
        guard case .active(let until) = transaction.standing(at: now) else {
            Issue.record("a paid-up subscription is active")
            return
        }
        #expect(until == Date(timeIntervalSince1970: 1_825_027_200))  // 2027-11-01
        let lifetime = try verifier().transaction(fixtures.jws("lifetime"), now: now)
        #expect(lifetime.standing(at: now) == .active(until: nil))
    }

    @Test func lapsedAndRevokedPurchasesAreGenuineButDoNotUnlock() throws {
        let lapsed = try verifier().transaction(fixtures.jws("expired_subscription"), now: now)
        #expect(lapsed.standing(at: now) == .expired(at: Date(timeIntervalSince1970: 1_790_812_800)))
        let revoked = try verifier().transaction(fixtures.jws("revoked"), now: now)
        guard case .revoked = revoked.standing(at: now) else {
            Issue.record("a refunded purchase is revoked")
            return
        }
    }

    @Test(arguments: [
        "payload_changed", "other_key", "other_root", "expired_certificate", "future_certificate",
        "missing_leaf_marker", "missing_intermediate_marker", "alg_none",
    ])
    func tamperingIsRefusedWithItsReason(_ name: String) throws {
        let expected = try #require(fixtures.transactions[name]?.expect)
        #expect(refusal { try verifier().transaction(fixtures.jws(name), now: now) } == expected, "\(name)")
    }

    @Test func theAppTheEnvironmentAndTheProductAreChecked() throws {
        let cases: [(String, StoreVerificationError.Code)] = [
            ("wrong_bundle", .wrongBundle), ("sandbox", .wrongEnvironment), ("other_product", .unknownProduct),
        ]
        for (name, code) in cases {
            #expect(refusal { try verifier().transaction(fixtures.jws(name), now: now) } == code.rawValue, "\(name)")
        }
        // A portal configured for the sandbox takes it.
        let sandbox = try verifier(environments: ["Sandbox"]).transaction(fixtures.jws("sandbox"), now: now)
        #expect(sandbox.environment == "Sandbox")
    }

    @Test func everyVerdictAgreesWithApplesOwnLibrary() throws {
        // Apple's library leaves the product to the server: it accepts what only that refuses.
        for (name, transaction) in fixtures.transactions {
            let ours = refusal { try verifier().transaction(transaction.jws, now: now) }
            #expect(["ok", "unknown_product"].contains(ours) == (transaction.apple == "accepted"), "\(name): \(ours)")
        }
        for (name, notification) in fixtures.notifications {
            let ours = refusal { try verifier().notification(notification.signedPayload, now: now) }
            #expect((ours == "ok") == (notification.apple == "accepted"), "\(name): \(ours)")
        }
    }

    @Test func anObjectSignedLaterThanNowIsRefused() throws {
        let earlier = Date(timeIntervalSince1970: 1_790_000_000)
        #expect(refusal { try verifier().transaction(fixtures.jws("ok"), now: earlier) } == "signed_in_future")
    }

    @Test func garbageOfEveryShapeIsMalformedNeverACrash() throws {
        let verifier = try verifier()
        let valid = fixtures.jws("ok")
        var inputs = ["", ".", "..", "a.b.c", "!!.??.**", String(repeating: "A", count: 70_000)]
        inputs.append(valid.replacingOccurrences(of: ".", with: "", options: [], range: valid.range(of: ".")))
        inputs.append(String(valid.dropLast(10)))
        var random = SeededRandom(seed: 17)
        for _ in 0..<200 {
            var bytes = Array(valid.utf8)
            bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 32...126, using: &random)
            inputs.append(String(decoding: bytes, as: UTF8.self))
        }
        for input in inputs {
            if let accepted = try? verifier.transaction(input, now: now) {
                // A change in the base64 padding bits can leave the bytes as signed.
                #expect(accepted == (try verifier.transaction(valid, now: now)))
            }
        }
    }

    @Test func notificationsAreVerifiedWithTheirTransaction() throws {
        let refund = try verifier().notification(try #require(fixtures.notifications["refund"]).signedPayload, now: now)
        #expect(refund.notificationType == "REFUND")
        #expect(refund.effect == .revoke)
        guard case .revoked = try #require(refund.transaction).standing(at: now) else {
            Issue.record("a refund carries the revoked transaction")
            return
        }
        let renewal = try verifier().notification(
            try #require(fixtures.notifications["did_renew"]).signedPayload, now: now)
        #expect(renewal.effect == .update)
        #expect(renewal.transaction?.transactionId == "2000000101")
        let unknown = try verifier().notification(
            try #require(fixtures.notifications["unknown_type"]).signedPayload, now: now)
        #expect(unknown.effect == .none)
        #expect(unknown.subtype == "PENDING")
        for name in ["payload_changed", "other_root"] {
            let notification = try #require(fixtures.notifications[name])
            #expect(
                refusal { try verifier().notification(notification.signedPayload, now: now) } == notification.expect)
        }
    }
}
