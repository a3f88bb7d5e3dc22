import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import Reports
import Routing
import SQLiteDB

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// Issue 13 §5: the screens over a big diary (10 000 trips, 100 000 catches), each beside the
/// raw query or plain scan it stands on, measured in the same run.
@MainActor
func benchmarkApp(trips tripCount: Int, catches catchCount: Int) async throws {
    let root = folder.appendingPathComponent("app")
    let storage = try DeviceStorage(root: root)
    try storage.addProfile(ProfileDraft(displayName: "Bench"))
    let diary = DiaryQueue(try storage.openDiary(named: "Bench", pin: nil))
    let fill = try await timeAsync {
        try await diary.write { diary in
            let spots = try (0..<20).map {
                try diary.spots.add(SpotDraft(name: "Spot \($0)", latitude: 56 + Double($0) / 100, longitude: 36))
            }
            let start = Date().addingTimeInterval(-3 * 365 * 86_400)
            var trips: [Trip] = []
            for index in 0..<tripCount {
                trips.append(
                    try diary.trips.add(
                        TripDraft(
                            spotId: spots[index % spots.count].id,
                            startAt: start.addingTimeInterval(Double(index) * 6_000),
                            utcOffsetSeconds: 10_800, title: "Trip \(index)")))
            }
            for chunk in stride(from: 0, to: catchCount, by: 10_000) {
                _ = try diary.catches.add(
                    contentsOf: (chunk..<min(chunk + 10_000, catchCount)).map { index in
                        let trip = trips[index % trips.count]
                        return CatchDraft(
                            tripId: trip.id, speciesId: species[index % species.count],
                            caughtAt: trip.startAt.addingTimeInterval(Double(index % 50) * 60), count: 1 + index % 3)
                    })
            }
        }
    }
    let databaseURL = try await diary.read { $0.fileURL }
    print("app screens over \(tripCount) trips and \(catchCount) catches (filled in \(String(format: "%.1f", fill)) s)")

    // Opening the home and trip-list screens: time to first data, and the longest the main actor
    // was held (a frame is 16 ms), beside the raw queries the loads stand on (one open connection,
    // every column of every row read).
    let raw = try RawConnection(databaseURL.path)
    // Each measurement opens a new screen model, as navigating to the screen does; the first
    // data is timed, then the rest of the load under the main-actor probe.
    let screens: [(String, () -> (first: () async throws -> Void, rest: () async throws -> Void), [String])] = [
        (
            "home",
            {
                let home = HomeModel(
                    diary: diary, location: NoLocation(), conditions: nil, formatter: benchFormatter)
                return ({ try await home.load() }, { try await home.load() })
            }, homeQueries
        ),
        (
            "trip list",
            {
                let list = TripListModel(diary: diary, formatter: benchFormatter)
                return ({ try await list.loadFirstPage() }, { try await list.loadAll() })
            }, tripListFirstPage
        ),
        (
            "map tab",
            {
                let map = MapModel(
                    diary: diary, labeler: nil, location: NoLocation(), routes: NoRoutes(), formatter: benchFormatter)
                return ({ try await map.load() }, {})
            }, mapQueries
        ),
        (
            "reports tab",
            {
                let reports = ReportsModel(
                    diary: diary, databaseURL: databaseURL, currentYear: 2026, language: .english)
                let bests = PersonalBestsModel(diary: diary, formatter: benchFormatter)
                return ({ try await reports.load() }, { try await bests.load() })
            }, reportsQueries
        ),
    ]
    for (name, open, queries) in screens {
        var firsts: [Double] = []
        var stalls: [Double] = []
        for _ in 0..<15 {
            let screen = open()
            firsts.append(try await timeAsync { try await screen.first() })
            let probe = MainActorProbe()
            probe.start()
            try await screen.rest()
            stalls.append(await probe.stop())
        }
        let rawTime = try medianTime(15) { for sql in queries { try raw.run(sql) } }
        print(
            "  open \(name): first data \(ms(median(firsts))), longest main-actor stretch \(ms(median(stalls)))   raw queries \(ms(rawTime)) (\(String(format: "%.2f", median(firsts) / rawTime))×)   (targets < 16 ms on the main actor, ≤ 1.5× the raw queries)"
        )
    }
    let addedUp = try medianTime(5) { try raw.run(fishAddedUp) }
    print("  the map's fish per spot added up from every catch, as before version 16: \(ms(addedUp))")
    let list = TripListModel(diary: diary, formatter: benchFormatter)
    let wholeList = try await medianAsync(15) { try await list.loadAll() }
    let rawWhole = try medianTime(15) { for sql in tripListAll { try raw.run(sql) } }
    print(
        "  the whole trip list after the first page: \(ms(wholeList))   raw queries \(ms(rawWhole)) (\(String(format: "%.2f", wholeList / rawWhole))×)"
    )

    // Directory search per keystroke, beside a plain substring scan of the same names.
    let entries = try await diary.read { diary in
        (try diary.directoryEntries(.species) + (try diary.directoryEntries(.baits)))
    }
    let picker = DirectoryPicker(entries: entries, language: .russian)
    let typed = ["щ", "щу", "щук", "щука", "s", "sp", "spi", "spin", "spinn", "spinne", "spinner"]
    let search =
        medianTime(200) { for prefix in typed { _ = picker.entries(matching: prefix, recent: []) } }
        / Double(typed.count)
    let names = entries.flatMap(\.searchableNames).map { $0.lowercased() }
    let scan =
        medianTime(200) { for prefix in typed { _ = names.filter { $0.contains(prefix) } } } / Double(typed.count)
    print(
        "  directory search per keystroke (\(entries.count) species and baits): \(String(format: "%.3f", search * 1000)) ms   plain substring scan \(String(format: "%.3f", scan * 1000)) ms   (target < 2 ms)"
    )

    // The formula editor: a check per keystroke, and the run, beside the compiled SQL run raw.
    let formula = "sum(catch.count) by species where year >= 2020 order desc"
    let check =
        medianTime(50) {
            for end in formula.indices { _ = try? ReportEngine.check(String(formula[...end])) }
        } / Double(formula.count)
    let engine = try ReportEngine(databaseURL: databaseURL)
    let run = try medianTime(10) { _ = try engine.run(formula: formula) }
    let compiled = try engine.run(formula: formula)
    let rawRun = try medianTime(10) { try raw.run(compiled.sql, compiled.parameters) }
    print(
        "  formula check per keystroke \(String(format: "%.3f", check * 1000)) ms; run over \(catchCount) catches \(ms(run))   its SQL raw \(ms(rawRun)) (\(String(format: "%.2f", run / rawRun))×)   (target < 100 ms)"
    )

    try await benchmarkBuilder(diary: diary, databaseURL: databaseURL, raw: raw, catches: catchCount)
    benchmarkPageTurn()
    try await benchmarkGlance(diary: diary, raw: raw)

    // Change observation: from a committed write to the trip list's refresh, beside the load alone.
    let watcher = Task { await list.observe() }
    try await Task.sleep(for: .milliseconds(50))
    let spot = try await diary.read { try $0.spots.list()[0] }
    var latencies: [Double] = []
    for index in 0..<15 {
        let before = list.allRows.count
        let written = try await diary.write { diary in
            try diary.trips.add(TripDraft(spotId: spot.id, startAt: Date(), utcOffsetSeconds: 0, title: "New \(index)"))
        }
        let committed = DispatchTime.now().uptimeNanoseconds
        while list.allRows.count == before || list.allRows.first?.trip.id != written.id {
            try await Task.sleep(for: .microseconds(200))
        }
        latencies.append(Double(DispatchTime.now().uptimeNanoseconds - committed) / 1e9)
    }
    watcher.cancel()
    let loadAlone = try await medianAsync(15) { try await list.load() }
    print(
        "  change observed: committed write → trip list refreshed \(ms(median(latencies)))   the load alone \(ms(loadAlone))   (target < 50 ms)"
    )
    print("")
}

