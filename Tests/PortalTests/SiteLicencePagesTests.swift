import Foundation
import HTTPServer
import PortalStore
import SyncClient
import TestSupport
import Testing

/// The site's licence pages (T13, issue 17) for administrators: every purchase with the account
/// it unlocks, its devices and refused sharing; one purchase's history; the latest events with a
/// device's signal of tampering — and nothing of it for anglers who are not administrators.
@Suite("Site: licences", .timeLimit(.minutes(2)))
struct SiteLicencePagesTests {
    @Test(
        "Given a purchase shared with a second account and a device's tamper signal, then the admin sees them on the licence pages and an angler sees none",
        arguments: Backend.available)
    func pages(backend: Backend) async throws {
        let portal = try LicensingEndpointTests.portal(backend, try LicensingEndpointTests.configuration())
        let fixtures = LicensingFixtures.shared
        let anna = try await portal.device("anna-phone", email: "anna@example.org", signUp: true)
        _ = try await anna.sync.api.redeemAppStore(
            signedTransaction: fixtures.jws("ok"), token: LicensingEndpointTests.token(anna))
        _ = try await anna.sync.api.refreshEntitlement(
            signals: ["debugger_attached"], token: LicensingEndpointTests.token(anna))
        let boris = try await portal.device("boris-phone", email: "boris@example.org", signUp: true)
        _ = await LicensingEndpointTests.refusal {
            try await boris.sync.api.redeemAppStore(
                signedTransaction: fixtures.jws("ok"), token: LicensingEndpointTests.token(boris))
        }

        try portal.store.accounts.signUp(email: "admin@example.org", password: "correct horse", isAdmin: true)
        let admin = SiteBrowser(portal.client)
        #expect(try await admin.signIn("admin@example.org").status.code == 303)
        #expect(try await admin.get("/admin").text.contains("href=\"/admin/licences\""))
        let list = try await admin.get("/admin/licences")
        #expect(list.status.code == 200)
        #expect(list.text.contains("href=\"/admin/licences/2000000100\""))
        #expect(list.text.contains("anna@example.org") && !list.text.contains("boris@example.org</td><td>1"))
        #expect(list.text.contains("signal of tampering") && list.text.contains("debugger_attached"))
        let purchase = try await admin.get("/admin/licences/2000000100")
        #expect(purchase.status.code == 200)
        #expect(purchase.text.contains("sharing refused") && purchase.text.contains("boris@example.org"))
        #expect(purchase.text.contains("org.hobbystory.fishing.yearly"))
        #expect(try await admin.get("/admin/licences/%3Cscript%3E").status.code == 404)

        let angler = SiteBrowser(portal.client)
        #expect(try await angler.signIn("anna@example.org").status.code == 303)
        #expect(try await angler.get("/admin/licences").status.code == 403)
    }
}
