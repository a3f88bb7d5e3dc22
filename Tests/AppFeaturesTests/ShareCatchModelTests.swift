import AppFeatures
import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import SyncClient
import SyncProtocol
import Synchronization
import Testing

/// The share sheet of a catch (issue 34 §4): the precision starts at the spot's or the default in
/// Settings, the preview follows a new choice at once, the choice is kept for the spot only when
/// asked, and the link is made and withdrawn through the portal.
@MainActor
@Suite("Share a catch")
struct ShareCatchModelTests {
    /// A portal that makes, lists and revokes links and remembers the requests it was sent.
    final class Portal: SyncTransport, Sendable {
        let requests = Mutex<[ShareRequest]>([])
        let revoked = Mutex<[String]>([])
        let made = Mutex<[ShareSummary]>([])
        let clock: @Sendable () -> Date

        init(clock: @escaping @Sendable () -> Date = { Date(timeIntervalSince1970: 1_780_000_000) }) {
            self.clock = clock
        }

        func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            if request.method == "DELETE" {
                revoked.withLock { $0.append(request.target) }
                let now = clock()
                made.withLock { links in
                    for index in links.indices
                    where request.target.hasSuffix(links[index].id.uuidString.lowercased()) {
                        links[index].revokedAt = now
                    }
                }
                return SyncHTTPResponse(status: 204, body: Data())
            }
            if request.method == "GET" {
                return SyncHTTPResponse(
                    status: 200, body: (try? encoder.encode(made.withLock { $0.reversed() })) ?? Data())
            }
            guard let body = request.body, let share = try? decoder.decode(ShareRequest.self, from: body) else {
                throw SyncTransportError("unexpected \(request.method) \(request.target)")
            }
            requests.withLock { $0.append(share) }
            let summary = ShareSummary(
                id: share.id, catchId: share.catchId, path: "/s/0123456789abcdef0123456789abcdef",
                species: share.card.species, precision: share.card.precision, hasPhoto: share.photo != nil,
                createdAt: clock(), expiresAt: share.expiresAt, revokedAt: nil)
            made.withLock { $0.append(summary) }
            return SyncHTTPResponse(status: 201, body: (try? encoder.encode(summary)) ?? Data())
        }
    }

    static func sheet(_ fixture: AppFixture, portal: Portal) throws -> (ShareCatchModel, Catch) {
        let tripId = fixture.trip.id
        let pike = try fixture.diary.write {
            try $0.catches.add(
                CatchDraft(
                    tripId: tripId, speciesId: "esox-lucius", caughtAt: fixture.trip.startAt.addingTimeInterval(600),
                    utcOffsetSeconds: 10_800,
                    weightKg: 3.1))
        }
        try fixture.diary.write {
            try $0.sync.saveAccount(
                portalURL: "https://portal.example.org", email: "anna@example.org", accountId: UUID(), token: "t")
        }
        let sharing = CatchSharing(diary: fixture.diary, transport: { _ in portal }, picture: { _, _ in nil })
        let formatter = MeasureFormatter(preferences: .defaults(for: .metric, language: .english), language: .english)
        return (
            ShareCatchModel(sharing: sharing, catchId: pike.id, formatter: formatter, now: fixture.clock.function), pike
        )
    }

    @Test(
        "Given a catch whose spot has no choice, when the sheet opens and another precision is picked, then it starts at the default, the preview follows, and the link carries the chosen place"
    )
    func previewAndLink() async throws {
        let fixture = try AppFixture()
        let portal = Portal()
        let (sheet, pike) = try Self.sheet(fixture, portal: portal)
        try await sheet.load()
        #expect(sheet.precision == .about10km && !sheet.rememberForSpot)
        #expect(sheet.placeText.contains("within about 10 km of 56.8° N, 35.8° E"), "\(sheet.placeText)")
        #expect(!sheet.placeText.contains("Volga bend"))
        await sheet.choose(precision: .exact)
        #expect(sheet.placeText.hasPrefix("Volga bend") && sheet.placeText.contains("56.84° N, 35.9° E"))
        await sheet.choose(precision: .none)
        #expect(sheet.placeText == "Not shown")
        await sheet.choose(precision: .about1km)
        sheet.expiry = .week
        await sheet.createLink()
        #expect(sheet.problem == nil)
        #expect(sheet.link?.url.absoluteString == "https://portal.example.org/s/0123456789abcdef0123456789abcdef")
        let sent = try #require(portal.requests.withLock { $0.first })
        #expect(sent.catchId == pike.id && sent.card.precision == .about1km && sent.photo == nil)
        #expect(sent.card.point != nil && sent.card.point != SharedPoint(latitude: 56.84, longitude: 35.9))
        #expect(sent.expiresAt == fixture.clock.now.addingTimeInterval(7 * 86_400))
        let spot = try await fixture.diary.read { try $0.spots.record(fixture.spot.id) }
        #expect(spot.sharePrecision == nil, "not kept for the spot unless asked")

        #expect(sheet.linkLifeText?.contains("or until you withdraw it") == true, "\(sheet.linkLifeText ?? "")")
        #expect(sheet.previewFacts.map(\.label).contains("Weight"))
        await sheet.request(ShareCatchModel.revoke)
        #expect(portal.revoked.withLock { $0.isEmpty }, "withdrawing asks first")
        try await #require(sheet.confirmation).confirm()
        #expect(sheet.link == nil && portal.revoked.withLock { $0.count } == 1)
    }

    @Test(
        "Given “Use for this spot”, when a link is made, then the spot keeps the choice and the next sheet starts from it; turned off, the spot follows Settings again"
    )
    func rememberedForTheSpot() async throws {
        let fixture = try AppFixture()
        let portal = Portal()
        let (sheet, pike) = try Self.sheet(fixture, portal: portal)
        try await sheet.load()
        await sheet.choose(precision: .region)
        sheet.rememberForSpot = true
        await sheet.createLink()
        #expect(try await fixture.diary.read { try $0.spots.record(fixture.spot.id) }.sharePrecision == .region)

        let sharing = CatchSharing(diary: fixture.diary, transport: { _ in portal }, picture: { _, _ in nil })
        let formatter = MeasureFormatter(preferences: .defaults(for: .metric, language: .english), language: .english)
        let again = ShareCatchModel(sharing: sharing, catchId: pike.id, formatter: formatter)
        try await again.load()
        #expect(again.precision == .region && again.rememberForSpot)
        #expect(again.precisionNote.contains("Volga bend"))
        again.rememberForSpot = false
        try await fixture.diary.write { try $0.setDefaultSharePrecision(.none) }
        await again.createLink()
        #expect(try await fixture.diary.read { try $0.spots.record(fixture.spot.id) }.sharePrecision == nil)
    }

    @Test(
        "Given a diary not signed in to a portal, when a link is asked for, then the sheet says to sign in and nothing is sent"
    )
    func notSignedIn() async throws {
        let fixture = try AppFixture()
        let tripId = fixture.trip.id
        let pike = try await fixture.diary.write {
            try $0.catches.add(
                CatchDraft(
                    tripId: tripId, speciesId: "esox-lucius", caughtAt: fixture.trip.startAt.addingTimeInterval(600),
                    utcOffsetSeconds: 0))
        }
        let portal = Portal()
        let sharing = CatchSharing(diary: fixture.diary, transport: { _ in portal }, picture: { _, _ in nil })
        let formatter = MeasureFormatter(preferences: .defaults(for: .metric, language: .english), language: .english)
        let sheet = ShareCatchModel(sharing: sharing, catchId: pike.id, formatter: formatter)
        try await sheet.load()
        await sheet.createLink()
        #expect(sheet.link == nil && sheet.problem != nil)
        #expect(portal.requests.withLock { $0.isEmpty })
    }
}
