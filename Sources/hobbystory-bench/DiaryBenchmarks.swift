import DiaryStore
import FishingModel
import Foundation
import SQLiteDB

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// A diary with one spot and `tripCount` trips starting a year ago, so catches fit any trip.
struct Setup {
    let storage: DeviceStorage
    let diary: Diary
    let trips: [Trip]

    init(_ name: String, tripCount: Int) throws {
        storage = try DeviceStorage(root: folder.appendingPathComponent(name))
        try storage.addProfile(ProfileDraft(displayName: name))
        let diary = try storage.openDiary(named: name, pin: nil)
        let spot = try diary.spots.add(SpotDraft(name: "Bench", latitude: 56.8, longitude: 35.9))
        let start = Date().addingTimeInterval(-365 * 86_400)
        trips = try (0..<tripCount).map { _ in try diary.trips.add(TripDraft(spotId: spot.id, startAt: start)) }
        self.diary = diary
    }
}

let species = ["esox-lucius", "perca-fluviatilis", "sander-lucioperca", "rutilus-rutilus", "abramis-brama"]
func drafts(_ count: Int, trips: [Trip], offset: Int) -> [CatchDraft] {
    let base = Date().addingTimeInterval(-300 * 86_400)
    return (0..<count).map { i in
        let n = i + offset
        return CatchDraft(
            tripId: trips[n % trips.count].id, speciesId: species[n % species.count],
            caughtAt: base.addingTimeInterval(Double(n) * 20), utcOffsetSeconds: 10_800,
            weightKg: Double(n % 50) / 10 + 0.1,
            lengthCm: Double(n % 90) + 5, released: n % 3 == 0)
    }
}

/// Inserts `items` into the diary file at `path` with the raw C API: one prepared statement, one
/// transaction, the same pragmas as the store's connection.
func rawInsert(path: String, _ items: [Catch]) throws {
    var db: OpaquePointer?
    guard sqlite3_open(path, &db) == SQLITE_OK else { fatalError("open \(path)") }
    defer { sqlite3_close(db) }
    sqlite3_exec(db, "PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL; PRAGMA cache_size = -32000", nil, nil, nil)
    // The directory triggers call this function; a raw connection has it answer "closed" like the store.
    sqlite3_create_function(
        db, "directory_writes_allowed", 0, SQLITE_UTF8, nil, { ctx, _, _ in sqlite3_result_int(ctx, 0) }, nil, nil)
    var statement: OpaquePointer?
    sqlite3_prepare_v2(
        db,
        """
        INSERT INTO catches(id, trip_id, species_id, caught_at, utc_offset_s, count, weight_kg, length_cm, released, created_at, updated_at, local_time)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """, -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    let now = DiaryTime.milliseconds(Date())
    sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil)
    for c in items {
        sqlite3_bind_text(statement, 1, c.id.uuidString.lowercased(), -1, transient)
        sqlite3_bind_text(statement, 2, c.tripId.uuidString.lowercased(), -1, transient)
        sqlite3_bind_text(statement, 3, c.speciesId, -1, transient)
        sqlite3_bind_int64(statement, 4, DiaryTime.milliseconds(c.caughtAt))
        sqlite3_bind_int64(statement, 5, Int64(c.utcOffsetSeconds))
        sqlite3_bind_int64(statement, 6, Int64(c.count))
        sqlite3_bind_double(statement, 7, c.weightKg!)
        sqlite3_bind_double(statement, 8, c.lengthCm!)
        sqlite3_bind_int64(statement, 9, c.released ? 1 : 0)
        sqlite3_bind_int64(statement, 10, now)
        sqlite3_bind_int64(statement, 11, now)
        sqlite3_bind_int64(statement, 12, DiaryTime.localMinute(c.caughtAt, utcOffsetSeconds: c.utcOffsetSeconds))
        guard sqlite3_step(statement) == SQLITE_DONE else { fatalError(String(cString: sqlite3_errmsg(db))) }
        sqlite3_reset(statement)
    }
    sqlite3_exec(db, "COMMIT", nil, nil, nil)
}

/// The latest 50 catches with the raw C API, reading every column into Swift values as an app would.
func rawLatest(_ db: OpaquePointer?, tripId: String?) -> Int {
    let filter = tripId == nil ? "" : "AND trip_id = ?1"
    var statement: OpaquePointer?
    sqlite3_prepare_v2(
        db,
        """
        SELECT id, trip_id, species_id, caught_at, utc_offset_s, count, weight_kg, length_cm, bait_id, method_id,
        depth_m, water_temp_c, released, notes, created_at, updated_at, deleted_at
        FROM catches WHERE deleted_at IS NULL \(filter) ORDER BY caught_at DESC LIMIT 50
        """, -1, &statement, nil)
    defer { sqlite3_finalize(statement) }
    if let tripId { sqlite3_bind_text(statement, 1, tripId, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self)) }
    func text(_ i: Int32) -> String? {
        sqlite3_column_type(statement, i) == SQLITE_NULL ? nil : String(cString: sqlite3_column_text(statement, i))
    }
    func real(_ i: Int32) -> Double? {
        sqlite3_column_type(statement, i) == SQLITE_NULL ? nil : sqlite3_column_double(statement, i)
    }
    func integer(_ i: Int32) -> Int64? {
        sqlite3_column_type(statement, i) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, i)
    }
    var rows:
        [(
            String?, String?, String?, Int64?, Int64?, Int64?, Double?, Double?, String?, String?, Double?, Double?,
            Int64?, String?, Int64?, Int64?, Int64?
        )] = []
    while sqlite3_step(statement) == SQLITE_ROW {
        rows.append(
            (
                text(0), text(1), text(2), integer(3), integer(4), integer(5), real(6), real(7), text(8), text(9),
                real(10),
                real(11), integer(12), text(13), integer(14), integer(15), integer(16)
            ))
    }
    return rows.count
}

