import DiaryStore
import FishingModel
import Foundation
import HTTPServer
import SyncProtocol
import TestSupport
import Testing

@testable import Portal
@testable import PortalStore

/// The site's security (issue 16 §3), over HTTP: session cookies, CSRF, escaping, headers,
/// sign-in limits shared with the API, and one account never reaching another's pages.
@Suite("Site: sessions, CSRF, escaping, headers, accounts kept apart", .timeLimit(.minutes(3)))
struct SiteSecurityTests {
    /// A portal with an account (anna@example.org) whose phone synced a trip with a catch, a
    /// site browser signed in to it, and the phone.
    func signedIn(_ backend: Backend, title: String? = nil, notes: String? = nil) async throws
        -> (PortalHarness, SiteBrowser, TestDevice, Trip, Catch)
    {
        let portal = try PortalHarness(backend)
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let spot = try phone.diary.spots.add(SpotDraft(name: "Volga bend", latitude: 56.84, longitude: 35.9))
        let trip = try phone.diary.trips.add(
            TripDraft(spotId: spot.id, startAt: phone.clock.now, utcOffsetSeconds: 10_800, title: title, notes: notes))
        let fish = try phone.diary.catches.add(contentsOf: [
            CatchDraft(
                tripId: trip.id, speciesId: "esox-lucius", caughtAt: phone.clock.now, utcOffsetSeconds: 10_800,
                weightKg: 2.4, notes: notes)
        ])
        try await phone.synchronise()
        let browser = SiteBrowser(portal.client)
        let signIn = try await browser.signIn("anna@example.org")
        #expect(signIn.status.code == 303, "\(signIn.text)")
        return (portal, browser, phone, trip, fish[0])
    }

    @Test(
        "Given a sign-in on the site, then the session cookie is a random token, HttpOnly and SameSite=Lax, kept only as its hash, and Secure when a trusted proxy says TLS",
        arguments: Backend.available)
    func sessionCookie(backend: Backend) async throws {
        let (portal, browser, _, _, _) = try await signedIn(backend)
        let token = try #require(browser.cookies["hs_session"])
        #expect(token.count == 64 && token.allSatisfy(\.isHexDigit))
        let stored = try portal.store.database.read { sql in
            (
                try sql.queryFirst("SELECT COUNT(*) FROM sessions WHERE token_hash = ?", [.text(token)])?.int64(0),
                try sql.queryFirst(
                    "SELECT COUNT(*) FROM sessions WHERE token_hash = ?", [.text(PortalStore.tokenHash(token))])?.int64(
                        0)
            )
        }
        #expect(stored.0 == 0 && stored.1 == 1, "only the hash is stored")

        let fresh = SiteBrowser(portal.client)
        try await fresh.get("/signin")
        let answer = try await fresh.post("/signin", ["email": "anna@example.org", "password": "correct horse"])
        let cookie = try #require(answer.headers.values(for: "Set-Cookie").first { $0.hasPrefix("hs_session=") })
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Max-Age="))
        #expect(!cookie.contains("Secure"), "plain HTTP: a Secure cookie would never come back")
        #expect(fresh.cookies["hs_session"] != token, "each sign-in gets its own random token")

        let proxied = PortalApplication(store: portal.store, trustedProxies: ["10.0.0.2"])
        let behindTLS = SiteBrowser(HTTPTestClient(proxied.application()), remoteAddress: "10.0.0.2")
        try await behindTLS.get("/signin", headers: ["X-Forwarded-Proto": "https"])
        let secure = try await behindTLS.post(
            "/signin", ["email": "anna@example.org", "password": "correct horse"],
            headers: ["X-Forwarded-Proto": "https"])
        #expect(secure.headers.values(for: "Set-Cookie").allSatisfy { $0.contains("; Secure") })
        let untrusted = SiteBrowser(HTTPTestClient(proxied.application()), remoteAddress: "192.0.2.7")
        let claimed = try await untrusted.get("/signin", headers: ["X-Forwarded-Proto": "https"])
        #expect(claimed.headers.values(for: "Set-Cookie").allSatisfy { !$0.contains("Secure") })
    }

