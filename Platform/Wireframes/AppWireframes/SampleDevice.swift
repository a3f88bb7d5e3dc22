import AppFeatures
import AppUI
import Diagnostics
import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import JPEGThumbnails
import Licensing
import MapSources
import MediaLibrary
import Routing
import SecureHashing
import SyncClient
import SyncProtocol
import Weather

/// A device with one angler's diary in a temporary folder, for the wireframes: empty, or holding
/// a year in Helsinki (``SampleSeason``: spots, trips, catches, conditions, photos, a saved
/// report, something in the Trash), signed in to a
/// portal or not (the wireframes have no network: a sync fails as offline).
@MainActor
struct SampleDevice {
    let folder: URL
    let storage: SerialAccess<DeviceStorage>
    let diary: DiaryQueue

    init(filled: Bool, signedIn: Bool = false) async throws {
        folder = Self.root.appendingPathComponent(UUID().uuidString)
        let device = try DeviceStorage(root: folder)
        try device.addProfile(ProfileDraft(displayName: "Anna"))
        if filled { try device.addProfile(ProfileDraft(displayName: "Ivan", pin: "2468")) }
        diary = DiaryQueue(try device.openDiary(named: "Anna", pin: nil))
        storage = SerialAccess(try DeviceStorage(root: folder), label: "wireframes-device")
        if filled {
            try Self.fill(diary)
            try Self.installMapPack(in: folder)
        }
        if signedIn {
            try await diary.write { diary in
                try diary.sync.saveAccount(
                    portalURL: "https://portal.example.org", email: "anna@example.org", accountId: UUID(),
                    token: "wireframe")
            }
        }
    }

    /// Removes the device's folder, first stopping the log its screen models write into it: a
    /// background task still running (a catch's conditions) must not make the folder again; what
    /// one still writes goes with ``root`` when the process ends.
    func remove() {
        Diagnostics.install(nil)
        try? FileManager.default.removeItem(at: folder)
    }

