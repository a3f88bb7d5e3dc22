// Shipped migrations: literal text that never changes once released (issue 32 §2).
// `ShippedMigrationsTests` holds every script to its recorded SHA-256.

extension DiaryMigrations {
    /// Version 18, "imports" (issue 34 §1; T2, UI5): each file imported into the diary (its name,
    /// format and SHA-256, what became of its records) and the spots, trips and catches it made,
    /// each with where in the file it came from; an import goes to the Trash as one batch, so the
    /// Trash names imports too. A record that leaves the diary for good forgets its import.
    static let version18 = #"""
        PRAGMA defer_foreign_keys = ON;
        CREATE TEMP TABLE trash_v17 AS SELECT * FROM trash;
        DROP TABLE trash;
        CREATE TABLE trash (
            batch_id    TEXT PRIMARY KEY NOT NULL,
            entity_type TEXT NOT NULL CHECK (entity_type IN ('spot', 'trip', 'catch', 'media', 'report', 'import')),
            entity_id   TEXT NOT NULL,
            label       TEXT NOT NULL,
            item_count  INTEGER NOT NULL CHECK (item_count >= 1),
            deleted_at  INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO trash SELECT batch_id, entity_type, entity_id, label, item_count, deleted_at FROM trash_v17;
        DROP TABLE trash_v17;

        CREATE TABLE imports (
            id            TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
            file_name     TEXT NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
            format        TEXT NOT NULL CHECK (format IN ('csv', 'gpx', 'kml', 'kmz')),
            file_sha256   TEXT NOT NULL CHECK (length(file_sha256) = 64),
            imported_at   INTEGER NOT NULL,
            created_count INTEGER NOT NULL CHECK (created_count >= 1),
            present_count INTEGER NOT NULL CHECK (present_count >= 0),
            refused_count INTEGER NOT NULL CHECK (refused_count >= 0)
        ) WITHOUT ROWID;

        CREATE TABLE imported_records (
            kind      TEXT NOT NULL CHECK (kind IN ('spot', 'trip', 'catch')),
            record_id TEXT NOT NULL CHECK (length(record_id) = 36),
            import_id TEXT NOT NULL REFERENCES imports(id),
            source    TEXT NOT NULL CHECK (length(source) BETWEEN 1 AND 300),
            PRIMARY KEY (kind, record_id)
        ) WITHOUT ROWID;
        CREATE INDEX imported_records_by_import ON imported_records(import_id);

        CREATE TRIGGER spots_forget_import AFTER DELETE ON spots
        BEGIN DELETE FROM imported_records WHERE kind = 'spot' AND record_id = OLD.id; END;
        CREATE TRIGGER trips_forget_import AFTER DELETE ON trips
        BEGIN DELETE FROM imported_records WHERE kind = 'trip' AND record_id = OLD.id; END;
        CREATE TRIGGER catches_forget_import AFTER DELETE ON catches
        BEGIN DELETE FROM imported_records WHERE kind = 'catch' AND record_id = OLD.id; END;
        """#
}
