import DiaryStore
import DirectoryData
import FishingModel
import Foundation
import HTTPServer
import Portal
import PortalStore
import SQLiteDB
import SyncClient
import SyncProtocol
import Synchronization

/// The portal-and-sync figures (issue 5 §9) over real loopback sockets, for SQLite and, when
/// `HOBBYSTORY_BENCH_DATABASE_URL` (or `HOBBYSTORY_TEST_DATABASE_URL`) names a server, PostgreSQL:
/// an initial sync of `catches` catches with their trips and spots, a sync with nothing to do, pull
/// throughput, and requests/s of a no-change pull under 64 connections beside `/health`.
func benchmarkSync(catches: Int, load: Bool) async throws {
    let environment = ProcessInfo.processInfo.environment
    var backends: [(String, () throws -> any PortalDatabase)] = [
        ("SQLite", { try SQLitePortalDatabase(folder: folder.appendingPathComponent("portal-\(UUID())")) })
    ]
    if let url = environment["HOBBYSTORY_BENCH_DATABASE_URL"] ?? environment["HOBBYSTORY_TEST_DATABASE_URL"] {
        backends.append(("PostgreSQL", { try freshPostgresDatabase(url) }))
    } else {
        print("(PostgreSQL skipped: set HOBBYSTORY_BENCH_DATABASE_URL, e.g. from scripts/start-postgres.sh)")
    }
    for (name, make) in backends {
        try await benchmarkSync(backend: name, database: try make(), catches: catches, load: load)
    }
}

/// A new schema on the server, so every run starts empty.
private func freshPostgresDatabase(_ url: String) throws -> any PortalDatabase {
    let schema = "bench_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
    let setup = PostgresPortalDatabase(url: url, connections: 1)
    try setup.write { sql in _ = try sql.execute("CREATE SCHEMA \(schema)", []) }
    setup.close()
    let separator = url.contains("?") ? "&" : "?"
    return PostgresPortalDatabase(url: "\(url)\(separator)options=-csearch_path%3D\(schema)", connections: 16)
}

private func benchmarkSync(backend: String, database: any PortalDatabase, catches: Int, load: Bool) async throws {
    try database.migrate()
    let store = PortalStore(
        database: database, blobs: try FileMediaBlobStore(root: folder.appendingPathComponent("media-\(UUID())")))
    let bundled = try BundledDirectories.load()
    try store.directories.seed(bundled.entries, version: bundled.version)
    let server = try HTTPServer.start(PortalApplication(store: store).application(), configuration: .init(port: 0))
    let base = "http://127.0.0.1:\(server.port)"
    let transport = CountingTransport(URLSessionSyncTransport(baseURL: URL(string: base)!))
    let client = SyncEngine(transport: transport)

    let (phone, records) = try benchmarkDiary("phone", catches: catches)
    let tablet = try benchmarkDiary("tablet", catches: 0).0
    _ = try await client.api.signUp(email: "bench@example.org", password: "benchmark password")
    for diary in [phone, tablet] {
        _ = try await client.signIn(
            diary, portalURL: base, email: "bench@example.org", password: "benchmark password", deviceName: "bench")
    }

    print("sync over loopback, \(backend) portal: \(catches) catches with \(records - catches) trips and spots")
    let pushRequests = transport.count
    let push = try await timeAsync { _ = try await client.sync(phone) }
    let pushCount = transport.count - pushRequests
    let pullStart = transport.count
    let pull = try await timeAsync { _ = try await client.sync(tablet) }
    let pullCount = transport.count - pullStart
    let health = try await medianAsync(20) {
        _ = try await transport.send(SyncHTTPRequest(method: "GET", target: "/health"))
    }
    let copy = try sqliteCopyBaseline(phone)
    print(
        String(
            format: "  initial sync from the phone (push): %.2f s in %d requests   (target < 3 s)", push, pushCount))
    print(
        String(
            format: "  initial sync on the tablet (pull): %.2f s in %d requests, %.0f records/s", pull, pullCount,
            Double(records) / pull))
    print(
        String(
            format:
                "  baselines: copying the same rows between SQLite files %.3f s; one GET /health %.2f ms (× %d requests = %.2f s)",
            copy, health * 1000, pushCount + pullCount, health * Double(pushCount + pullCount)))
    let before = transport.count
    let idle = try await medianAsync(20) { _ = try await client.sync(tablet) }
    let idleRequests = Double(transport.count - before) / 20
    print(
        String(
            format:
                "  sync with nothing to do: %.2f ms median of 20, %.1f requests each   (targets < 20 ms, ≤ 2 requests)",
            idle * 1000, idleRequests))
    print("    beside one GET /health: \(ms(health)) (ratio \(String(format: "%.1f", idle / health))×)")

    guard load, let account = try await tablet.read({ try $0.sync.account() }), let token = account.token else {
        await server.stop()
        return
    }
    let pullTarget =
        base
        + PortalEndpoint.pull.target(
            query: PullQuery(cursor: SyncCursor(token: account.cursor) ?? SyncCursor(seq: 0)).items)
    if let noChange = wrk(pullTarget, header: "Authorization: Bearer \(token)"), let healthRate = wrk("\(base)/health")
    {
        print(
            String(
                format:
                    "  no-change pull, 64 connections (wrk -t2 -c64 -d5s): %.0f requests/s beside /health %.0f requests/s = %.2f×   (target ≥ 0.2×)",
                noChange, healthRate, noChange / healthRate))
    }
    await server.stop()
    print("")
}

