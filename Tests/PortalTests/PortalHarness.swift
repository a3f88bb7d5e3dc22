import DiaryStore
import DirectoryData
import FishingModel
import Foundation
import HTTPServer
import Portal
import PortalStore
import PostgresDB
import Site
import SyncClient
import SyncProtocol
import Synchronization
import TestSupport
import Testing

/// The two portal backends every portal test runs against. PostgreSQL needs
/// `HOBBYSTORY_TEST_DATABASE_URL` (scripts/start-postgres.sh); CI sets
/// `HOBBYSTORY_REQUIRE_POSTGRES=1`, which makes a missing server a failure instead of a skip.
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgresql

    var testDescription: String { rawValue }

    static let postgresURL = ProcessInfo.processInfo.environment["HOBBYSTORY_TEST_DATABASE_URL"].flatMap {
        $0.isEmpty ? nil : $0
    }
    static let postgresRequired = ProcessInfo.processInfo.environment["HOBBYSTORY_REQUIRE_POSTGRES"] == "1"

    /// The backends to test here: SQLite always, PostgreSQL when a server is given or required.
    static let available: [Backend] = postgresURL != nil || postgresRequired ? [.sqlite, .postgresql] : [.sqlite]

    struct MissingServer: Error, CustomStringConvertible {
        let description =
            "HOBBYSTORY_REQUIRE_POSTGRES=1 but HOBBYSTORY_TEST_DATABASE_URL is unset; run eval \"$(scripts/start-postgres.sh)\""
    }

    /// A new, empty, migrated database of this backend.
    func makeDatabase() throws -> any PortalDatabase {
        switch self {
        case .sqlite:
            return try SQLitePortalDatabase(folder: try temporaryFolder("portal"))
        case .postgresql:
            return PostgresPortalDatabase(url: try Self.freshSchemaURL(), connections: 8)
        }
    }

    /// For PostgreSQL, the URL of a new, empty schema (what `--database-url` takes); nil for
    /// SQLite, which a portal keeps in its data folder.
    func databaseURL() throws -> String? {
        self == .postgresql ? try Self.freshSchemaURL() : nil
    }

    private static func freshSchemaURL() throws -> String {
        guard let url = postgresURL else { throw MissingServer() }
        let schema = "portal_test_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        let admin = try PostgresConnection(url: url)
        _ = try admin.execute("CREATE SCHEMA \(schema)")
        // Dropped when the tests end, with whatever the test's portal left in it.
        TestFiles.atExit { _ = try? PostgresConnection(url: url).execute("DROP SCHEMA \(schema) CASCADE") }
        let separator = url.contains("?") ? "&" : "?"
        return "\(url)\(separator)options=-csearch_path%3D\(schema)"
    }
}

/// One portal (store + HTTP application) on a fresh database, with a clock the test moves.
final class PortalHarness: Sendable {
    let clock: TestClock
    let store: PortalStore
    let portal: PortalApplication
    let client: HTTPTestClient

    init(
        _ backend: Backend, clock: TestClock = TestClock(Date(timeIntervalSince1970: 1_780_000_000)),
        maps: MapShelf = MapShelf(), routeLimiter: AttemptLimiter = AttemptLimiter(),
        drawingLimiter: AttemptLimiter = AttemptLimiter(maximumFailures: 1_200, window: 60),
        licensing: LicensingConfiguration = LicensingConfiguration(),
        licensingLimiters: LicensingLimiters = LicensingLimiters(),
        oldestProtocol: Int = SyncProtocolVersion.oldestServed
    ) throws {
        self.clock = clock
        let database = try backend.makeDatabase()
        try database.migrate()
        store = PortalStore(
            database: database, blobs: try FileMediaBlobStore(root: try temporaryFolder("portal-media")),
            clock: clock.function, passwords: testPasswordHashing)
        let bundled = try BundledDirectories.load()
        try store.directories.seed(bundled.entries, version: bundled.version)
        portal = PortalApplication(
            store: store, limiter: AttemptLimiter(clock: clock.function), routeLimiter: routeLimiter,
            drawingLimiter: drawingLimiter, maps: maps,
            replicaFolder: try temporaryFolder("site-replicas"),
            siteTiles: MapPages.Tiles(urlTemplate: nil, attribution: "© OpenStreetMap contributors"),
            licensing: licensing, licensingLimiters: licensingLimiters, oldestProtocol: oldestProtocol)
        client = HTTPTestClient(portal.application())
    }

