import DiaryStore
import FishingModel
import Foundation
import HTTPServer
import MediaLibrary
import MediaMetadata
import Portal
import PortalStore
import Site
import SyncProtocol
import TestSupport
import Testing

/// The site in a real browser (issue 16 §4): the portal on a real socket, filled by devices that
/// synced, driven by headless Chromium through Selenium at phone, tablet and desktop sizes
/// (tools/site_browser_test.py), with axe-core's scan of every page. With
/// `HOBBYSTORY_SITE_SCREENSHOTS=DIR` the same run writes every page at every size to DIR
/// (scripts/site-screenshots.sh refreshes docs/site this way).
@Suite("Site in a real browser", .serialized, .timeLimit(.minutes(6)))
struct SiteBrowserTests {
    static let video = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/site_video.mp4")

    /// Anna's season (25 trips, a photo and a video on the newest trip's catch, a report saved in
    /// the app), three more devices of hers to sign out (one per size), and Boris with a trip of
    /// his own.
    func fill(_ portal: PortalHarness) async throws -> [String: Any] {
        let (phone, trips, _) = try await SiteDiaryTests().loggedSeason(portal)
        let newest = try #require(trips.last)
        let fish = try #require(try phone.diary.catches.list().filter { $0.tripId == newest.id }.first)
        _ = try await SiteDiaryTests.attachPhoto(to: fish, on: phone)
        let media = try MediaStore(diary: phone.diary)
        _ = try MediaImporter(store: media).importMedia(
            MediaSource(url: Self.video, target: MediaTarget(.catch, fish.id)))
        let saved = try phone.diary.saveReport(title: "Fish by month", formula: "count(catch) by month", chart: "line")
        let root = media.root
        _ = try await phone.sync.sync(phone.queue, contentURL: { MediaStore.contentURL(root, $0) })
        var devices: [String: String] = [:]
        for size in ["phone", "tablet", "desktop"] {
            let name = "Old \(size)"
            _ = try portal.store.accounts.signIn(
                email: "anna@example.org", password: "correct horse", deviceId: UUID(), deviceName: name)
            devices[size] = name
        }
        try portal.store.accounts.signUp(email: "admin@example.org", password: "correct horse", isAdmin: true)
        try portal.store.licences.importSales(
            try SalesImportTests.report("sales_2026-06-01.txt") + SalesImportTests.report("sales_2026-06-02.txt.gz"))
        for (code, count) in [("contentDamaged", 5), ("io", 1)] {
            _ = try portal.store.diagnostics.receive(
                SiteErrorPagesTests.upload(code: code, occurrences: count, message: "exporting", at: portal.clock.now),
                account: nil)
        }
        let boris = try await portal.device("boris-phone", email: "boris@example.org", signUp: true)
        let (_, borisTrip, _) = try boris.logTrip(catches: 1)
        try await boris.synchronise()
        // Anna bought the app; Boris tried the same purchase on his account.
        let purchase = try #require(try LicensingEndpointTests.configuration().appStore).transaction(
            LicensingFixtures.shared.jws("ok"), now: LicensingFixtures.now)
        for device in [phone, boris] {
            _ = try? portal.store.licences.redeem(
                purchase, account: try #require(try device.diary.sync.account()?.accountId),
                device: try device.diary.replicaId(), limits: PurchaseLimits())
        }
        // A pike Anna shared at about 1 km from a spot inside the Helsinki pack (the portal draws
        // the link's map), with a sample photo that carries EXIF; and a link she then revoked.
        let account = try #require(try phone.diary.sync.account()).accountId
        let card = SharedCatch(
            species: "Northern pike", caughtAt: newest.startAt, utcOffsetSeconds: 10_800, count: 1, weightKg: 4.2,
            lengthCm: 81, released: true, bait: "Spoon", method: "Spinning", precision: .about1km,
            point: SharePrecision.about1km.sharedPoint(latitude: 60.171_23, longitude: 24.943_71),
            region: "Uusimaa, Finland", spotName: nil)
        let photo = try JPEGMetadataStripping.stripped(
            [UInt8](
                try Data(
                    contentsOf: packageRoot.appendingPathComponent("Platform/Wireframes/sample-photos/IMG_2041.jpg"))))
        let shared = try portal.store.shares.create(
            account: account, ShareRequest(id: UUID(), catchId: fish.id, card: card, photo: nil, expiresAt: nil),
            photo: photo, path: { SitePage.sharedCatch.target(["token": $0]) })
        let revoked = try portal.store.shares.create(
            account: account, ShareRequest(id: UUID(), catchId: fish.id, card: card, photo: nil, expiresAt: nil),
            photo: nil, path: { SitePage.sharedCatch.target(["token": $0]) })
        try portal.store.shares.revoke(account: account, id: revoked.id)
        return [
            "shared": ["path": shared.path, "gone": revoked.path, "secrets": ["60.1712", "24.9437"]],
            "anna": ["email": "anna@example.org", "password": "correct horse"],
            "tripCount": trips.count, "filterSpecies": "perca-fluviatilis", "filteredCount": 5,
            "mediaTripTitle": newest.title ?? "",
            "devicesToRevoke": devices, "otherAccountTrip": borisTrip.id.uuidString.lowercased(),
            "admin": ["email": "admin@example.org", "password": "correct horse"], "renameSpecies": "esox-lucius",
            "renamedTo": "Northern pike", "sharedBy": "boris@example.org",
            "savedReport": ["id": saved.id.uuidString.lowercased(), "title": saved.title],
        ]
    }

    @Test(
        "Given a filled portal, when Chromium signs in, browses, filters, opens a photo, scrubs a video, signs a device out and signs out at three sizes, then every step works and axe finds nothing serious",
        arguments: Backend.available)
    func browse(backend: Backend) async throws {
        let packs = try temporaryFolder("site-browser-packs")
        defer { try? FileManager.default.removeItem(at: packs) }
        try writeHelsinkiMapPack(into: packs)
        let portal = try PortalHarness(backend, maps: MapShelf(folder: packs))
        var scenario = try await fill(portal)
        scenario["mapPack"] = ["lat": 60.1705, "lon": 24.9435, "zoom": 15, "tiles": "/v1/tile-images/helsinki/"]
        let phone = try await portal.device("second-phone", email: "anna@example.org")
        try await phone.synchronise()
        let server = try HTTPServer.start(portal.portal.application())
        scenario["url"] = "http://127.0.0.1:\(server.port)"
        let folder = try temporaryFolder("site-browser")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("scenario.json")
        try JSONSerialization.data(withJSONObject: scenario).write(to: file)
        var arguments = ["python3", packageRoot.appendingPathComponent("tools/site_browser_test.py").path, file.path]
        if backend == .sqlite, let screenshots = ProcessInfo.processInfo.environment["HOBBYSTORY_SITE_SCREENSHOTS"] {
            arguments += ["--screenshots", screenshots]
        }
        let command = arguments
        let run = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try externalCommand(command) }) }
        }
        await server.stop()
        let output = String(decoding: run.output + run.errors, as: UTF8.self)
        print(output.suffix(600))
        try await phone.synchronise()
        #expect(
            try phone.diary.directoryEntry(.species, id: "esox-lucius")?.nameEn == "Northern pike (desktop)",
            "the administrator's last rename reached the device")
        #expect(
            run.status == 0,
            "tools/site_browser_test.py (scripts/install-deps.sh installs chromium, chromium-driver, selenium, axe-selenium-python): \(output.suffix(6_000))"
        )
    }
}
