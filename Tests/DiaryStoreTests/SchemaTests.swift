import CSQLite
import FishingModel
import Foundation
import SQLiteDB
import Testing

@testable import DiaryStore

/// The schema holds the rules a second time: raw SQL that bypasses Swift is refused too.
@Suite("Schema enforcement through raw SQL (T5, T19, UI5)")
struct SchemaTests {
    /// A second connection to the diary file, with the directory gate registered but closed, as
    /// any code path other than directory sync would have it.
    func raw(_ f: DiaryFixture) throws -> Database {
        let db = try Database(path: f.diary.fileURL.path)
        _ = try DirectoryWriteGate(database: db)
        return db
    }

    @Test(
        "Given raw SQL, when a catch breaks a rule, then the database refuses it (and the same row without the break is accepted)",
        arguments: [
            ("notes", "'a valid note'"),
            ("weight_kg", "-1"), ("weight_kg", "1601"), ("length_cm", "0"), ("count", "0"), ("species_id", "NULL"),
            ("species_id", "'kraken'"), ("bait_id", "'dynamite'"), ("released", "2"), ("caught_at", "NULL"),
            ("water_temp_c", "99"), ("utc_offset_s", "999999"), ("notes", "printf('%.*c', 4001, 'x')"),
            ("local_time", "202601010000"), ("water_clarity_m", "-0.5"), ("water_clarity_m", "'murky'"),
            ("water_level_m", "30.5"), ("water_trend", "'up'"), ("water_trend", "'rising'"),
        ])
    func catchRules(column: String, value: String) throws {
        let f = try DiaryFixture()
        let db = try raw(f)
        var columns: [String: String] = [
            "id": "'\(UUID().uuidString.lowercased())'", "trip_id": "'\(f.trip.id.uuidString.lowercased())'",
            "species_id": "'esox-lucius'", "caught_at": "\(DiaryTime.milliseconds(f.clock.now))", "utc_offset_s": "0",
            "count": "1", "released": "0", "created_at": "0", "updated_at": "0",
            "local_time": "\(DiaryTime.localMinute(f.clock.now, utcOffsetSeconds: 0))",
        ]
        columns[column] = value
        let sql =
            "INSERT INTO catches(\(columns.keys.joined(separator: ","))) VALUES (\(columns.values.joined(separator: ",")))"
        if value == "'a valid note'" || value == "'rising'" {
            try db.execute(sql)
            return
        }
        let error = #expect(throws: SQLiteError.self) { try db.execute(sql) }
        #expect(error?.isConstraintViolation == true)
    }