    /// The same database and clock served through another store configuration (e.g. a quota).
    init(
        sharing other: PortalHarness, store: PortalStore, licensing: LicensingConfiguration = LicensingConfiguration()
    ) throws {
        clock = other.clock
        self.store = store
        portal = PortalApplication(store: store, limiter: AttemptLimiter(clock: clock.function), licensing: licensing)
        client = HTTPTestClient(portal.application())
    }

    /// A transport to this portal without a socket; `faults` drops some exchanges on purpose.
    func transport(faults: FaultPlan? = nil) -> InProcessTransport {
        InProcessTransport(client: client, faults: faults)
    }

    /// A new device with one profile, signed in to `email` (signed up first when `signUp`).
    func device(
        _ name: String, email: String, password: String = "correct horse", signUp: Bool = false,
        faults: FaultPlan? = nil
    ) async throws -> TestDevice {
        let device = try TestDevice(name: name, clock: TestClock(clock.now), transport: transport(faults: faults))
        if signUp {
            _ = try await PortalClient(transport: transport(), sleep: { _ in }).signUp(email: email, password: password)
        }
        try await signIn(device, email: email, password: password)
        return device
    }

    /// Two devices of one new account ("anna@example.org"), the usual cast of the sync tests.
    func phoneAndTablet() async throws -> (TestDevice, TestDevice) {
        let phone = try await device("phone", email: "anna@example.org", signUp: true)
        return (phone, try await device("tablet", email: "anna@example.org"))
    }

    /// Signs a device's diary in (again), as after its session expired.
    func signIn(_ device: TestDevice, email: String, password: String = "correct horse") async throws {
        _ = try await SyncEngine(transport: transport(), sleep: { _ in }).signIn(
            device.queue, portalURL: "http://portal.test", email: email, password: password, deviceName: device.name)
    }
}

/// The conditions a weather fill stores (12.5 °C, falling pressure), fetched at `date`.
func weatherFill(at date: Date) -> StoredConditions {
    StoredConditions(
        temperatureC: 12.5, pressureHpa: 1012, pressureChange3h: -1.5, pressureTendency: "falling",
        windSpeedMs: 3, windDirectionDeg: 200, humidityPercent: 70, kp: 2, complete: true,
        snapshotJSON: "{\"temperature\":12.5}", fetchedAt: date)
}

/// A device: its own storage, one angler's diary, its own clock, and a sync client.
final class TestDevice: @unchecked Sendable {
    let name: String
    let clock: TestClock
    let storage: DeviceStorage
    let diary: Diary
    /// The same diary as the app uses it (a second connection to the file): sync goes through it.
    let queue: DiaryQueue
    var sync: SyncEngine

    convenience init(name: String, clock: TestClock, transport: any SyncTransport) throws {
        let root = try temporaryFolder("device-\(name)")
        try DeviceStorage(root: root).addProfile(ProfileDraft(displayName: "Angler"))
        try self.init(name: name, clock: clock, root: root, transport: transport)
    }

    /// A device over existing storage holding the profile "Angler".
    init(name: String, clock: TestClock, root: URL, transport: any SyncTransport) throws {
        self.name = name
        self.clock = clock
        storage = try DeviceStorage(root: root, now: clock.function)
        diary = try storage.openDiary(named: "Angler", pin: nil)
        queue = DiaryQueue(try storage.openDiary(named: "Angler", pin: nil))
        sync = SyncEngine(transport: transport, sleep: { _ in })
    }

