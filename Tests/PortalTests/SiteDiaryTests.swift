import DiaryStore
import FishingModel
import Foundation
import HTTPServer
import MediaLibrary
import SyncProtocol
import TestSupport
import Testing

@testable import PortalStore

/// The site's diary and account pages (issue 16 §1–§2) over HTTP, fed by a device that synced:
/// trips newest first, filters and pages, a photo and its byte ranges, the two languages, the
/// devices and the password.
@Suite("Site: the diary and the account", .timeLimit(.minutes(3)))
struct SiteDiaryTests {
    /// Imports the fixture photo for `fish` on `device` and syncs it, bytes and all.
    static func attachPhoto(to fish: Catch, on device: TestDevice) async throws -> MediaAddition {
        let store = try MediaStore(diary: device.diary)
        let photo = try MediaImporter(store: store).importMedia(
            MediaSource(
                url: MediaSyncTests.fixtures.appendingPathComponent("photo_exif_full.jpg"),
                target: MediaTarget(.catch, fish.id)))
        let root = store.root
        _ = try await device.sync.sync(device.queue, contentURL: { MediaStore.contentURL(root, $0) })
        return photo
    }

    /// 25 trips a week apart from 2025-11-01, on two spots, every fifth with a perch, the rest pike.
    func loggedSeason(_ portal: PortalHarness) async throws -> (TestDevice, [Trip], [Spot]) {
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let spots = try ["Volga bend", "Oka mouth"].map {
            try phone.diary.spots.add(SpotDraft(name: $0, latitude: 56.84, longitude: 35.9))
        }
        let start = Date(timeIntervalSince1970: 1_761_955_200)  // 2025-11-01T00:00Z
        var trips: [Trip] = []
        for index in 0..<25 {
            let when = start.addingTimeInterval(Double(index) * 7 * 86_400)
            let trip = try phone.diary.trips.add(
                TripDraft(
                    spotId: spots[index % 2].id, startAt: when, utcOffsetSeconds: 10_800, title: "Trip \(index)",
                    notes: index == 7 ? "Ёрш и судак у моста" : nil))
            _ = try phone.diary.catches.add(contentsOf: [
                CatchDraft(
                    tripId: trip.id, speciesId: index % 5 == 0 ? "perca-fluviatilis" : "esox-lucius", caughtAt: when,
                    utcOffsetSeconds: 10_800, count: 2)
            ])
            trips.append(trip)
        }
        try await phone.synchronise()
        return (phone, trips, spots)
    }

    func titles(_ page: String) -> [String] {
        page.components(separatedBy: "<h2><a href=\"/diary/trips/").dropFirst().map {
            String($0.split(separator: ">", maxSplits: 1)[1].prefix { $0 != "<" })
        }
    }

