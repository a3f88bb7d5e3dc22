import DiaryStore
import FishingModel
import Foundation
import HTTPServer
import SyncProtocol
import TestSupport
import Testing

@testable import PortalStore

/// Deleting an account from the site (issue 16 §1): typed confirmation, signed out everywhere at
/// once, restorable for 30 days, then purged with its photos' bytes.
@Suite("Site: deleting an account", .timeLimit(.minutes(2)))
struct SiteAccountDeletionTests {
    @Test(
        "Given a typed email and the password, then the account is deleted, restorable for 30 days, then purged with its bytes",
        arguments: Backend.available)
    func deleteRestorePurge(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let (_, _, fish) = try phone.logTrip(catches: 2)
        let photo = try await SiteDiaryTests.attachPhoto(to: fish[0], on: phone)
        let account = try #require(try phone.diary.sync.account()).accountId
        let browser = SiteBrowser(portal.client)
        #expect(try await browser.signIn("anna@example.org").status.code == 303)

        let confirm = try await browser.get("/account/delete")
        #expect(confirm.text.contains("Delete the account anna@example.org?"))
        let typo = try await browser.post("/account/delete", ["email": "ana@example.org", "password": "correct horse"])
        #expect(typo.status.code == 400 && typo.text.contains("The email typed is not this account&#39;s"))
        let wrong = try await browser.post("/account/delete", ["email": "anna@example.org", "password": "wrong horse"])
        #expect(wrong.status.code == 400 && wrong.text.contains("The password is wrong; nothing was deleted."))
        #expect(try await browser.get("/diary").status.code == 200)

        let deleted = try await browser.post(
            "/account/delete", ["email": " ANNA@example.org ", "password": "correct horse"])
        let location = try #require(deleted.headers["Location"])
        #expect(location.hasPrefix("/signin?deleted="))
        #expect(try await browser.get(location).text.contains("The administrators can restore it until"))
        #expect(try await browser.get("/diary").status.code == 303, "signed out")
        await #expect(throws: (any Error).self) { try await phone.synchronise() }
        let again = try await SiteBrowser(portal.client).signIn("anna@example.org")
        #expect(again.status.code == 410 && again.text.contains("The account was deleted."))
        let api = try await portal.client.send(
            .post, PortalEndpoint.signIn.pattern,
            json: SignInRequest(email: "anna@example.org", password: "correct horse", deviceId: UUID(), deviceName: "x")
        )
        #expect(api.status.code == 410 && api.text.contains("account_deleted"))

        try portal.store.accounts.restore(email: "anna@example.org")
        #expect(try await browser.signIn("anna@example.org").status.code == 303)
        #expect(try await browser.get("/diary").text.contains("1 trip"), "restored whole")

        try await browser.get("/account/delete")
        _ = try await browser.post("/account/delete", ["email": "anna@example.org", "password": "correct horse"])
        portal.clock.advance(by: 29 * 86_400)
        #expect(try portal.store.accounts.purgeDeleted() == 0, "still restorable")
        portal.clock.advance(by: 2 * 86_400)
        #expect(throws: PortalStoreError.self) { try portal.store.accounts.restore(email: "anna@example.org") }
        #expect(try portal.store.accounts.purgeDeleted() == 1)
        let left = try portal.store.database.read { sql in
            try ["accounts", "records", "devices", "sessions", "media_content", "media_garbage", "history"].map {
                table in
                try sql.queryFirst(
                    "SELECT COUNT(*) FROM \(table) WHERE \(table == "accounts" ? "id" : "account_id") = ?",
                    [PortalValue(account)])?.int64(0) ?? -1
            }
        }
        #expect(left == [0, 0, 0, 0, 0, 0, 0])
        #expect(try portal.store.media.size(account: account, sha256: photo.asset.sha256) == nil)
        #expect(
            try portal.store.accounts.signUp(email: "anna@example.org", password: "correct horse") != account,
            "the email is free again")
    }
}
