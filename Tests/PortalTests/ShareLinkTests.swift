import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import HTTPServer
import MediaLibrary
import MediaMetadata
import Portal
import Site
import SyncClient
import SyncProtocol
import TestSupport
import Testing

@testable import PortalStore

/// Links to shared catches (issue 34 §4), tried as an attacker who has the link: nothing it serves
/// — the page, its photo, the map tile it asks for — gives the spot finer than the angler chose;
/// a card finer than its precision is refused; a revoked or expired link serves nothing.
@Suite("Shared catches", .timeLimit(.minutes(3)))
struct ShareLinkTests {
    /// A spot in the Helsinki map pack, named so that its name is easy to look for.
    static let spot = SpotDraft(name: "Secret pike bay", latitude: 60.171_23, longitude: 24.943_71)
    /// What the Helsinki pack covers (its header's bounds): the 1 km square's centre lies in it,
    /// the 10 km square's does not.
    static func packCovers(_ point: SharedPoint) -> Bool {
        (60.164_155...60.179_113).contains(point.latitude) && (24.935_176_2...24.953_414_5).contains(point.longitude)
    }
    static let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MediaMetadataTests/Fixtures/photo_exif_full.jpg")

    /// A portal with the Helsinki pack, a phone signed in, and a pike with a photo at the spot.
    static func setUp(_ backend: Backend) async throws -> (PortalHarness, TestDevice, Catch, URL) {
        let folder = try temporaryFolder("share-maps")
        try writeHelsinkiMapPack(into: folder)
        let portal = try PortalHarness(backend, maps: MapShelf(folder: folder))
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let spot = try phone.diary.spots.add(spot)
        let trip = try phone.diary.trips.add(
            TripDraft(spotId: spot.id, startAt: portal.clock.now, utcOffsetSeconds: 7_200))
        let pike = try phone.diary.catches.add(
            CatchDraft(
                tripId: trip.id, speciesId: "esox-lucius", caughtAt: portal.clock.now, utcOffsetSeconds: 7_200,
                weightKg: 4.2, lengthCm: 81))
        let store = try MediaStore(diary: phone.diary)
        _ = try MediaImporter(store: store).importMedia(
            MediaSource(url: photo, target: MediaTarget(.catch, pike.id)))
        return (portal, phone, pike, folder)
    }

    /// Sharing as the app does, with the photo's own bytes (EXIF and GPS included) as its picture:
    /// the portal must strip them itself.
    static func sharing(_ portal: PortalHarness, _ phone: TestDevice) -> CatchSharing {
        CatchSharing(
            diary: phone.queue, transport: { _ in portal.transport() },
            picture: { _, _ in [UInt8](try Data(contentsOf: photo)) })
    }

    @Test(
        "Given a pike at a secret spot shared at each precision, then the page, the photo and the map tile give nothing finer than chosen, and a revoked link serves nothing",
        arguments: Backend.available)
    func nothingFinerThanChosen(backend: Backend) async throws {
        let (portal, phone, pike, folder) = try await Self.setUp(backend)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sharing = Self.sharing(portal, phone)
        for precision in SharePrecision.allCases {
            let preparation = try await sharing.prepare(pike.id, precision: precision)
            let link = try await sharing.share(pike.id, preparation, expiresAt: nil)
            #expect(link.url.absoluteString.hasPrefix("http://portal.test/s/"))
            let page = try await portal.client.send(.get, link.summary.path)
            #expect(page.status == .ok)
            #expect(page.text.contains("Northern pike") && page.text.contains("4.2"))
            #expect(page.headers["X-Robots-Tag"] == "noindex, nofollow")
            #expect(!page.text.contains("anna@example.org"), "nothing of the account")
            // The spot to four decimals (about 10 m), and its name, only when shared exactly.
            for secret in ["60.1712", "24.9437", "Secret pike bay"] {
                #expect(page.text.contains(secret) == (precision == .exact), "\(secret) at \(precision)")
            }
            let numbers = page.text.matches(of: /(?:60|24)\.\d{3,}/).map { String($0.output) }
            #expect(precision == .exact || numbers.isEmpty, "no fine figures at \(precision): \(numbers)")

            let photo = try await portal.client.send(.get, link.summary.path + "/photo.jpg")
            #expect(photo.status == .ok && photo.headers["Content-Type"] == "image/jpeg")
            let metadata = try MediaMetadataReader.read(DataByteSource(photo.body))
            #expect(metadata.latitude == nil && metadata.longitude == nil && metadata.capturedAt == nil)
            #expect(photo.body.firstRange(of: Data("Exif".utf8)) == nil)

            let tile = page.text.firstMatch(of: /src="\/v1\/tile-images\/helsinki\/(\d+)\/(\d+)\/(\d+)"/)
            if let zoom = SharePages.mapZoom(precision), let point = preparation.card.point, Self.packCovers(point) {
                let found = try #require(tile, "a map at \(precision)")
                #expect(Int(found.output.1) == zoom)
                let expected = SharePages.tile(point, zoom: zoom)
                #expect(Int(found.output.2) == expected.x && Int(found.output.3) == expected.y)
                let picture = try await portal.client.send(
                    .get, "/v1/tile-images/helsinki/\(found.output.1)/\(found.output.2)/\(found.output.3)")
                #expect(picture.status == .ok, "the tile the page asks for is drawn")
            } else {
                #expect(tile == nil, "no map at \(precision)")
            }

            try await sharing.revoke(link.summary.id)
            #expect(try await portal.client.send(.get, link.summary.path).status == .gone)
            #expect(try await portal.client.send(.get, link.summary.path + "/photo.jpg").status == .notFound)
            try await sharing.revoke(link.summary.id)
        }
        let links = try await sharing.links()
        #expect(links.count == SharePrecision.allCases.count && links.allSatisfy { $0.summary.revokedAt != nil })
        #expect(links.allSatisfy { !$0.summary.hasPhoto }, "a revoked link keeps no photo")
    }

