// Shipped migrations: literal text that never changes once released (issue 32 §2).
// `ShippedMigrationsTests` holds every script to its recorded SHA-256.

import SQLiteDB

/// The directory tables (T5) as shipped: read-only reference data owned by the portal, in the
/// device's shared directory database and at the start of every diary.
enum DirectoryMigrations {
    static let migrator = Migrator([Migration(version: 1, name: "directories", sql: version1)])

    /// Version 1: species, baits, methods and water body types with their names, retired entries and
    /// replacements; triggers refuse every write but the directory update's.
    static let version1 = #"""
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
            category TEXT NOT NULL CHECK (category IN ('natural', 'plant', 'prepared', 'hard-lure', 'soft-lure', 'fly', 'other')),
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
        CREATE TRIGGER species_read_only_insert BEFORE INSERT ON species
        WHEN directory_writes_allowed() IS NOT 1
        BEGIN SELECT RAISE(ABORT, 'species is read-only reference data owned by the portal (T5); it changes only through directory sync'); END;
        CREATE TRIGGER species_read_only_update BEFORE UPDATE ON species
        WHEN directory_writes_allowed() IS NOT 1
        BEGIN SELECT RAISE(ABORT, 'species is read-only reference data owned by the portal (T5); it changes only through directory sync'); END;
        CREATE TRIGGER species_never_deleted BEFORE DELETE ON species
        BEGIN SELECT RAISE(ABORT, 'species entries are retired, never deleted'); END;
        CREATE TRIGGER baits_read_only_insert BEFORE INSERT ON baits
        WHEN directory_writes_allowed() IS NOT 1
        BEGIN SELECT RAISE(ABORT, 'baits is read-only reference data owned by the portal (T5); it changes only through directory sync'); END;
        CREATE TRIGGER baits_read_only_update BEFORE UPDATE ON baits
        WHEN directory_writes_allowed() IS NOT 1
        BEGIN SELECT RAISE(ABORT, 'baits is read-only reference data owned by the portal (T5); it changes only through directory sync'); END;
        CREATE TRIGGER baits_never_deleted BEFORE DELETE ON baits
        BEGIN SELECT RAISE(ABORT, 'baits entries are retired, never deleted'); END;
        CREATE TRIGGER methods_read_only_insert BEFORE INSERT ON methods
        WHEN directory_writes_allowed() IS NOT 1
        BEGIN SELECT RAISE(ABORT, 'methods is read-only reference data owned by the portal (T5); it changes only through directory sync'); END;
        CREATE TRIGGER methods_read_only_update BEFORE UPDATE ON methods
        WHEN directory_writes_allowed() IS NOT 1
        BEGIN SELECT RAISE(ABORT, 'methods is read-only reference data owned by the portal (T5); it changes only through directory sync'); END;
        CREATE TRIGGER methods_never_deleted BEFORE DELETE ON methods
        BEGIN SELECT RAISE(ABORT, 'methods entries are retired, never deleted'); END;
        CREATE TRIGGER water_body_types_read_only_insert BEFORE INSERT ON water_body_types
        WHEN directory_writes_allowed() IS NOT 1
        BEGIN SELECT RAISE(ABORT, 'water_body_types is read-only reference data owned by the portal (T5); it changes only through directory sync'); END;
        CREATE TRIGGER water_body_types_read_only_update BEFORE UPDATE ON water_body_types
        WHEN directory_writes_allowed() IS NOT 1
        BEGIN SELECT RAISE(ABORT, 'water_body_types is read-only reference data owned by the portal (T5); it changes only through directory sync'); END;
        CREATE TRIGGER water_body_types_never_deleted BEFORE DELETE ON water_body_types
        BEGIN SELECT RAISE(ABORT, 'water_body_types entries are retired, never deleted'); END;
        CREATE TRIGGER directory_meta_read_only_insert BEFORE INSERT ON directory_meta
        WHEN directory_writes_allowed() IS NOT 1
        BEGIN SELECT RAISE(ABORT, 'directory_meta is read-only reference data owned by the portal (T5); it changes only through directory sync'); END;
        CREATE TRIGGER directory_meta_read_only_update BEFORE UPDATE ON directory_meta
        WHEN directory_writes_allowed() IS NOT 1
        BEGIN SELECT RAISE(ABORT, 'directory_meta is read-only reference data owned by the portal (T5); it changes only through directory sync'); END;
        CREATE TRIGGER directory_meta_never_deleted BEFORE DELETE ON directory_meta
        BEGIN SELECT RAISE(ABORT, 'directory_meta entries are retired, never deleted'); END;
        """#
}
