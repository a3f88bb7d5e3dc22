import FishingModel
import Foundation
import ReportOutput
import SQLiteDB
import SyncProtocol

/// The tables the report engine reads, kept from an account's synced records (T18; issue 16 §1,
/// issue 32 §2): how the portal runs the app's reports without the device's store. Spots, trips,
/// catches and their conditions, saved reports and the directories are stored as the portal
/// hands them out, in each kind's columns (`Catch.columns`…), so they are the diary's columns by
/// construction; a record is judged by the diary's rules before it is kept, and a tombstone
/// takes the record's children along, as a device's Trash does: the same formula gives the
/// same answer on the site as in the app.
///
/// A cache in one SQLite file: a build whose tables differ (``schemaVersion``) starts it again
/// from the first change, and deleting it only costs a rebuild.
public final class ReportReplica {
    /// Raised whenever the tables below change, so older copies are rebuilt.
    static let schemaVersion: Int32 = 2

    public let fileURL: URL
    private let database: Database

    /// Opens the copy at `fileURL`, creating it (or starting it again when an older build made it).
    public init(fileURL: URL) throws {
        self.fileURL = fileURL
        if try Self.version(of: fileURL) != Int64(Self.schemaVersion) {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: fileURL.path + suffix) }
        }
        database = try Database(path: fileURL.path)
        if try database.scalar("PRAGMA user_version").int64Value == 0 {
            try database.transaction { try database.executeScript(Self.schema) }
        }
    }

    /// The tables' version of the copy at `url` (0: none yet), read and closed.
    private static func version(of url: URL) throws -> Int64 {
        guard FileManager.default.fileExists(atPath: url.path) else { return 0 }
        return try Database(path: url.path, mode: .readOnly).scalar("PRAGMA user_version").int64Value ?? 0
    }

    /// Where the next pull continues.
    public func cursor() throws -> SyncCursor {
        let token = try database.scalar("SELECT cursor FROM replica_state").stringValue ?? ""
        return SyncCursor(token: token) ?? SyncCursor(seq: 0)
    }

    /// The version of the directories installed (0: none yet).
    public func directoryVersion() throws -> Int {
        Int(try database.scalar("SELECT directory_version FROM replica_state").int64Value ?? 0)
    }

    /// Replaces the directories (retired entries included, for old records' names) and points
    /// records at the replacements of retired entries, as devices do.
    public func install(_ directories: DirectoriesResponse) throws {
        try database.transaction {
            for kind in DirectoryKind.allCases {
                try database.execute("DELETE FROM \(kind.table)")
                for entry in directories.entries where entry.kind == kind {
                    try database.execute(
                        "INSERT OR REPLACE INTO \(kind.table) (\(Self.directoryColumns.joined(separator: ", "))) VALUES (?, ?, ?, ?, ?, ?)",
                        [
                            .text(entry.id), .text(entry.nameEn), .text(entry.nameRu), Self.text(entry.latin),
                            Self.text(entry.family), Self.text(entry.category),
                        ])
                }
            }
            for replacement in directories.replacements {
                for (table, column, kind) in Self.directoryReferences where kind == replacement.kind {
                    try database.execute(
                        "UPDATE \(table) SET \(column) = ? WHERE \(column) = ?",
                        [.text(replacement.replacementId), .text(replacement.retiredId)])
                }
            }
            try database.execute(
                "UPDATE replica_state SET directory_version = ?", [.integer(Int64(directories.version))])
        }
    }

    /// Applies one page of the account's changes and its cursor, in one transaction.
    public func apply(_ page: PullResponse) throws {
        try database.transaction {
            for change in page.changes { try apply(change) }
            try database.execute("UPDATE replica_state SET cursor = ?", [.text(page.cursor)])
        }
    }

    /// The saved reports, by title.
    public func savedReports() throws -> [SavedReport] {
        let names = SavedReport.columns.names
        return try database.query(
            "SELECT \(names.joined(separator: ", ")) FROM saved_reports ORDER BY title COLLATE NOCASE, id"
        ).compactMap { row in
            SavedReport.columns.record(
                fields: Dictionary(uniqueKeysWithValues: names.map { ($0, Self.fieldValue(row[$0])) }),
                requiring: [\SavedReport.formula])
        }
    }

    // MARK: Changes

    private func apply(_ change: RecordChange) throws {
        guard let table = Self.tables[change.kind] else { return }
        if change.deleted {
            try delete(change.kind, [change.id])
            return
        }
        guard let fields = change.fields else { return }
        let row: (names: [String], values: [FieldValue])? =
            switch change.kind {
            case .spot: try accepted(Spot.columns, fields) { SpotDraft($0).issues().isEmpty }
            case .trip: try accepted(Trip.columns, fields) { TripDraft($0).issues(now: .distantFuture).isEmpty }
            case .catch: try accepted(Catch.columns, fields) { CatchDraft($0).issues(now: .distantFuture).isEmpty }
            case .report:
                try accepted(SavedReport.columns, fields) {
                    SavedReport.issues(title: $0.title, formula: $0.formula).isEmpty
                        && ChartKind(rawValue: $0.chart) != nil
                }
            default: nil
            }
        // A record the diary's rules refuse is left out, as a device parks it.
        guard let row, row.values.first == .text(change.id.canonicalText) else { return }
        try database.execute(
            "INSERT OR REPLACE INTO \(table) (\(row.names.joined(separator: ", "))) VALUES (\(row.names.map { _ in "?" }.joined(separator: ", ")))",
            row.values.map(Self.sqliteValue))
        guard change.kind == .trip || change.kind == .catch else { return }
        try database.execute(
            "DELETE FROM conditions WHERE entity_type = ? AND entity_id = ?",
            [.text(change.kind.rawValue), .text(change.id.canonicalText)])
        guard fields[ConditionsColumns.field(ConditionsColumns.snapshot)] != nil else { return }
        try database.execute(
            """
            INSERT INTO conditions (entity_type, entity_id, \(ConditionsColumns.names.joined(separator: ", ")))
            VALUES (?, ?, \(ConditionsColumns.names.map { _ in "?" }.joined(separator: ", ")))
            """,
            [.text(change.kind.rawValue), .text(change.id.canonicalText)]
                + ConditionsColumns.names.map { Self.sqliteValue(fields[ConditionsColumns.field($0)] ?? .null) })
    }

    /// The record's row when the diary's rules take it, as a device judges a pulled record: each
    /// column of its type (the definition's strict read), its attributes within their bounds
    /// (the model's validation), each directory it names holding the entry; nil otherwise.
    private func accepted<Record>(_ columns: RecordColumns<Record>, _ fields: RecordFields, valid: (Record) -> Bool)
        throws -> (names: [String], values: [FieldValue])?
    {
        guard let record = try? columns.record({ fields[columns.names[$0]] ?? .null }), valid(record) else {
            return nil
        }
        let values = columns.values(of: record)
        for (column, directory) in columns.directoryReferences {
            guard let index = columns.names.firstIndex(of: column), case .text(let id) = values[index] else { continue }
            let held = try database.queryFirst("SELECT 1 FROM \(directory.table) WHERE id = ?", [.text(id)])
            if held == nil { return nil }
        }
        return (columns.names, values)
    }

    /// Deletes records of `kind` with their children: a spot's trips, a trip's catches, and the
    /// conditions of every trip and catch deleted.
    private func delete(_ kind: RecordKind, _ ids: [UUID]) throws {
        guard let table = Self.tables[kind], !ids.isEmpty else { return }
        let keys = ids.map { SQLiteValue.text($0.canonicalText) }
        let places = keys.map { _ in "?" }.joined(separator: ", ")
        let children: (kind: RecordKind, column: String)? =
            switch kind {
            case .spot: (.trip, Trip.columns.name(of: \.spotId))
            case .trip: (.catch, Catch.columns.name(of: \.tripId))
            default: nil
            }
        if let children, let childTable = Self.tables[children.kind] {
            let childIds = try database.query(
                "SELECT id FROM \(childTable) WHERE \(children.column) IN (\(places))", keys
            ).compactMap { UUID(canonicalText: $0[0].stringValue ?? "") }
            try delete(children.kind, childIds)
        }
        if kind == .trip || kind == .catch {
            try database.execute(
                "DELETE FROM conditions WHERE entity_type = ? AND entity_id IN (\(places))",
                [.text(kind.rawValue)] + keys)
        }
        try database.execute("DELETE FROM \(table) WHERE id IN (\(places))", keys)
    }

    // MARK: Tables

    /// The table of each kind the reports read.
    static let tables: [RecordKind: String] = [
        .spot: "spots", .trip: "trips", .catch: "catches", .report: "saved_reports",
    ]

    /// The columns that name a directory entry, by table.
    static let directoryReferences: [(table: String, column: String, kind: DirectoryKind)] =
        Spot.columns.directoryReferences.map { ("spots", $0.column, $0.directory) }
        + Catch.columns.directoryReferences.map { ("catches", $0.column, $0.directory) }

    static let directoryColumns = ["id", "name_en", "name_ru", "latin", "family", "category"]

    /// The diary's indexes the report engine leans on, the same names and definitions (held to
    /// the diary's by `ReportReplicaTests`).
    static let reportIndexes = [
        "CREATE INDEX trips_by_spot ON trips(spot_id);",
        "CREATE INDEX catches_by_trip ON catches(trip_id, caught_at DESC) WHERE deleted_at IS NULL;",
        "CREATE INDEX catches_by_month ON catches(local_time / 1000000 % 100) WHERE deleted_at IS NULL;",
        "CREATE INDEX catches_by_hour ON catches(local_time / 100 % 100) WHERE deleted_at IS NULL;",
        "CREATE INDEX catches_report_by_species ON catches(species_id, local_time, count) WHERE deleted_at IS NULL;",
        "CREATE INDEX catches_report_by_bait ON catches(bait_id, local_time, count) WHERE deleted_at IS NULL;",
        "CREATE INDEX catches_report_by_method ON catches(method_id, local_time, count) WHERE deleted_at IS NULL;",
        "CREATE INDEX catches_by_weekday ON catches(\(FieldCatalog.weekday(localTime: "local_time")), local_time, count) WHERE deleted_at IS NULL;",
    ]

    /// Every table: each kind's full column list (the Trash's columns stay empty here: deleted
    /// records are gone), the conditions, the directories and where the pulls stand.
    static var schema: String {
        func table(_ name: String, _ columns: [String]) -> String {
            "CREATE TABLE \(name) (\(columns.map { $0 == "id" ? "id TEXT PRIMARY KEY" : $0 }.joined(separator: ", ")));"
        }
        let records =
            [
                table("spots", Spot.columns.names), table("trips", Trip.columns.names),
                table("catches", Catch.columns.names), table("saved_reports", SavedReport.columns.names),
                table("conditions", ["entity_type", "entity_id"] + ConditionsColumns.names),
                "CREATE UNIQUE INDEX conditions_entity ON conditions (entity_type, entity_id);",
            ] + reportIndexes
        let directories = DirectoryKind.allCases.map { table($0.table, directoryColumns) }
        return
            (records + directories + [
                "CREATE TABLE replica_state (cursor TEXT NOT NULL, directory_version INTEGER NOT NULL);",
                "INSERT INTO replica_state VALUES ('', 0);",
                "PRAGMA user_version = \(schemaVersion);",
            ]).joined(separator: "\n")
    }

    // MARK: Values

    private static func text(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }

    static func sqliteValue(_ value: FieldValue) -> SQLiteValue {
        switch value {
        case .null: .null
        case .integer(let v): .integer(v)
        case .real(let v): .real(v)
        case .text(let v): .text(v)
        }
    }

    static func fieldValue(_ value: SQLiteValue) -> FieldValue {
        switch value {
        case .integer(let v): .integer(v)
        case .real(let v): .real(v)
        case .text(let v): .text(v)
        case .blob, .null: .null
        }
    }
}