    @Test(
        "Given cards finer than their precision, a photo that is not a JPEG or an expiry out of range, then the portal refuses them naming the field and keeps nothing",
        arguments: Backend.available)
    func refusals(backend: Backend) async throws {
        let (portal, phone, pike, folder) = try await Self.setUp(backend)
        defer { try? FileManager.default.removeItem(at: folder) }
        let token = try #require(try phone.diary.sync.account()?.token)
        let card = try await Self.sharing(portal, phone).prepare(pike.id, precision: .about1km).card
        var exactPoint = card
        exactPoint.point = SharedPoint(latitude: 60.171_23, longitude: 24.943_71)
        var named = card
        named.spotName = "Secret pike bay"
        var regionAtNone = card
        (regionAtNone.precision, regionAtNone.point, regionAtNone.region) = (.none, nil, "Uusimaa, Finland")
        var offGrid = card
        offGrid.precision = .about10km
        let cases: [(ShareRequest, String)] = [
            (ShareRequest(id: UUID(), catchId: pike.id, card: exactPoint, photo: nil, expiresAt: nil), "card.point"),
            (ShareRequest(id: UUID(), catchId: pike.id, card: offGrid, photo: nil, expiresAt: nil), "card.point"),
            (ShareRequest(id: UUID(), catchId: pike.id, card: named, photo: nil, expiresAt: nil), "card.spotName"),
            (ShareRequest(id: UUID(), catchId: pike.id, card: regionAtNone, photo: nil, expiresAt: nil), "card.region"),
            (
                ShareRequest(
                    id: UUID(), catchId: pike.id, card: card, photo: Data("GIF89a".utf8).base64EncodedString(),
                    expiresAt: nil), "photo"
            ),
            (
                ShareRequest(
                    id: UUID(), catchId: pike.id, card: card, photo: nil,
                    expiresAt: portal.clock.now.addingTimeInterval(-1)),
                "expiresAt"
            ),
            (
                ShareRequest(
                    id: UUID(), catchId: pike.id, card: card, photo: nil,
                    expiresAt: portal.clock.now.addingTimeInterval(400 * 86_400)), "expiresAt"
            ),
        ]
        let headers: HTTPHeaders = [
            "Authorization": "Bearer \(token)", SyncProtocolVersion.header: "\(SyncProtocolVersion.current)",
        ]
        for (request, field) in cases {
            let answer = try await portal.client.send(
                .post, PortalEndpoint.createShare.pattern, headers: headers, json: request)
            #expect(answer.status == .badRequest && answer.text.contains(field), "\(field): \(answer.text)")
        }
        let huge = ShareRequest(
            id: UUID(), catchId: pike.id, card: card,
            photo: String(repeating: "A", count: ShareRequest.maximumBodyBytes), expiresAt: nil)
        let tooLarge = try await portal.client.send(
            .post, PortalEndpoint.createShare.pattern, headers: headers, json: huge)
        #expect(tooLarge.status.code == 413)
        #expect(
            try portal.store.shares.list(account: try #require(try phone.diary.sync.account()).accountId, path: { $0 })
                .isEmpty)
    }