/// The Foundation issue's figures: bulk insert, latest 50 with a big diary, opening it.
/// Returns the big diary for the report benchmark.
func benchmarkDiary(bulkCount: Int, bigCount: Int) throws -> Setup {
    // 1. Bulk insert through the store vs the raw C API, same schema, indexes and triggers.
    var storeTimes: [Double] = []
    var rawTimes: [Double] = []
    for round in 0..<3 {
        let store = try Setup("store\(round)", tripCount: 100)
        let batch = drafts(bulkCount, trips: store.trips, offset: 0)
        storeTimes.append(try time { _ = try store.diary.catches.add(contentsOf: batch) })
        let raw = try Setup("raw\(round)", tripCount: 100)
        let now = Date()
        let records = drafts(bulkCount, trips: raw.trips, offset: 0).map {
            $0.record(id: UUID(), createdAt: now, updatedAt: now)
        }
        rawTimes.append(try time { try rawInsert(path: raw.diary.fileURL.path, records) })
    }
    let storeRate = Double(bulkCount) / median(storeTimes)
    let rawRate = Double(bulkCount) / median(rawTimes)
    print("bulk insert of \(bulkCount) catches (median of 3, one transaction each)")
    print(String(format: "  store (validation + outbox): %8.0f catches/s   %.2f s", storeRate, median(storeTimes)))
    print(String(format: "  raw sqlite3 C API:           %8.0f catches/s   %.2f s", rawRate, median(rawTimes)))
    print(String(format: "  store / raw throughput:      %.2f×   (target ≥ 0.5×)", storeRate / rawRate))
    print("")

    // 2. Latest 50 with a big diary.
    let (big, fillTime) = try bigDiary(bigCount)
    print(String(format: "filled a diary with %d catches through the store in %.1f s", bigCount, fillTime))
    var rawDB: OpaquePointer?
    sqlite3_open_v2(big.diary.fileURL.path, &rawDB, SQLITE_OPEN_READONLY, nil)
    let trip = big.trips[big.trips.count / 2]
    for (label, tripId) in [
        ("of the profile", nil), ("of one trip (\(bigCount / big.trips.count) catches)", Optional(trip.id)),
    ] {
        var storeSamples: [Double] = []
        var rawSamples: [Double] = []
        for _ in 0..<300 {
            storeSamples.append(
                try time {
                    let latest = try big.diary.catches.list(tripId: tripId, limit: 50)
                    precondition(latest.count == 50)
                })
            rawSamples.append(time { precondition(rawLatest(rawDB, tripId: tripId?.uuidString.lowercased()) == 50) })
        }
        let s = median(storeSamples)
        let r = median(rawSamples)
        print("latest 50 catches \(label), median of 300")
        print(
            "  store: \(ms(s))   raw indexed query: \(ms(r))   store/raw: \(String(format: "%.2f", s / r))×   (target < 5 ms, ≤ 1.5×)"
        )
    }
    sqlite3_close(rawDB)
    print("")

    // 3. Opening the big diary.
    var openSamples: [Double] = []
    var rawOpenSamples: [Double] = []
    for _ in 0..<30 {
        openSamples.append(
            try time {
                let diary = try Diary(
                    profile: big.diary.profile, fileURL: big.diary.fileURL,
                    sharedDirectoryURL: big.storage.sharedDirectoryURL)
                let version = try diary.schemaVersion()
                precondition(version >= 1)
            })
        rawOpenSamples.append(
            time {
                var db: OpaquePointer?
                sqlite3_open(big.diary.fileURL.path, &db)
                sqlite3_exec(db, "PRAGMA foreign_keys = ON; SELECT max(version) FROM schema_migrations", nil, nil, nil)
                sqlite3_close(db)
            })
    }
    print("opening a diary holding \(bigCount) catches, median of 30")
    print(
        "  store (migration check, directory check): \(ms(median(openSamples)))   raw sqlite3_open + one query: \(ms(median(rawOpenSamples)))   (target < 50 ms)"
    )
    print("")
    return big
}

/// A diary filled with `count` catches through the store, spread over 1000 trips.
func bigDiary(_ count: Int) throws -> (Setup, Double) {
    let big = try Setup("big", tripCount: 1_000)
    let chunk = 100_000
    let fillTime = try time {
        for start in stride(from: 0, to: count, by: chunk) {
            _ = try big.diary.catches.add(
                contentsOf: drafts(min(chunk, count - start), trips: big.trips, offset: start))
        }
    }
    return (big, fillTime)
}
