import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol
import Testing

@testable import DiaryStore

/// A test-only kind: a catch cut down to a few fields, in the form it had before and after one
/// field was added.
struct TestCatch: Sendable, Equatable {
    var id: UUID
    var speciesId: String
    var weightKg: Double?
    var hookSize: Int?
    var createdAt: Date
    var updatedAt: Date
    var deletedAt: Date?

    static let blank = TestCatch(id: .blank, speciesId: "", createdAt: .blank, updatedAt: .blank)

    init(
        id: UUID, speciesId: String, weightKg: Double? = nil, hookSize: Int? = nil, createdAt: Date,
        updatedAt: Date
    ) {
        (self.id, self.speciesId, self.weightKg, self.hookSize) = (id, speciesId, weightKg, hookSize)
        (self.createdAt, self.updatedAt) = (createdAt, updatedAt)
    }

    static let before = RecordColumns<TestCatch>(
        .catch, blank: blank,
        [
            .column("id", \.id), .column("species_id", \.speciesId, directory: .species),
            .column("weight_kg", \.weightKg), .column("created_at", \.createdAt), .column("updated_at", \.updatedAt),
            .deviceOnly("deleted_at", \.deletedAt),
        ])

    /// The one change that adds the field: a line in the definition.
    static let after = RecordColumns<TestCatch>(
        .catch, blank: blank,
        [
            .column("id", \.id), .column("species_id", \.speciesId, directory: .species),
            .column("weight_kg", \.weightKg), .column("hook_size", \.hookSize), .column("created_at", \.createdAt),
            .column("updated_at", \.updatedAt), .deviceOnly("deleted_at", \.deletedAt),
        ])
}

@Suite("Record column definitions")
struct RecordColumnsTests {
    @Test(
        "Given a kind with a field added to its definition, when its SQL, rows and synced fields are made, then each carries the field without another change"
    )
    func addingAField() throws {
        let db = try Database(path: ":memory:")
        try db.execute(
            """
            CREATE TABLE catches (id TEXT PRIMARY KEY, species_id TEXT NOT NULL, weight_kg REAL, hook_size INTEGER,
                created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, deleted_at INTEGER)
            """)
        let time = Date(timeIntervalSince1970: 1_780_000_000.123)
        let caught = TestCatch(
            id: UUID(), speciesId: "esox-lucius", weightKg: 2.5, hookSize: 6, createdAt: time, updatedAt: time)

        let before = RecordSQL(TestCatch.before)
        let after = RecordSQL(TestCatch.after)
        #expect(Set(TestCatch.after.names).subtracting(TestCatch.before.names) == ["hook_size"])
        #expect(!before.insert.contains("hook_size") && after.insert.contains("hook_size"))
        #expect(!before.update.contains("hook_size") && after.update.contains("hook_size"))
        #expect(!before.select.contains("hook_size") && after.select.contains("hook_size"))

        try db.execute(after.insert, after.values(caught))
        let row = try #require(try db.queryFirst(after.selectById, [SQLiteValue(caught.id)]))
        #expect(try after.record(row) == caught)
        var withoutHook = caught
        withoutHook.hookSize = nil
        let oldRow = try #require(try db.queryFirst(before.selectById, [SQLiteValue(caught.id)]))
        #expect(try before.record(oldRow) == withoutHook)

        let synced = TestCatch.after.fields(of: caught)
        #expect(synced["hook_size"] == .integer(6))
        #expect(synced["deleted_at"] == nil)
        #expect(TestCatch.before.fields(of: caught)["hook_size"] == nil)
        #expect(TestCatch.after.record(fields: synced, requiring: []) == caught)
        #expect(TestCatch.after.directoryReferences.map(\.column) == ["species_id"])
    }

    @Test(
        "Given every kind the diary stores, when its definition is compared with its table, then they name the same columns"
    )
    func definitionsMatchTheSchema() throws {
        let f = try DiaryFixture()
        let tables: [(String, [String])] = [
            ("spots", Spot.columns.names), ("trips", Trip.columns.names), ("catches", Catch.columns.names),
            ("media_assets", MediaAsset.columns.names), ("saved_reports", SavedReport.columns.names),
        ]
        for (table, names) in tables {
            let columns = try f.diary.database.query("SELECT name FROM pragma_table_info('\(table)')") {
                try $0.text(0)
            }
            // The Trash's batch (and a report's Trash time) is the Trash's own, not the record's.
            #expect(Set(columns).subtracting(names).isSubset(of: ["trash_batch", "deleted_at"]), "\(table)")
            #expect(Set(names).isSubset(of: columns), "\(table)")
        }
        let conditions = try f.diary.database.query("SELECT name FROM pragma_table_info('conditions')") {
            try $0.text(0)
        }
        #expect(conditions == ["entity_type", "entity_id"] + ConditionsColumns.names)
        #expect(Diary.syncedColumns[.catch]?.contains("deleted_at") == false)
        #expect(Diary.syncedColumns[.catch]?.contains("local_time") == true)
    }