    @Test(
        "Given an account's links, then their photos are bounded in number, and an expired link's photo is deleted by the upkeep",
        arguments: Backend.available)
    func photosBounded(backend: Backend) async throws {
        let (portal, phone, pike, folder) = try await Self.setUp(backend)
        defer { try? FileManager.default.removeItem(at: folder) }
        let account = try #require(try phone.diary.sync.account()).accountId
        let card = try await Self.sharing(portal, phone).prepare(pike.id, precision: .region, withPhoto: false).card
        let photo = try JPEGMetadataStripping.stripped([UInt8](try Data(contentsOf: Self.photo)))
        func share(expiring: Date? = nil) throws -> ShareSummary {
            try portal.store.shares.create(
                account: account,
                ShareRequest(id: UUID(), catchId: pike.id, card: card, photo: nil, expiresAt: expiring),
                photo: photo, path: { $0 })
        }
        let expiring = try share(expiring: portal.clock.now.addingTimeInterval(3_600))
        for _ in 1..<ShareStore.maximumPhotos { _ = try share() }
        #expect(throws: PortalStoreError.self) { try share() }
        portal.clock.advance(by: 3_601)
        #expect(try portal.store.shares.deleteExpiredPhotos() == 1)
        #expect(try portal.store.shares.photo(token: expiring.path) == nil)
        #expect(
            try portal.store.shares.list(account: account, path: { $0 }).first { $0.id == expiring.id }?.hasPhoto
                == false)
        _ = try share()
        #expect(throws: PortalStoreError.self) { try share() }
    }

    @Test(
        "Given a link, then a retry gives the same link, another card under its id is refused, another account cannot revoke it, and it is gone once expired or its account deleted",
        arguments: Backend.available)
    func lifeOfALink(backend: Backend) async throws {
        let (portal, phone, pike, folder) = try await Self.setUp(backend)
        defer { try? FileManager.default.removeItem(at: folder) }
        let preparation = try await Self.sharing(portal, phone).prepare(
            pike.id, precision: .about10km, withPhoto: false)
        let request = ShareRequest(
            id: UUID(), catchId: pike.id, card: preparation.card, photo: nil,
            expiresAt: portal.clock.now.addingTimeInterval(7 * 86_400))
        let engine = SyncEngine(transport: portal.transport(), sleep: { _ in })
        let first = try await engine.createShare(phone.queue, request)
        #expect(try await engine.createShare(phone.queue, request) == first, "a retry makes no second link")
        var changed = request
        changed.card.count = 2
        await #expect(throws: SyncError.self) { try await engine.createShare(phone.queue, changed) }
        #expect(try await engine.shares(phone.queue).count == 1)

        let eve = try await portal.device("eve", email: "eve@example.org", signUp: true)
        #expect(try await engine.shares(eve.queue).isEmpty, "another account sees none of Anna's links")
        await #expect(throws: SyncError.self) { try await engine.revokeShare(eve.queue, id: first.id) }
        #expect(try await portal.client.send(.get, first.path).status == .ok, "still live")
        #expect(try await portal.client.send(.get, "/s/0123456789abcdef0123456789abcdef").status == .notFound)
        #expect(try await portal.client.send(.get, "/s/..%2F..%2Fetc").status == .notFound)

        portal.clock.advance(by: 7 * 86_400 - 1)
        #expect(try await portal.client.send(.get, first.path).status == .ok, "a second before it expires")
        portal.clock.advance(by: 2)
        #expect(try await portal.client.send(.get, first.path).status == .gone, "expired")
        let account = try #require(try phone.diary.sync.account()).accountId
        try portal.store.accounts.delete(account, typedEmail: "anna@example.org", password: "correct horse")
        #expect(try await portal.client.send(.get, first.path).status == .gone, "its account deleted")
        portal.clock.advance(by: 31 * 86_400)
        #expect(try portal.store.accounts.purgeDeleted() == 1)
        #expect(try await portal.client.send(.get, first.path).status == .notFound, "purged with the account")
    }
}
