import FishingModel

/// The directory tables (species, baits, methods, water-body types) as both the shared directory
/// database and every profile's diary hold them, with the triggers that make them read-only (T5).
///
/// A write passes only while the connection's `directory_writes_allowed()` function answers 1,
/// which happens only inside ``DirectoryWriteGate/write(_:_:)`` — the directory-update path that
/// installs bundled data now and applies the portal's directory sync later. Any other connection,
/// including a raw `sqlite3` shell, is refused. Entries are retired, never deleted.
enum DirectorySchema {
    static let createTables = """
        CREATE TABLE species (
            id      TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 80),
            latin   TEXT NOT NULL CHECK (length(latin) > 0),
            name_en TEXT NOT NULL CHECK (length(name_en) > 0),
            name_ru TEXT NOT NULL CHECK (length(name_ru) > 0),
            family  TEXT NOT NULL,
            water   TEXT NOT NULL CHECK (water IN ('fresh', 'salt', 'both')),
            retired INTEGER NOT NULL DEFAULT 0 CHECK (retired IN (0, 1))
        ) WITHOUT ROWID;
        CREATE TABLE baits (
            id       TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 80),
            name_en  TEXT NOT NULL CHECK (length(name_en) > 0),
            name_ru  TEXT NOT NULL CHECK (length(name_ru) > 0),
            category TEXT NOT NULL CHECK (category IN (\(BaitCategory.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")))),
            retired  INTEGER NOT NULL DEFAULT 0 CHECK (retired IN (0, 1))
        ) WITHOUT ROWID;
        CREATE TABLE methods (
            id          TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 80),
            name_en     TEXT NOT NULL CHECK (length(name_en) > 0),
            name_ru     TEXT NOT NULL CHECK (length(name_ru) > 0),
            description TEXT NOT NULL,
            retired     INTEGER NOT NULL DEFAULT 0 CHECK (retired IN (0, 1))
        ) WITHOUT ROWID;
        CREATE TABLE water_body_types (
            id      TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 1 AND 80),
            name_en TEXT NOT NULL CHECK (length(name_en) > 0),
            name_ru TEXT NOT NULL CHECK (length(name_ru) > 0),
            retired INTEGER NOT NULL DEFAULT 0 CHECK (retired IN (0, 1))
        ) WITHOUT ROWID;
        CREATE TABLE directory_meta (
            key   TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        ) WITHOUT ROWID;
        """ + DirectoryKind.allCases.map { readOnlyTriggers(table: $0.table) }.joined()
        + readOnlyTriggers(table: "directory_meta")

    /// The columns of each directory table, in the order ``DirectoryStore`` reads and writes them.
    static func columns(_ kind: DirectoryKind) -> [String] {
        switch kind {
        case .species: ["id", "name_en", "name_ru", "latin", "family", "water", "retired"]
        case .baits: ["id", "name_en", "name_ru", "category", "retired"]
        case .methods: ["id", "name_en", "name_ru", "description", "retired"]
        case .waterBodyTypes: ["id", "name_en", "name_ru", "retired"]
        }
    }

    private static func readOnlyTriggers(table: String) -> String {
        let refusal =
            "\(table) is read-only reference data owned by the portal (T5); it changes only through directory sync"
        return """

            CREATE TRIGGER \(table)_read_only_insert BEFORE INSERT ON \(table)
            WHEN directory_writes_allowed() IS NOT 1
            BEGIN SELECT RAISE(ABORT, '\(refusal)'); END;
            CREATE TRIGGER \(table)_read_only_update BEFORE UPDATE ON \(table)
            WHEN directory_writes_allowed() IS NOT 1
            BEGIN SELECT RAISE(ABORT, '\(refusal)'); END;
            CREATE TRIGGER \(table)_never_deleted BEFORE DELETE ON \(table)
            BEGIN SELECT RAISE(ABORT, '\(table) entries are retired, never deleted'); END;
            """
    }
}