/// The statements the home screen's load runs.
private let homeQueries = [
    "SELECT * FROM catches WHERE deleted_at IS NULL ORDER BY caught_at DESC LIMIT 5",
    """
    SELECT t.*, s.* FROM (SELECT trip_id FROM catches WHERE deleted_at IS NULL ORDER BY caught_at DESC LIMIT 5) c
    JOIN trips t ON t.id = c.trip_id JOIN spots s ON s.id = t.spot_id
    """,  // the app reads each recent catch's trip and spot by id; the same rows
    "SELECT * FROM trips WHERE deleted_at IS NULL ORDER BY start_at DESC, id LIMIT 20",  // a trip without an end
    "SELECT * FROM trips WHERE deleted_at IS NULL ORDER BY start_at DESC, id LIMIT 1",
    "SELECT count(*) FROM outbox", "SELECT * FROM sync_account",
]

/// The statements the map tab's load runs: the spots, and the fish caught at each as the schema
/// keeps them (version 16).
private let mapQueries = [
    "SELECT * FROM spots WHERE deleted_at IS NULL", "SELECT spot_id, fish FROM spot_fish WHERE fish > 0",
]

/// What the map's fish per spot cost before the schema kept them: every live catch added up.
private let fishAddedUp =
    "SELECT t.spot_id, sum(c.count) FROM catches c JOIN trips t ON t.id = c.trip_id WHERE c.deleted_at IS NULL GROUP BY t.spot_id"