    @Test(
        "Given 25 synced trips, then the diary pages them newest first and filters by year, species, spot and words",
        arguments: Backend.available)
    func diaryPagesAndFilters(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (_, trips, spots) = try await loggedSeason(portal)
        let browser = SiteBrowser(portal.client)
        #expect(try await browser.signIn("anna@example.org").status.code == 303)

        let first = try await browser.get("/diary")
        #expect(titles(first.text) == (5..<25).reversed().map { "Trip \($0)" })
        #expect(first.text.contains("25 trips") && first.text.contains("Page 1 of 2"))
        #expect(first.text.contains("2 fish: Northern pike"))
        let second = try await browser.get("/diary?page=2")
        #expect(titles(second.text) == (0..<5).reversed().map { "Trip \($0)" })

        #expect(titles(try await browser.get("/diary?year=2025").text) == (0..<9).reversed().map { "Trip \($0)" })
        #expect(
            titles(try await browser.get("/diary?species=perca-fluviatilis").text) == [
                "Trip 20", "Trip 15", "Trip 10", "Trip 5", "Trip 0",
            ])
        let oka = spots[1].id.uuidString.lowercased()
        let atOka = titles(try await browser.get("/diary?spot=\(oka)").text)
        #expect(atOka.count == 12 && atOka.allSatisfy { Int($0.dropFirst(5))! % 2 == 1 })
        #expect(titles(try await browser.get("/diary?q=%D0%B5%D1%80%D1%88").text) == ["Trip 7"], "ёрш found as ерш")
        #expect(titles(try await browser.get("/diary?q=trip+24").text) == ["Trip 24"])
        let perchTrips = ["Trip 20", "Trip 15", "Trip 10", "Trip 5", "Trip 0"]
        #expect(titles(try await browser.get("/diary?q=perch").text) == perchTrips, "a species by its English name")
        #expect(
            titles(try await browser.get("/diary?q=%D0%BE%D0%BA%D1%83%D0%BD%D1%8C").text) == perchTrips,
            "and by its Russian one (окунь)")
        #expect(titles(try await browser.get("/diary?q=perch+oka").text) == ["Trip 15", "Trip 5"], "with the spot")
        let combined = try await browser.get("/diary?year=2026&species=perca-fluviatilis&spot=\(oka)")
        #expect(titles(combined.text) == ["Trip 15"])
        #expect(combined.text.contains("<option value=\"2026\" selected>"))
        let none = try await browser.get("/diary?year=2030")
        #expect(none.text.contains("No trips match these filters."))
        let paged = try await browser.get("/diary?year=2026")
        #expect(paged.text.contains("16 trips") == true)
        #expect(trips.count == 25)

        for bad in ["page=0", "page=x", "spot=nowhere", "year=99999", "q=\(String(repeating: "a", count: 201))"] {
            let refused = try await browser.get("/diary?\(bad)")
            #expect(refused.status.code == 400, "\(bad)")
        }
    }

    @Test(
        "Given a catch with a photo, then its page shows it, and the photo streams with its type and byte ranges",
        arguments: Backend.available)
    func photoAndRanges(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let (_, trip, fish) = try phone.logTrip(catches: 1)
        let photo = try await Self.attachPhoto(to: fish[0], on: phone)
        let browser = SiteBrowser(portal.client)
        #expect(try await browser.signIn("anna@example.org").status.code == 303)

        let source = "/diary/media/\(photo.asset.id.uuidString.lowercased())"
        let page = try await browser.get("/diary/catches/\(fish[0].id.uuidString.lowercased())")
        #expect(page.text.contains("<img src=\"\(source)\""))
        #expect(page.text.contains("<a href=\"/diary/trips/\(trip.id.uuidString.lowercased())\">"))
        let bytes = try Data(contentsOf: MediaSyncTests.fixtures.appendingPathComponent("photo_exif_full.jpg"))
        let whole = try await browser.get(source)
        #expect(whole.status.code == 200 && whole.body == bytes)
        #expect(whole.headers["Content-Type"] == "image/jpeg")
        #expect(whole.headers["Cache-Control"] == "private, max-age=86400")
        let part = try await browser.get(source, headers: ["Range": "bytes=100-199"])
        #expect(part.status.code == 206 && part.body == bytes[100..<200])
        #expect(part.headers["Content-Range"] == "bytes 100-199/\(bytes.count)")
        #expect(try await SiteBrowser(portal.client).get(source).status.code == 303, "not without a session")
    }

    @Test("Given Accept-Language or the switch, then pages speak Russian or English", arguments: Backend.available)
    func languages(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        _ = try await loggedSeason(portal)
        let browser = SiteBrowser(portal.client)
        let russian = try await browser.get("/signin", headers: ["Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"])
        #expect(russian.text.contains("<html lang=\"ru\">") && russian.text.contains("Электронная почта"))
        #expect(try await browser.signIn("anna@example.org").status.code == 303)
        let diary = try await browser.get("/diary", headers: ["Accept-Language": "ru"])
        #expect(diary.text.contains("25 поездок") && diary.text.contains("2 рыбы: Щука обыкновенная"))
        let switched = try await browser.get("/diary?lang=en", headers: ["Accept-Language": "ru"])
        #expect(switched.text.contains("25 trips"))
        #expect(browser.cookies["hs_lang"] == "en")
        #expect(
            try await browser.get("/account", headers: ["Accept-Language": "ru"]).text.contains("Devices and browsers"))
    }

    @Test(
        "Given the account page, then it lists the devices, signs one out after asking, and a new password signs out the others",
        arguments: Backend.available)
    func accountDevicesAndPassword(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (phone, tablet) = try await portal.phoneAndTablet()
        let browser = SiteBrowser(
            portal.client, userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Firefox/130.0")
        #expect(try await browser.signIn("anna@example.org").status.code == 303)
        let account = try await browser.get("/account")
        #expect(account.text.contains("phone") && account.text.contains("tablet"))
        #expect(account.text.contains("Firefox on macOS (web) <span class=\"tag\">this browser</span>"))

        let tabletId = try tablet.diary.replicaId().uuidString.lowercased()
        let confirm = try await browser.get("/account/devices/\(tabletId)/revoke")
        #expect(confirm.text.contains("Sign “tablet” out?"))
        let unconfirmed = try await browser.post("/account/devices/\(tabletId)/revoke", [:])
        #expect(unconfirmed.headers["Location"] == "/account/devices/\(tabletId)/revoke", "asks first")
        try await browser.get("/account/devices/\(tabletId)/revoke")
        let revoked = try await browser.post("/account/devices/\(tabletId)/revoke", ["confirm": "yes"])
        #expect(revoked.headers["Location"] == "/account?done=device")
        #expect(try await browser.get("/account?done=device").text.contains("The device was signed out."))
        await #expect(throws: (any Error).self) { try await tablet.synchronise() }
        #expect(try await phone.synchronise().pushed == 0)

        try await browser.get("/account")
        let mismatch = try await browser.post(
            "/account/password", ["current": "correct horse", "new": "battery staple", "repeat": "battery stable"])
        #expect(mismatch.status.code == 400 && mismatch.text.contains("The two new passwords differ"))
        let wrong = try await browser.post(
            "/account/password", ["current": "wrong horse", "new": "battery staple", "repeat": "battery staple"])
        #expect(wrong.status.code == 400 && wrong.text.contains("The current password is wrong"))
        let short = try await browser.post(
            "/account/password", ["current": "correct horse", "new": "short", "repeat": "short"])
        #expect(short.status.code == 400 && short.text.contains("must be 8 to 1024 characters"))
        let changed = try await browser.post(
            "/account/password", ["current": "correct horse", "new": "battery staple", "repeat": "battery staple"])
        #expect(changed.headers["Location"] == "/account?done=password")
        #expect(try await browser.get("/diary").status.code == 200, "this browser stays signed in")
        await #expect(throws: (any Error).self) { try await phone.synchronise() }
        #expect(try await SiteBrowser(portal.client).signIn("anna@example.org").status.code == 401)
        #expect(try await SiteBrowser(portal.client).signIn("anna@example.org", "battery staple").status.code == 303)

        try await browser.get("/account")
        let browserId = try #require(browser.cookies["hs_browser"])
        try await browser.get("/account/devices/\(browserId)/revoke")
        let own = try await browser.post("/account/devices/\(browserId)/revoke", ["confirm": "yes"])
        #expect(own.headers["Location"] == "/signin")
        #expect(try await browser.get("/diary").status.code == 303, "signing this browser out signs it out")
    }

    @Test("Given the API, then a device lists the account's devices and signs one out", arguments: Backend.available)
    func devicesThroughTheAPI(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (phone, tablet) = try await portal.phoneAndTablet()
        let token = try #require(try phone.diary.sync.account()?.token)
        let bearer: HTTPHeaders = ["Authorization": "Bearer \(token)"]
        let listed = try await portal.client.send(.get, PortalEndpoint.devices.pattern, headers: bearer)
        let devices = try listed.decode([DeviceSummary].self)
        #expect(Set(devices.map(\.name)) == ["phone", "tablet"] && devices.allSatisfy { $0.liveSessions == 1 })
        let tabletId = try tablet.diary.replicaId()
        let revoked = try await portal.client.send(
            .delete, PortalEndpoint.revokeDevice.target(["id": tabletId.uuidString]), headers: bearer)
        #expect(revoked.status.code == 204)
        let after = try await portal.client.send(.get, PortalEndpoint.devices.pattern, headers: bearer)
        #expect(try after.decode([DeviceSummary].self).first { $0.id == tabletId }?.liveSessions == 0)
        let unknown = try await portal.client.send(
            .delete, PortalEndpoint.revokeDevice.target(["id": UUID().uuidString]), headers: bearer)
        #expect(unknown.status.code == 404)
    }

    @Test(
        "Given records stored before the read index existed, then the migration's backfill indexes them",
        arguments: Backend.available)
    func backfill(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (_, _, spots) = try await loggedSeason(portal)
        try portal.store.database.write { sql in
            _ = try sql.execute(
                "UPDATE records SET local_at = NULL, parent_id = NULL, species_id = NULL, quantity = NULL", [])
        }
        let account = try #require(
            try portal.store.database.read { sql in try sql.queryFirst("SELECT id FROM accounts", [])?.uuid(0) })
        #expect(
            try portal.store.database.read { sql in
                try sql.queryFirst("SELECT COUNT(*) FROM records WHERE parent_id IS NOT NULL", [])?.int64(0)
            } == 0)
        try portal.store.database.write { sql in try RecordStore.backfillReadIndex(sql) }
        #expect(
            try portal.store.diary.trips(account: account, filter: DiaryFilter(spotId: spots[0].id), page: 1).total
                == 13
        )
        #expect(
            try portal.store.diary.trips(account: account, filter: DiaryFilter(speciesId: "perca-fluviatilis"), page: 1)
                .total == 5)
        #expect(try portal.store.diary.trips(account: account, filter: DiaryFilter(year: 2025), page: 1).total == 9)
    }

    @Test(
        "Given a diary with a photo, when its angler exports everything, then GNU tar reads the archive: every record as JSON and the photo's bytes, nothing of another account",
        arguments: Backend.available)
    func exportEverything(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let (_, trip, fish) = try phone.logTrip(catches: 2)
        let photo = try await Self.attachPhoto(to: fish[0], on: phone)
        let boris = try await portal.device("boris", email: "boris@example.org", signUp: true)
        try boris.logTrip(catches: 5)
        try await boris.synchronise()
        let browser = SiteBrowser(portal.client)
        #expect(try await browser.signIn("anna@example.org").status.code == 303)
        #expect(try await browser.get("/account").text.contains("href=\"/account/export\""))

        let archive = try await browser.get("/account/export")
        #expect(archive.status.code == 200 && archive.headers["Content-Type"] == "application/x-tar")
        #expect(archive.headers["Content-Disposition"]?.hasPrefix("attachment; filename=\"hobbystory-export-") == true)
        let folder = try temporaryFolder("export")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("export.tar")
        try archive.body.write(to: file)
        let extracted = try externalCommand(["tar", "-xf", file.path, "-C", folder.path])
        #expect(extracted.status == 0, "\(String(decoding: extracted.errors, as: UTF8.self))")
        let root = folder.appendingPathComponent("hobbystory-export")
        func records(_ name: String) throws -> [[String: Any]] {
            try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent(name)))
                as? [[String: Any]] ?? []
        }
        #expect(try records("catches.json").count == 2)
        #expect(try records("trips.json").map { $0["id"] as? String } == [trip.id.uuidString.lowercased()])
        #expect(try records("spots.json").count == 1 && records("media.json").count == 1)
        let fields = try #require(try records("catches.json").first?["fields"] as? [String: Any])
        #expect(fields["species_id"] as? String == "esox-lucius")
        let bytes = try Data(contentsOf: root.appendingPathComponent("media/\(photo.asset.sha256).jpeg"))
        #expect(bytes == (try Data(contentsOf: MediaSyncTests.fixtures.appendingPathComponent("photo_exif_full.jpg"))))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("README.txt").path))
        #expect(try await SiteBrowser(portal.client).get("/account/export").status.code == 303)
    }

    @Test(
        "Given a diary page seen once, when a device syncs a new trip or an administrator renames a species, then the page shows it at once",
        arguments: Backend.available)
    func pagesFollowChanges(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (phone, _, _) = try await loggedSeason(portal)
        let browser = SiteBrowser(portal.client)
        #expect(try await browser.signIn("anna@example.org").status.code == 303)
        #expect(try await browser.get("/diary").text.contains("25 trips"))
        #expect(try await browser.get("/diary").text.contains("25 trips"), "the same page again")
        try phone.logTrip(catches: 1)
        try await phone.synchronise()
        #expect(try await browser.get("/diary").text.contains("26 trips"))
        try portal.store.directories.renameEntry(.species, id: "esox-lucius", nameEn: "Pike of the north", nameRu: nil)
        #expect(try await browser.get("/diary").text.contains("Pike of the north"))
    }
}