    @Test(
        "Given a form without this session's token, or posted from another origin, then it is refused with 403 and changes nothing",
        arguments: Backend.available)
    func csrf(backend: Backend) async throws {
        let (portal, browser, _, _, _) = try await signedIn(backend)
        try await browser.get("/account")
        let change = ["current": "correct horse", "new": "battery staple", "repeat": "battery staple"]
        let missing = try await browser.post("/account/password", change, token: .some(nil))
        #expect(missing.status.code == 403)
        #expect(missing.text.contains("did not come from this site"))
        let forged = try await browser.post("/account/password", change, token: String(repeating: "a", count: 64))
        #expect(forged.status.code == 403)
        let other = SiteBrowser(portal.client)
        _ = try await other.signIn("anna@example.org")
        try await other.get("/account")
        let borrowed = try await browser.post("/account/password", change, token: other.formToken)
        #expect(borrowed.status.code == 403, "a token belongs to one session")
        try await browser.get("/account")
        let crossOrigin = try await browser.post(
            "/account/password", change, headers: ["Origin": "https://evil.example", "Host": "portal.test"])
        #expect(crossOrigin.status.code == 403)
        let signOut = try await browser.post("/signout", [:], token: .some(nil))
        #expect(signOut.status.code == 403)
        #expect(try await browser.get("/diary").status.code == 200, "still signed in")
        #expect(try await browser.signIn("anna@example.org", "correct horse").status.code == 303)
        _ = try portal.store.accounts.signIn(
            email: "anna@example.org", password: "correct horse", deviceId: UUID(), deviceName: "check")

        let loginForged = SiteBrowser(portal.client)
        let noFormCookie = try await loginForged.post(
            "/signin", ["email": "anna@example.org", "password": "correct horse"],
            token: String(repeating: "b", count: 64))
        #expect(noFormCookie.status.code == 403, "sign-in forms carry the browser's own token too")
        #expect(loginForged.cookies["hs_session"] == nil)
    }

    @Test(
        "Given notes and a title of <script>alert(1)</script>, then every page shows them as text",
        arguments: Backend.available)
    func escaping(backend: Backend) async throws {
        let hostile = "<script>alert(1)</script>\"'&"
        let (_, browser, _, trip, fish) = try await signedIn(backend, title: hostile, notes: hostile)
        for target in [
            "/diary", "/diary/trips/\(trip.id.uuidString.lowercased())",
            "/diary/catches/\(fish.id.uuidString.lowercased())",
        ] {
            let page = try await browser.get(target)
            #expect(page.status.code == 200, "\(target)")
            #expect(!page.text.contains("<script"), "\(target)")
            #expect(page.text.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;"), "\(target)")
        }
        let searched = try await browser.get("/diary?q=%3Cscript%3E%22")
        #expect(!searched.text.contains("<script"))
        #expect(searched.text.contains("value=\"&lt;script&gt;&quot;\""))
    }

    @Test(
        "Given any page or error page, then it carries a strict CSP, nosniff, no framing, a same-origin referrer policy and no-store",
        arguments: Backend.available)
    func headers(backend: Backend) async throws {
        let (_, browser, _, trip, fish) = try await signedIn(backend)
        let targets = [
            "/account", "/diary", "/diary?year=2026", "/diary/trips/\(trip.id.uuidString.lowercased())",
            "/diary/catches/\(fish.id.uuidString.lowercased())", "/diary/trips/\(UUID().uuidString)",
            "/diary?year=banana", "/diary/trips/not-an-id",
        ]
        for target in targets {
            let page = try await browser.get(target)
            let policy = try #require(page.headers["Content-Security-Policy"], "\(target)")
            #expect(policy.contains("default-src 'none'") && policy.contains("frame-ancestors 'none'"))
            #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
            #expect(page.headers["X-Content-Type-Options"] == "nosniff")
            #expect(page.headers["Referrer-Policy"] == "same-origin")
            #expect(page.headers["Cache-Control"] == "no-store")
            #expect(page.headers["Content-Type"] == "text/html; charset=utf-8", "\(target): \(page.status)")
            #expect(!page.text.contains(" style=") && !page.text.contains("<script"), "nothing inline: \(target)")
        }
        let refused = try await browser.get("/diary?year=banana")
        #expect(refused.status.code == 400)
        #expect(refused.text.contains("year &quot;banana&quot; must be a whole number from 1 to 9999"))
        #expect(try await browser.get("/diary/trips/\(UUID().uuidString)").status.code == 404)
        let anonymous = try await SiteBrowser(browser.client).get("/signin")
        #expect(anonymous.headers["Content-Security-Policy"] != nil)
    }

