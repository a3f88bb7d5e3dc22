import Foundation
import TestSupport
import Testing

/// Licensing end to end (T13, issue 17) against a real `hobbystory-portal` that sells the app
/// (the test root of tools/make_licensing_fixtures.py) and requires a purchase to push: the
/// trial works offline, a push is refused with every change kept, `licence redeem` with a
/// StoreKit transaction unlocks it, another account cannot reuse the purchase, a token under
/// the wrong key counts for nothing, and `admin licences` shows it all.
@Suite("hobbystory licence against a running portal", .timeLimit(.minutes(3)))
struct LicenceCLITests {
    static let fixtures = LicensingFixtures.shared

    @Test(
        "Given a portal requiring a purchase, when an angler syncs, then the push is refused and kept; redeeming unlocks it; another account cannot reuse it"
    )
    func endToEnd() async throws {
        let data = try temporaryFolder("portal-licences")
        let root = data.appendingPathComponent("test-root.pem")
        try Self.fixtures.appStoreRoot.write(to: root, atomically: true, encoding: .utf8)
        let portal = try PortalProcess(
            data: data,
            arguments: [
                "--app-store-root-ca", root.path, "--bundle-id", Self.fixtures.bundleId, "--products",
                Self.fixtures.products.joined(separator: ","), "--require-entitlement",
            ])
        defer { portal.stop() }
        var anna = try await signedUpAngler(portal, email: "anna@example.org")
        let trial = try await anna.run(["licence", "status", "--json"]).object()
        #expect(trial["state"] as? String == "trial")
        #expect(trial["canWrite"] as? Bool == true)

        #expect(
            try await anna.run(["spot", "add", "--name", "Pike bay", "--lat", "60.1", "--lon", "24.9"]).status == 0)
        let refused = try await anna.run(["sync"])
        #expect(refused.status == 4, "\(refused.stderr)")
        #expect(refused.stderr.contains("entitlement_required") && refused.stderr.contains("licence redeem"))
        #expect(try await anna.run(["sync", "status", "--json"]).object()["pending"] as? Int == 1)

        let purchase = anna.folder.appendingPathComponent("transaction.jws")
        try Self.fixtures.jws("lifetime").write(to: purchase, atomically: true, encoding: .utf8)
        let redeemed = try await anna.run(["licence", "redeem", "--signed-transaction", purchase.path, "--json"])
        #expect(redeemed.status == 0, "\(redeemed.stderr)")
        #expect(try redeemed.object()["state"] as? String == "active")
        #expect(try redeemed.object()["product"] as? String == "org.hobbystory.fishing.lifetime")
        #expect(try await anna.run(["sync"]).status == 0)
        #expect(try await anna.run(["sync", "status", "--json"]).object()["pending"] as? Int == 0)

        // The key the app ships with (`admin licences key`) agrees; another key finds no genuine token.
        let (keyStatus, key) = try portalAdmin(data, ["licences", "key"])
        #expect(keyStatus == 0)
        anna.environment["HOBBYSTORY_LICENCE_KEY"] = key.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try await anna.run(["licence", "status", "--json"]).object()["state"] as? String == "active")
        anna.environment["HOBBYSTORY_LICENCE_KEY"] = Self.fixtures.entitlement.publicKey
        let forged = try await anna.run(["licence", "status", "--json"]).object()
        #expect(forged["state"] as? String == "trial")
        #expect(forged["signals"] as? [String] == ["forged_token"])

        let bob = try await signedUpAngler(portal, email: "bob@example.org")
        let copied = bob.folder.appendingPathComponent("transaction.jws")
        try Self.fixtures.jws("lifetime").write(to: copied, atomically: true, encoding: .utf8)
        let shared = try await bob.run(["licence", "redeem", "--signed-transaction", copied.path])
        #expect(shared.status == 4, "\(shared.stderr)")
        #expect(shared.stderr.contains("purchase_shared"))
        let tampered = bob.folder.appendingPathComponent("tampered.jws")
        try Self.fixtures.jws("payload_changed").write(to: tampered, atomically: true, encoding: .utf8)
        let forgedPurchase = try await bob.run(["licence", "redeem", "--signed-transaction", tampered.path])
        #expect(forgedPurchase.status == 1, "\(forgedPurchase.stderr)")
        #expect(forgedPurchase.stderr.contains("bad_signature"))

        let (listed, text) = try portalAdmin(data, ["licences", "list", "--json"])
        #expect(listed == 0, "\(text)")
        let licences = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(licences.count == 1)
        #expect(licences.first?["accounts"] as? [String] == ["anna@example.org"])
        #expect(licences.first?["refusals"] as? Int == 1)
    }
}
