import FishingModel
import Foundation
import SQLiteDB

/// Reads and (through the gate only) writes the directory tables of one connection (T5).
///
/// The shared directory database of the device and every profile's diary hold the same tables;
/// the shared one is filled from the bundled data (later from the portal), and each diary keeps a
/// replica refreshed from it so diary rows can reference entries with real FOREIGN KEYs.
struct DirectoryStore {
    let database: Database
    let gate: DirectoryWriteGate

    static let versionKey = "directory_version"

    /// The directory version this database holds (0 when empty).
    func version(schema: String = "main") throws -> Int {
        let value = try database.scalar(
            "SELECT value FROM \(schema).directory_meta WHERE key = ?", [.text(Self.versionKey)])
        return Int(value.stringValue ?? "0") ?? 0
    }

    /// Writes `entries` (inserting new ones, updating changed ones; nothing is ever deleted) and
    /// records `version`, all in one transaction on the directory-update path.
    func install(_ entries: [DirectoryKind: [DirectoryEntry]], version: Int) throws {
        try gate.write {
            for kind in DirectoryKind.allCases {
                let columns = DirectorySchema.columns(kind)
                let sql = """
                    INSERT INTO \(kind.table) (\(columns.joined(separator: ", ")))
                    VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))
                    ON CONFLICT (id) DO UPDATE SET
                    \(columns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
                    """
                for entry in entries[kind] ?? [] {
                    try database.execute(sql, Self.values(entry))
                }
            }
            try database.execute(
                "INSERT INTO directory_meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                [.text(Self.versionKey), .text(String(version))])
        }
    }

    /// Copies the shared directory database into this one when the shared copy is newer.
    func refresh(fromSharedAt url: URL) throws {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        let shared = try Database(path: url.path, mode: .readOnly)
        let sharedVersion = try DirectoryStore(database: shared, gate: try DirectoryWriteGate(database: shared))
            .version()
        guard sharedVersion > (try version()) else { return }
        var entries: [DirectoryKind: [DirectoryEntry]] = [:]
        for kind in DirectoryKind.allCases {
            entries[kind] = try Self.entries(kind, in: shared, includeRetired: true)
        }
        try install(entries, version: sharedVersion)
    }

    /// The entries of one directory, ordered by English name.
    func entries(_ kind: DirectoryKind, includeRetired: Bool = false) throws -> [DirectoryEntry] {
        try Self.entries(kind, in: database, includeRetired: includeRetired)
    }

    /// The entries whose id is `search` or whose English, Russian or Latin name contains it,
    /// ignoring case and diacritics (ё = е); all of them when `search` is empty.
    static func matching(_ entries: [DirectoryEntry], _ search: String?) -> [DirectoryEntry] {
        guard let search = search?.trimmingCharacters(in: .whitespaces), !search.isEmpty else { return entries }
        return entries.filter { entry in
            entry.id == search.lowercased()
                || entry.searchableNames.contains {
                    $0.range(of: search, options: [.caseInsensitive, .diacriticInsensitive]) != nil
                }
        }
    }

    /// The entry with this id, retired or not.
    func entry(_ kind: DirectoryKind, id: String) throws -> DirectoryEntry? {
        let columns = DirectorySchema.columns(kind).joined(separator: ", ")
        return try database.queryFirst("SELECT \(columns) FROM \(kind.table) WHERE id = ?", [.text(id)])
            .map { try Self.decode(kind, $0) }
    }

    private static func entries(_ kind: DirectoryKind, in db: Database, includeRetired: Bool) throws -> [DirectoryEntry]
    {
        let columns = DirectorySchema.columns(kind).joined(separator: ", ")
        let filter = includeRetired ? "" : "WHERE retired = 0"
        return try db.query("SELECT \(columns) FROM \(kind.table) \(filter) ORDER BY name_en COLLATE NOCASE, id") {
            try decode(kind, $0)
        }
    }

    private static func decode(_ kind: DirectoryKind, _ row: Row) throws -> DirectoryEntry {
        var entry = DirectoryEntry(kind: kind, id: try row.text(0), nameEn: try row.text(1), nameRu: try row.text(2))
        switch kind {
        case .species:
            entry.latin = try row.text(3)
            entry.family = try row.text(4)
            entry.water = WaterKind(rawValue: try row.text(5))
        case .baits: entry.category = try row.text(3)
        case .methods: entry.description = try row.text(3)
        case .waterBodyTypes: break
        }
        entry.retired = try row.bool(DirectorySchema.columns(kind).count - 1)
        return entry
    }

    private static func values(_ e: DirectoryEntry) -> [SQLiteValue] {
        let head: [SQLiteValue] = [.text(e.id), .text(e.nameEn), .text(e.nameRu)]
        let details: [SQLiteValue]
        switch e.kind {
        case .species: details = [SQLiteValue(e.latin), SQLiteValue(e.family), SQLiteValue(e.water?.rawValue)]
        case .baits: details = [SQLiteValue(e.category)]
        case .methods: details = [.text(e.description ?? "")]
        case .waterBodyTypes: details = []
        }
        return head + details + [SQLiteValue(e.retired)]
    }
}