    @Test("Given raw SQL, when a spot has no name or an impossible latitude, then the database refuses it")
    func spotRules() throws {
        let f = try DiaryFixture()
        let db = try raw(f)
        for (name, lat) in [("NULL", "10"), ("'  '", "10"), ("'Ok'", "90.5")] {
            #expect(throws: SQLiteError.self) {
                try db.execute(
                    "INSERT INTO spots(id, name, latitude, longitude, created_at, updated_at) VALUES ('\(UUID().uuidString.lowercased())', \(name), \(lat), 0, 0, 0)"
                )
            }
        }
    }

    @Test("Given raw SQL, when a trip ends before it starts, then the database refuses it")
    func tripEndAfterStart() throws {
        let f = try DiaryFixture()
        let error = #expect(throws: SQLiteError.self) {
            try raw(f).execute("UPDATE trips SET end_at = start_at - 1 WHERE id = ?", [SQLiteValue(f.trip.id)])
        }
        #expect(error?.isConstraintViolation == true)
    }

    @Test(
        "Given raw SQL, when a trip's water is out of bounds, then the database refuses it (issue 34 §5)",
        arguments: [
            ("water_temp_c", "-3"), ("water_clarity_m", "101"), ("water_level_m", "-30.5"), ("water_trend", "'flood'"),
        ])
    func tripWaterRules(column: String, value: String) throws {
        let f = try DiaryFixture()
        let error = #expect(throws: SQLiteError.self) {
            try raw(f).execute("UPDATE trips SET \(column) = \(value) WHERE id = ?", [SQLiteValue(f.trip.id)])
        }
        #expect(error?.isConstraintViolation == true)
        try raw(f).execute(
            "UPDATE trips SET water_temp_c = 12, water_clarity_m = 0, water_level_m = -30, water_trend = 'steady' WHERE id = ?",
            [SQLiteValue(f.trip.id)])
        #expect(try f.diary.trips.record(f.trip.id).waterTrend == .steady)
    }

    @Test("Given any connection, when it writes a directory table of a diary, then the write is refused (T5)")
    func directoriesReadOnlyInDiary() throws {
        let f = try DiaryFixture()
        let db = try raw(f)
        for sql in [
            "INSERT INTO species(id, latin, name_en, name_ru, family, water) VALUES ('x', 'X x', 'X', 'Х', 'Xidae', 'fresh')",
            "UPDATE species SET name_en = 'Renamed' WHERE id = 'esox-lucius'",
            "UPDATE baits SET retired = 1",
            "INSERT INTO methods(id, name_en, name_ru, description) VALUES ('x','x','x','x')",
            "UPDATE water_body_types SET name_ru = 'x'", "UPDATE directory_meta SET value = '99'",
        ] {
            let error = #expect(throws: SQLiteError.self, "\(sql)") { try db.execute(sql) }
            #expect(error?.message.contains("read-only reference data owned by the portal") == true)
        }
        let error = #expect(throws: SQLiteError.self) { try db.execute("DELETE FROM species WHERE id = 'esox-lucius'") }
        #expect(error?.message.contains("retired, never deleted") == true)
        #expect(try f.diary.directoryEntry(.species, id: "esox-lucius")?.nameEn == "Northern pike")
    }

    @Test("Given the shared directory database, when a plain sqlite3 connection writes it, then it is refused too")
    func sharedDirectoryReadOnlyForPlainConnections() throws {
        let f = try DiaryFixture()
        var handle: OpaquePointer?
        #expect(sqlite3_open(f.storage.sharedDirectoryURL.path, &handle) == SQLITE_OK)
        defer { sqlite3_close(handle) }
        let rc = sqlite3_exec(handle, "UPDATE species SET name_en = 'Renamed' WHERE id = 'esox-lucius'", nil, nil, nil)
        #expect(rc != SQLITE_OK)
        #expect(try f.storage.directoryEntries(.species, search: "esox-lucius").first?.nameEn == "Northern pike")
    }

    @Test(
        "Given a newer directory version on the update path, when a diary opens, then its replica follows and old references stay valid"
    )
    func directoryUpdatePath() throws {
        let f = try DiaryFixture()
        let item = try f.diary.catches.add(f.catchDraft("esox-lucius"))
        let shared = try Database(path: f.storage.sharedDirectoryURL.path)
        let store = DirectoryStore(database: shared, gate: try DirectoryWriteGate(database: shared))
        var pike = try #require(try store.entry(.species, id: "esox-lucius"))
        pike.retired = true
        try store.install([.species: [pike]], version: 2)
        let reopened = try f.storage.openDiary(named: "Anna", pin: nil)
        #expect(try reopened.directoryVersion() == 2)
        #expect(try reopened.directoryEntry(.species, id: "esox-lucius")?.retired == true)
        #expect(try reopened.catches.record(item.id).speciesId == "esox-lucius")
        let error = #expect(throws: ValidationError.self) { try reopened.catches.add(f.catchDraft("esox-lucius")) }
        #expect(error?.issues.first?.message.contains("retired") == true)
    }

    @Test("Given raw SQL, when a live catch is deleted outright or put under a trashed trip, then the database refuses")
    func trashRulesInSchema() throws {
        let f = try DiaryFixture()
        let item = try f.diary.catches.add(f.catchDraft())
        let db = try raw(f)
        let error = #expect(throws: SQLiteError.self) {
            try db.execute("DELETE FROM catches WHERE id = ?", [SQLiteValue(item.id)])
        }
        #expect(error?.message.contains("Trash") == true)
        #expect(throws: SQLiteError.self) {
            try db.execute("UPDATE trips SET deleted_at = 1, trash_batch = NULL WHERE id = ?", [SQLiteValue(f.trip.id)])
        }
        try f.diary.trash.put(.trip, f.trip.id)
        let revive = #expect(throws: SQLiteError.self) {
            try db.execute(
                "UPDATE catches SET deleted_at = NULL, trash_batch = NULL WHERE id = ?", [SQLiteValue(item.id)])
        }
        #expect(revive?.message.contains("tripId: the trip is in the Trash") == true)
    }

    @Test("Given each earlier schema version, when a diary opens it, then it migrates to the latest and works")
    func migrationsFromEachVersion() throws {
        for start in 0..<DiaryMigrations.migrator.latestVersion {
            let f = try DiaryFixture()
            let url = f.diary.fileURL.deletingLastPathComponent().appendingPathComponent("old-\(start).sqlite")
            let old = try Database(path: url.path)
            _ = try DirectoryWriteGate(database: old)
            try DiaryMigrations.migrator.migrate(old, upTo: start)
            let diary = try Diary(
                profile: f.diary.profile, fileURL: url, sharedDirectoryURL: f.storage.sharedDirectoryURL)
            #expect(try diary.schemaVersion() == DiaryMigrations.migrator.latestVersion)
            #expect(try diary.directoryVersion() >= 1)
            let spot = try diary.spots.add(SpotDraft(name: "After migration", latitude: 1, longitude: 2))
            #expect(try diary.spots.record(spot.id).name == "After migration")
            #expect(try diary.integrityCheck() == "ok")
        }
    }

    @Test(
        "Given a version-2 diary holding a catch, when it migrates to version 3, then the catch's local time is backfilled"
    )
    func localTimeBackfill() throws {
        let f = try DiaryFixture()
        let url = f.diary.fileURL.deletingLastPathComponent().appendingPathComponent("v2.sqlite")
        let old = try Database(path: url.path)
        let gate = try DirectoryWriteGate(database: old)
        try DiaryMigrations.migrator.migrate(old, upTo: 2)
        try DirectoryStore(database: old, gate: gate).install(
            [.species: [try #require(try f.diary.directoryEntry(.species, id: "esox-lucius"))]], version: 1)
        let spot = UUID().uuidString.lowercased()
        let trip = UUID().uuidString.lowercased()
        let item = UUID().uuidString.lowercased()
        try old.executeScript(
            """
            INSERT INTO spots(id, name, latitude, longitude, created_at, updated_at) VALUES ('\(spot)', 'Old', 1, 2, 0, 0);
            INSERT INTO trips(id, spot_id, start_at, utc_offset_s, created_at, updated_at) VALUES ('\(trip)', '\(spot)', 0, 0, 0, 0);
            INSERT INTO catches(id, trip_id, species_id, caught_at, utc_offset_s, created_at, updated_at)
            VALUES ('\(item)', '\(trip)', 'esox-lucius', 1780281000000, 10800, 0, 0);
            """)
        let diary = try Diary(profile: f.diary.profile, fileURL: url, sharedDirectoryURL: nil)
        #expect(try diary.schemaVersion() == Diary.currentSchemaVersion)
        #expect(try Database(path: url.path).scalar("SELECT local_time FROM catches") == .integer(202_606_010_530))
    }
}