/// The statements the reports tab's first data stands on: the saved reports and the builder's
/// choices (the years, spots and species of the diary).
private let reportsQueries = [
    "SELECT * FROM saved_reports WHERE deleted_at IS NULL",
    "SELECT DISTINCT CAST(strftime('%Y', start_at / 1000 + utc_offset_s, 'unixepoch') AS INTEGER) FROM trips WHERE deleted_at IS NULL",
    "SELECT DISTINCT name FROM spots WHERE deleted_at IS NULL",
    "SELECT DISTINCT sp.name_en FROM catches c JOIN species sp ON sp.id = c.species_id WHERE c.deleted_at IS NULL",
]

/// The statements the trip list's first page runs.
private let tripListFirstPage = [
    "SELECT * FROM trips WHERE deleted_at IS NULL ORDER BY start_at DESC, id LIMIT 100",
    "SELECT * FROM spots WHERE deleted_at IS NULL",
    """
    SELECT trip_id, count(*) FROM catches WHERE deleted_at IS NULL AND trip_id IN
    (SELECT id FROM trips WHERE deleted_at IS NULL ORDER BY start_at DESC, id LIMIT 100) GROUP BY trip_id
    """,  // the app binds the page's 100 ids; the same rows
    """
    SELECT trip_id, species_id, sum(count), sum(weight_kg), max(weight_kg),
    sum(CASE WHEN weight_kg IS NULL THEN 0 ELSE count END) FROM catches WHERE deleted_at IS NULL
    AND trip_id IN (SELECT id FROM trips WHERE deleted_at IS NULL ORDER BY start_at DESC, id LIMIT 100)
    GROUP BY trip_id, species_id
    """,
    """
    SELECT * FROM conditions WHERE entity_type = 'trip' AND entity_id IN
    (SELECT id FROM trips WHERE deleted_at IS NULL ORDER BY start_at DESC, id LIMIT 100)
    """,
]

/// The statements the whole trip list runs.
private let tripListAll = [
    "SELECT * FROM trips WHERE deleted_at IS NULL ORDER BY start_at DESC, id",
    "SELECT * FROM spots WHERE deleted_at IS NULL",
    "SELECT trip_id, count(*) FROM catches WHERE deleted_at IS NULL GROUP BY trip_id",
    """
    SELECT trip_id, species_id, sum(count), sum(weight_kg), max(weight_kg),
    sum(CASE WHEN weight_kg IS NULL THEN 0 ELSE count END) FROM catches WHERE deleted_at IS NULL
    GROUP BY trip_id, species_id
    """,
    "SELECT * FROM conditions WHERE entity_type = 'trip'",
]

/// The units the screens measured show.
private let benchFormatter = MeasureFormatter(
    preferences: .defaults(for: .metric, language: .english), language: .english)

/// One read-only sqlite3 connection that steps every row of a statement, reading each column as
/// text: the floor under what the screens do.
final class RawConnection {
    private var db: OpaquePointer?

    init(_ path: String) throws {
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { throw BenchError.open(path) }
    }

    deinit { sqlite3_close(db) }

    func run(_ sql: String, _ parameters: [SQLiteValue] = []) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else { throw BenchError.open(sql) }
        defer { sqlite3_finalize(statement) }
        for (index, value) in parameters.enumerated() {
            let position = Int32(index + 1)
            switch value {
            case .integer(let number): sqlite3_bind_int64(statement, position, number)
            case .real(let number): sqlite3_bind_double(statement, position, number)
            case .text(let text):
                sqlite3_bind_text(statement, position, text, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            default: sqlite3_bind_null(statement, position)
            }
        }
        while sqlite3_step(statement) == SQLITE_ROW {
            for column in 0..<sqlite3_column_count(statement) { _ = sqlite3_column_text(statement, column) }
        }
    }
}

private enum BenchError: Error {
    case open(String)
}

private struct NoLocation: LocationProviding {
    func currentCoordinate() async -> Coordinate? { nil }
}

private struct NoRoutes: RouteProvider {
    func route(from start: Coordinate, to end: Coordinate, by mode: TravelMode) async throws(RouteProblem) -> Route {
        throw .offline
    }
}

/// Measures the longest stretch the main actor was busy with other work: a main-actor task that
/// sleeps a millisecond at a time and records the longest it overslept (timer noise is a tenth of
/// a millisecond or so); it does not spin, so it leaves the cores to the work measured.
@MainActor
private final class MainActorProbe {
    private var running = true
    private var longest = 0.0
    private var task: Task<Void, Never>?

    func start() {
        task = Task { @MainActor in
            while running {
                let before = DispatchTime.now().uptimeNanoseconds
                try? await Task.sleep(for: .milliseconds(1))
                let slept = Double(DispatchTime.now().uptimeNanoseconds - before) / 1e9
                longest = max(longest, slept - 0.001)
            }
        }
    }

    func stop() async -> Double {
        running = false
        await task?.value
        return longest
    }
}