    /// Where this process keeps its sample devices: `$TMPDIR/hobbystory-wireframes-<pid>`,
    /// removed when the process exits, pass or fail.
    static let root: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hobbystory-wireframes-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit {
            try? FileManager.default.removeItem(
                at: FileManager.default.temporaryDirectory.appendingPathComponent(
                    "hobbystory-wireframes-\(ProcessInfo.processInfo.processIdentifier)"))
        }
        return root
    }()

    /// The wireframes' clock: a June morning of the sample season.
    nonisolated static let clock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_780_310_000) }

    /// A season's diary: its records and photos, and the help tip long put away (an empty diary
    /// is a first run, which shows it).
    private static func fill(_ diary: DiaryQueue) throws {
        let season = try SampleSeason.load()
        let settings = AppSettings(units: .defaults(for: diary.profile.units, language: .english), helpTipDone: true)
        let document = try JSONEncoder().encode(settings)
        try diary.write { diary in
            try season.write(into: diary)
            try addPhotos(to: diary)
            try diary.saveAppSettings(document)
        }
    }

    /// A photo of the season as `tools/make_sample_photos.py` lists it: its file and its catch.
    private struct SamplePhoto: Decodable {
        let file: String
        let species: String
        let caughtAt: TimeInterval
    }

    /// The season's photos (`tools/make_sample_photos.py`; their thumbnails are drawn when a
    /// grid first shows them, through the providers' maker), each linked to the catch it shows —
    /// the latest trip's fish and the three heaviest of the season —, a video of the latest trip,
    /// and a HEIC photo not yet given to a catch (Linux draws no HEIC, so its tile shows its kind
    /// and name).
    private static func addPhotos(to diary: Diary) throws {
        let importer = MediaImporter(store: try MediaStore(diary: diary))
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../sample-photos").standardized
        let photos = try JSONDecoder().decode(
            [SamplePhoto].self, from: Data(contentsOf: folder.appendingPathComponent("photos.json")))
        let catches = try diary.trips.list().flatMap { try diary.catches.list(tripId: $0.id) }
        for photo in photos {
            guard
                let item = catches.first(where: {
                    $0.speciesId == photo.species && $0.caughtAt == Date(timeIntervalSince1970: photo.caughtAt)
                })
            else { throw WireframeError("no catch of \(photo.species) at \(photo.caughtAt) for \(photo.file)") }
            _ = try importer.importMedia(
                MediaSource(url: folder.appendingPathComponent(photo.file), target: MediaTarget(.catch, item.id)))
        }
        guard let latest = try diary.trips.list().max(by: { $0.startAt < $1.startAt }) else { return }
        _ = try importer.importMedia(
            MediaSource(url: Self.photo("video_location.mp4"), target: MediaTarget(.trip, latest.id)))
        _ = try importer.importMedia(MediaSource(url: Self.photo("photo_iloc_v0.heic")))
    }

    /// The Helsinki pack of the rendering tests, installed as the app installs a download.
    private static func installMapPack(in folder: URL) throws {
        let pack = folder.appendingPathComponent("maps/helsinki")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        let tiles = try Data(contentsOf: fixture("MapRenderingTests/Fixtures/helsinki.pmtiles"))
        try tiles.write(to: pack.appendingPathComponent("helsinki.pmtiles"))
        let manifest: [String: Any] = [
            "format": 1, "name": "helsinki", "title": "Helsinki",
            "bounds": [24.9351762, 60.164155, 24.9534145, 60.179113], "minZoom": 6,
            "maxZoom": 14, "source": "Helsinki.osm.pbf", "sourceDate": "2024-06-01", "licence": "ODbL-1.0",
            "attribution": "© OpenStreetMap contributors",
            "files": [
                [
                    "name": "helsinki.pmtiles", "role": "tiles", "bytes": tiles.count,
                    "sha256": SHA256Digest.hex(of: tiles),
                ]
            ],
        ]
        try JSONSerialization.data(withJSONObject: manifest).write(to: pack.appendingPathComponent("manifest.json"))
    }

    /// A file of the repository's test fixtures (the tool runs in the repository).
    static func fixture(_ path: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Tests/\(path)").standardized
    }

    /// A photo of the repository's metadata fixtures (the tool runs in the repository).
    static func photo(_ name: String) -> URL {
        fixture("MediaMetadataTests/Fixtures/\(name)")
    }

    /// The screen models as the app makes them, on a device without position or network.
    func models(language: Language) async throws -> ScreenModels {
        try await ScreenModels.assemble(
            diary: diary, storage: storage, profiles: ProfilesModel(storage: storage, language: language),
            deviceLanguage: language, providers: Self.providers)
    }

    /// A device without position or network, its clock in the sample season; its keychain
    /// starts empty for each drawing.
    static var providers: AppProviders {
        AppProviders(
            location: NoLocation(), trackPositions: SampleWalk(), routes: NoRoutes(), httpTransport: NoWeatherNetwork(),
            syncTransport: { _ in SharingPortal() }, deviceName: "Wireframe iPhone", appVersion: "1.0 (wireframe)",
            mapKeys: MapKeysInMemory(), thumbnails: JPEGThumbnailMaker(), now: clock,
            timeZone: TimeZone(secondsFromGMT: 10_800)!, store: SampleStore(),
            licenceProducts: SampleStore.products.map(\.id),
            licensing: LicensingBuildSettings(teamId: "HS00000000", portalKey: Data(repeating: 7, count: 32)))
    }
}

/// The App Store as the wireframes show it: a subscription and a one-time purchase, whose
/// purchase waits for approval (Ask to Buy), so no portal is needed.
struct SampleStore: AppStorePurchasing {
    static let products = [
        StoreProduct(id: "org.hobbystory.fishing.yearly", name: "One year", price: "9,99 €"),
        StoreProduct(id: "org.hobbystory.fishing.lifetime", name: "For good", price: "24,99 €"),
    ]

    func products(_ ids: [String]) async throws -> [StoreProduct] { Self.products.filter { ids.contains($0.id) } }
    func purchase(_ productId: String) async throws -> PurchaseOutcome { .pending }
    func currentEntitlements() async -> [String] { [] }
    func firstDownload() async -> Date? { nil }
}

/// A device whose position is unknown.
struct NoLocation: LocationProviding {
    func currentCoordinate() async -> Coordinate? { nil }
}