    @discardableResult
    func synchronise() async throws -> SyncReport { try await sync.sync(queue) }

    /// A spot, a trip there and `catches` catches, at the device's clock.
    @discardableResult
    func logTrip(catches: Int = 2, species: String = "esox-lucius") throws -> (Spot, Trip, [Catch]) {
        let spot = try diary.spots.add(
            SpotDraft(name: "Spot \(UUID().uuidString.prefix(4))", latitude: 56, longitude: 37))
        let trip = try diary.trips.add(TripDraft(spotId: spot.id, startAt: clock.now, utcOffsetSeconds: 10_800))
        let fish = try diary.catches.add(
            contentsOf: (0..<catches).map { index in
                CatchDraft(
                    tripId: trip.id, speciesId: species, caughtAt: clock.now.addingTimeInterval(Double(index * 60)),
                    utcOffsetSeconds: 10_800, weightKg: 1 + Double(index) / 10)
            })
        return (spot, trip, fish)
    }

    /// Everything live in the diary, for comparing devices.
    func contents() throws -> DiaryContents {
        DiaryContents(
            spots: try diary.spots.list().sorted { $0.id.uuidString < $1.id.uuidString },
            trips: try diary.trips.list().sorted { $0.id.uuidString < $1.id.uuidString },
            catches: try diary.catches.list().sorted { $0.id.uuidString < $1.id.uuidString })
    }
}

struct DiaryContents: Equatable {
    var spots: [Spot]
    var trips: [Trip]
    var catches: [Catch]
}

/// Which exchanges an ``InProcessTransport`` drops: before the portal sees the request, or
/// after it has answered (the answer is lost, as when a connection breaks on the way back).
final class FaultPlan: Sendable {
    private let state: Mutex<(random: SeededRandom, dropped: Int)>
    let probability: Double

    init(seed: UInt64, probability: Double) {
        state = Mutex((SeededRandom(seed: seed), 0))
        self.probability = probability
    }

    enum Decision { case deliver, dropRequest, dropAnswer }

    func next() -> Decision {
        state.withLock { state in
            let roll = state.random.nextDouble()
            guard roll < probability else { return .deliver }
            state.dropped += 1
            return roll < probability / 2 ? .dropRequest : .dropAnswer
        }
    }

    var dropped: Int { state.withLock { $0.dropped } }
}

/// The sync client's transport straight into the portal's HTTP application.
struct InProcessTransport: SyncTransport {
    let client: HTTPTestClient
    let faults: FaultPlan?

    func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
        let decision = faults?.next() ?? .deliver
        if decision == .dropRequest { throw SyncTransportError("connection dropped before the request arrived") }
        let response = try await InProcessTransport.deliver(
            request, to: client, body: request.body.map(HTTPBody.buffered) ?? .empty)
        if decision == .dropAnswer { throw SyncTransportError("connection dropped before the answer arrived") }
        return response
    }

    /// Sends one request to the application with `body` (which may be cut short on purpose).
    static func deliver(_ request: SyncHTTPRequest, to client: HTTPTestClient, body: HTTPBody)
        async throws(SyncTransportError)
        -> SyncHTTPResponse
    {
        var headers: HTTPHeaders = [:]
        for (name, value) in request.allHeaders { headers[name] = value }
        do {
            let response = try await client.send(
                HTTPMethod(rawValue: request.method), request.target, headers: headers, body: body)
            var responseHeaders: [String: String] = [:]
            for field in response.headers { responseHeaders[field.name] = field.value }
            return SyncHTTPResponse(status: response.status.code, body: response.body, headers: responseHeaders)
        } catch {
            throw SyncTransportError("\(error)")
        }
    }
}

extension PullPage {
    /// The page as the device reads it: the JSON the pull endpoint streams, decoded.
    func response() throws -> PullResponse {
        try JSONDecoder().decode(PullResponse.self, from: json(pieceBytes: 1_024).reduce(Data(), +))
    }
}
