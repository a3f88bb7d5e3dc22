import FishingModel

/// The directory tables (species, baits, methods, water-body types) as both the shared directory
/// database and every profile's diary hold them (made by ``DirectoryMigrations``), with the
/// triggers that make them read-only (T5).
///
/// A write passes only while the connection's `directory_writes_allowed()` function answers 1,
/// which happens only inside ``DirectoryWriteGate/write(_:_:)`` — the directory-update path that
/// installs bundled data now and applies the portal's directory sync later. Any other connection,
/// including a raw `sqlite3` shell, is refused. Entries are retired, never deleted.
enum DirectorySchema {
    /// The columns of each directory table, in the order ``DirectoryStore`` reads and writes them.
    static func columns(_ kind: DirectoryKind) -> [String] {
        switch kind {
        case .species: ["id", "name_en", "name_ru", "latin", "family", "water", "retired"]
        case .baits: ["id", "name_en", "name_ru", "category", "retired"]
        case .methods: ["id", "name_en", "name_ru", "description", "retired"]
        case .waterBodyTypes: ["id", "name_en", "name_ru", "retired"]
        }
    }
}