/// A walk south along Töölönlahti's east shore while a track records (issue 34 §3): a fix
/// every minute about 25 m on, good to 5 m; then the device waits, as a phone in a pocket does.
struct SampleWalk: TrackPositions {
    static let fixes: [PositionFix] = (0..<16).map { step in
        PositionFix(
            coordinate: Coordinate(
                latitude: 60.1790 - Double(step) * 0.000_22, longitude: 24.9381 + Double(step % 4) * 0.000_08),
            accuracyMeters: 5, time: SampleDevice.clock().addingTimeInterval(Double(step) * 60))
    }

    func fixes() -> AsyncThrowingStream<PositionFix, any Error> {
        AsyncThrowingStream { continuation in
            for fix in Self.fixes { continuation.yield(fix) }
        }
    }
}

/// A device without a route provider's data or network.
struct NoRoutes: RouteProvider {
    func route(from start: Coordinate, to end: Coordinate, by mode: TravelMode) async throws(RouteProblem) -> Route {
        throw .offline
    }
}

/// A portal that answers only for links to shared catches (issue 34 §4): it makes a link, lists
/// three made earlier in the season (one working, one expiring, one withdrawn) and withdraws one,
/// so the share sheet and Settings › Sharing catches can be drawn; everything else fails as
/// without network.
struct SharingPortal: SyncTransport {
    /// The links made before the wireframes' morning, the newest first.
    static let earlier: [ShareSummary] = {
        let day = 86_400.0
        let morning = SampleDevice.clock()
        func made(_ id: String, _ species: String, _ precision: SharePrecision, photo: Bool, daysAgo: Double)
            -> ShareSummary
        {
            ShareSummary(
                id: UUID(uuidString: id)!, catchId: UUID(uuidString: id)!,
                path: "/s/\(id.replacingOccurrences(of: "-", with: ""))",
                species: species, precision: precision, hasPhoto: photo,
                createdAt: morning.addingTimeInterval(-daysAgo * day), expiresAt: nil, revokedAt: nil)
        }
        var perch = made("5e0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d", "European perch", .region, photo: false, daysAgo: 9)
        perch.expiresAt = perch.createdAt.addingTimeInterval(30 * day)
        var zander = made("4d9a0b1c-2d3e-4f4a-9b5c-6d7e8f9a0b1c", "Zander", .about10km, photo: true, daysAgo: 30)
        zander.revokedAt = zander.createdAt.addingTimeInterval(6 * day)
        return [
            made("6f1c0a9e-2b7d-48e3-a5c4-f09d1e2b3c4d", "Northern pike", .about1km, photo: true, daysAgo: 3), perch,
            zander,
        ]
    }()

    func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
        switch (request.method, request.target) {
        case (PortalEndpoint.shares.method, PortalEndpoint.shares.pattern):
            return try Self.answer(200, Self.earlier)
        case (PortalEndpoint.revokeShare.method, _) where request.target.hasPrefix(PortalEndpoint.shares.pattern):
            return SyncHTTPResponse(status: 204, body: Data())
        case (PortalEndpoint.createShare.method, PortalEndpoint.createShare.pattern):
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            guard let body = request.body, let share = try? decoder.decode(ShareRequest.self, from: body) else {
                throw SyncTransportError("the wireframes' portal could not read the share")
            }
            let summary = ShareSummary(
                id: share.id, catchId: share.catchId, path: "/s/6f1c0a9e2b7d48e3a5c4f09d1e2b3c4d",
                species: share.card.species, precision: share.card.precision, hasPhoto: share.photo != nil,
                createdAt: SampleDevice.clock(), expiresAt: share.expiresAt, revokedAt: nil)
            return try Self.answer(201, summary)
        default:
            return try await NoNetwork().send(request)
        }
    }

    private static func answer(_ status: Int, _ value: some Encodable) throws(SyncTransportError) -> SyncHTTPResponse {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        do {
            return SyncHTTPResponse(status: status, body: try encoder.encode(value))
        } catch {
            throw SyncTransportError("the wireframes' portal could not write its answer: \(error)")
        }
    }
}

/// No network: every request fails as a dropped connection does.
struct NoNetwork: SyncTransport {
    func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
        throw SyncTransportError("no network in the wireframes")
    }
}

/// No network for weather either: what the device computes (sky, magnetic field) still shows.
struct NoWeatherNetwork: HTTPTransport {
    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        throw .failed("no network in the wireframes")
    }
}