    @Test("Given stored records of each kind, when read back through their definitions, then they are equal")
    func roundTrips() throws {
        let f = try DiaryFixture()
        let caught = try f.diary.catches.add(
            CatchDraft(
                tripId: f.trip.id, speciesId: "esox-lucius", count: 2, weightKg: 2.5, lengthCm: 61, baitId: nil,
                depthM: 3.5, waterTempC: 14, released: true, notes: "on the drop-off"))
        #expect(try f.diary.catches.record(caught.id) == caught)
        #expect(try f.diary.trips.record(f.trip.id) == f.trip)
        #expect(try f.diary.spots.record(f.spot.id) == f.spot)
        let fields = Catch.columns.fields(of: caught)
        #expect(
            fields["local_time"]
                == .integer(DiaryTime.localMinute(caught.caughtAt, utcOffsetSeconds: caught.utcOffsetSeconds)))
        #expect(Catch.columns.record(fields: fields, requiring: []) == caught)
    }

    @Test(
        "Given a row with a value of the wrong type, when read strictly, then the error names the kind, column, value and type"
    )
    func strictReadNamesTheColumn() {
        var values = Catch.columns.values(
            of: Catch(
                id: UUID(), tripId: UUID(), speciesId: "esox-lucius", caughtAt: Date(), utcOffsetSeconds: 0,
                createdAt: Date(), updatedAt: Date()))
        let weight = Catch.columns.names.firstIndex(of: "weight_kg")!
        values[weight] = .text("heavy")
        let error = #expect(throws: RecordColumnError.self) { try Catch.columns.record { values[$0] } }
        #expect(error?.description == "catch column weight_kg holds \"heavy\", expected a number or null")
        values[weight] = .null
        values[Catch.columns.names.firstIndex(of: "species_id")!] = .null
        let missing = #expect(throws: RecordColumnError.self) { try Catch.columns.record { values[$0] } }
        #expect(missing?.description == "catch column species_id holds null, expected text")
    }

    @Test(
        "Given synced fields a device sent, when read leniently, then unreadable values stay blank and missing required ones give nothing"
    )
    func lenientRead() throws {
        let time = Date(timeIntervalSince1970: 1_780_000_000)
        let fields: RecordFields = [
            "species_id": .text("esox-lucius"),
            "caught_at": Catch.columns.values(
                of: .init(
                    id: .blank, tripId: .blank, speciesId: "", caughtAt: time, utcOffsetSeconds: 0, createdAt: .blank,
                    updatedAt: .blank))[3],
            "weight_kg": .text("heavy"), "notes": .text(""), "count": .integer(3),
        ]
        let caught = try #require(Catch.columns.record(fields: fields, requiring: [\Catch.caughtAt, \Catch.speciesId]))
        #expect(caught.caughtAt == time && caught.count == 3)
        #expect(caught.weightKg == nil && caught.notes == nil && caught.tripId == .blank)
        var withoutSpecies = fields
        withoutSpecies["species_id"] = .text("")
        #expect(Catch.columns.record(fields: withoutSpecies, requiring: [\Catch.caughtAt, \Catch.speciesId]) == nil)
    }

    @Test("Given a spot's place label, when stored and read, then it is whole or absent")
    func placeGroup() {
        let spot = Spot(
            id: UUID(), name: "Volga bend", latitude: 56.84, longitude: 35.9,
            place: PlaceLabel(
                settlement: "Dubna", region: nil, country: "Russia", countryCode: "RU", distanceKm: 12,
                bearingFromSettlement: 45, description: "12 km NE of Dubna, Russia"),
            createdAt: .blank, updatedAt: .blank)
        var fields = Spot.columns.fields(of: spot)
        #expect(fields["place_region"] == .null)
        #expect(Spot.columns.record(fields: fields, requiring: []) == spot)
        fields["place_country"] = .null
        #expect(Spot.columns.record(fields: fields, requiring: [])?.place == nil)
    }

    @Test(
        "Given a kind whose coordinates are declared one position, when two devices each move one coordinate, then the later move wins whole; declared apart, each keeps its own"
    )
    func mergePartsComeFromTheDefinition() throws {
        let base = Sighting.together.fields(of: Sighting(latitude: 56.84, longitude: 35.9, note: "pike"))
        let north = base.merging(["latitude": .real(57.1), "note": .text("pike, moved north")]) { $1 }
        let east = base.merging(["longitude": .real(36.4)]) { $1 }
        let together = try #require(
            RecordMerge.merge(
                Sighting.together.mergeParts, base: base, held: north, incoming: east, incomingIsLater: true))
        #expect(together.fields["latitude"] == .real(56.84) && together.fields["longitude"] == .real(36.4))
        #expect(together.fields["note"] == .text("pike, moved north"), "a part only one side changed is kept")
        let apart = try #require(
            RecordMerge.merge(Sighting.apart.mergeParts, base: base, held: north, incoming: east, incomingIsLater: true)
        )
        #expect(apart.fields["latitude"] == .real(57.1) && apart.fields["longitude"] == .real(36.4))
    }
}

/// A test-only kind with a position, declared as one merge part or as two separate columns.
struct Sighting: Sendable, Equatable {
    var id = UUID()
    var latitude: Double
    var longitude: Double
    var note: String?
    var updatedAt = Date(timeIntervalSince1970: 1_780_000_000)

    static let blank = Sighting(latitude: 0, longitude: 0)

    static let together = RecordColumns<Sighting>(
        .spot, blank: blank,
        [
            .column("id", \.id), .column("latitude", \.latitude, merge: .position),
            .column("longitude", \.longitude, merge: .position), .column("note", \.note),
            .column("updated_at", \.updatedAt),
        ])

    static let apart = RecordColumns<Sighting>(
        .spot, blank: blank,
        [
            .column("id", \.id), .column("latitude", \.latitude), .column("longitude", \.longitude),
            .column("note", \.note), .column("updated_at", \.updatedAt),
        ])
}