/// A diary with `catches` catches, ten per trip, ten trips per spot; returns it and its record count.
private func benchmarkDiary(_ name: String, catches: Int) throws -> (DiaryQueue, Int) {
    let storage = try DeviceStorage(root: folder.appendingPathComponent("sync-\(name)-\(UUID())"))
    try storage.addProfile(ProfileDraft(displayName: "Bench"))
    let diary = try storage.openDiary(named: "Bench", pin: nil)
    var records = 0
    let start = Date(timeIntervalSince1970: 1_700_000_000)
    var spot: Spot?
    for tripIndex in 0..<(catches / 10) {
        if tripIndex % 10 == 0 {
            spot = try diary.spots.add(
                SpotDraft(name: "Spot \(tripIndex / 10)", latitude: 56 + Double(tripIndex) / 1e4, longitude: 37))
            records += 1
        }
        let time = start.addingTimeInterval(Double(tripIndex) * 86_400)
        let trip = try diary.trips.add(TripDraft(spotId: spot!.id, startAt: time, utcOffsetSeconds: 10_800))
        _ = try diary.catches.add(
            contentsOf: (0..<10).map { i in
                CatchDraft(
                    tripId: trip.id, speciesId: i % 2 == 0 ? "esox-lucius" : "perca-fluviatilis",
                    caughtAt: time.addingTimeInterval(Double(i) * 600), utcOffsetSeconds: 10_800,
                    weightKg: 0.5 + Double(i) / 10)
            })
        records += 11
    }
    return (DiaryQueue(diary), records)
}

/// Seconds to copy the diary's spots, trips and catches into a fresh SQLite file: the local floor.
private func sqliteCopyBaseline(_ diary: DiaryQueue) throws -> Double {
    try sqliteCopyBaseline(source: try diary.read { $0.fileURL.path })
}

/// Seconds to copy the spots, trips and catches of the diary file at `source` into a fresh
/// SQLite file (which is then removed).
func sqliteCopyBaseline(source: String) throws -> Double {
    let target = folder.appendingPathComponent("copy-\(UUID()).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: target) }
    return try time {
        let db = try SQLiteDB.Database(path: target)
        try db.execute("ATTACH DATABASE ? AS source", [.text(source)])
        try db.transaction {
            for table in ["spots", "trips", "catches"] {
                try db.execute("CREATE TABLE \(table) AS SELECT * FROM source.\(table)")
            }
        }
    }
}

/// Requests/s that `wrk` measures against `url` (64 connections, 2 threads, 5 s), sending
/// `header` when given; nil without wrk or when an answer was not 2xx.
func wrk(_ url: String, header: String? = nil) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
        ["wrk", "-t2", "-c64", "-d5s"] + (header.map { ["-H", $0] } ?? []) + [url]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0, !text.contains("Non-2xx"),
        let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Requests/sec:") })
    else {
        print("  (wrk unavailable or failing: apt-get install wrk)")
        return nil
    }
    return Double(line.split(separator: " ").last ?? "")
}

/// Counts the requests the sync client sends.
final class CountingTransport: SyncTransport {
    let inner: URLSessionSyncTransport
    private let sent = Atomic(0)

    init(_ inner: URLSessionSyncTransport) { self.inner = inner }

    var count: Int { sent.load(ordering: .relaxed) }

    func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
        sent.add(1, ordering: .relaxed)
        return try await inner.send(request)
    }
}

/// Seconds `body` takes, run in the caller's isolation (the app benchmarks call from the main actor).
func timeAsync(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Void) async rethrows
    -> Double
{
    let start = clock.now
    try await body()
    return seconds(clock.now - start)
}

func medianAsync(isolation: isolated (any Actor)? = #isolation, _ runs: Int, _ body: () async throws -> Void)
    async rethrows -> Double
{
    var samples: [Double] = []
    for _ in 0..<runs { samples.append(try await timeAsync(isolation: isolation, body)) }
    return median(samples)
}