    @Test(
        "Given two accounts, when one opens the other's trip, catch, photo or device, then it is not found and nothing changes",
        arguments: Backend.available)
    func accountsKeptApart(backend: Backend) async throws {
        let (portal, anna, phone, trip, fish) = try await signedIn(backend)
        let photo = try await SiteDiaryTests.attachPhoto(to: fish, on: phone)
        let phoneId = try phone.diary.replicaId()
        _ = try await portal.device("boris-phone", email: "boris@example.org", signUp: true)
        let boris = SiteBrowser(portal.client)
        #expect(try await boris.signIn("boris@example.org").status.code == 303)
        for target in [
            "/diary/trips/\(trip.id.uuidString.lowercased())", "/diary/catches/\(fish.id.uuidString.lowercased())",
            "/diary/media/\(photo.asset.id.uuidString.lowercased())",
            "/account/devices/\(phoneId.uuidString.lowercased())/revoke",
        ] {
            #expect(try await boris.get(target).status.code == 404, "\(target)")
        }
        try await boris.get("/account")
        let revoke = try await boris.post(
            "/account/devices/\(phoneId.uuidString.lowercased())/revoke", ["confirm": "yes"])
        #expect(revoke.status.code == 404)
        #expect(!(try await boris.get("/diary").text.contains("Volga bend")))
        #expect(try await phone.synchronise().pushed == 0, "Anna's phone still syncs")
        #expect(try await anna.get("/diary/trips/\(trip.id.uuidString.lowercased())").status.code == 200)
    }

    @Test(
        "Given pages that need a sign-in, then a visitor is sent to sign in and back, never to another site",
        arguments: Backend.available)
    func signInRedirects(backend: Backend) async throws {
        let (portal, _, _, trip, _) = try await signedIn(backend)
        let visitor = SiteBrowser(portal.client)
        let target = "/diary/trips/\(trip.id.uuidString.lowercased())"
        let sent = try await visitor.get(target)
        #expect(sent.status.code == 303)
        #expect(sent.headers["Location"] == "/signin?next=%2Fdiary%2Ftrips%2F\(trip.id.uuidString.lowercased())")
        try await visitor.get(try #require(sent.headers["Location"]))
        let back = try await visitor.post(
            "/signin", ["email": "anna@example.org", "password": "correct horse", "next": target])
        #expect(back.headers["Location"] == target)
        for evil in ["//evil.example/", "https://evil.example/", "/\\evil.example"] {
            let stranger = SiteBrowser(portal.client)
            try await stranger.get("/signin")
            let answer = try await stranger.post(
                "/signin", ["email": "anna@example.org", "password": "correct horse", "next": evil])
            #expect(answer.headers["Location"] == "/diary", "\(evil)")
        }
        #expect(try await visitor.get("/").headers["Location"] == "/diary")
        #expect(try await SiteBrowser(portal.client).get("/").headers["Location"] == "/signin")
    }

    @Test(
        "Given wrong passwords, then the site says so, and five of them through the API stop the site's sign-in too (429)",
        arguments: Backend.available)
    func signInLimits(backend: Backend) async throws {
        let (portal, _, _, _, _) = try await signedIn(backend)
        let browser = SiteBrowser(portal.client)
        let wrong = try await browser.signIn("anna@example.org", "wrong horse")
        #expect(wrong.status.code == 401)
        #expect(wrong.text.contains("The email or the password is wrong"))
        #expect(wrong.text.contains("value=\"anna@example.org\""), "the email is kept")
        for _ in 0..<4 {
            _ = try await portal.client.send(
                .post, PortalEndpoint.signIn.pattern,
                json: SignInRequest(
                    email: "ANNA@example.org", password: "guess", deviceId: UUID(), deviceName: "guesser"))
        }
        let limited = try await browser.signIn("anna@example.org", "correct horse")
        #expect(limited.status.code == 429)
        #expect(limited.text.contains("Too many wrong passwords"))
        #expect(browser.cookies["hs_session"] == nil)
    }
}
