// Shipped migrations: literal text that never changes once released (issue 32 §2).
// `ShippedMigrationsTests` holds every script to its recorded SHA-256.

extension DiaryMigrations {
    /// Version 1's own tables, after the directory tables.
    static let version1DiaryTables = #"""

        CREATE TABLE diary_meta (
            key   TEXT PRIMARY KEY NOT NULL,
            value TEXT NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE trash (
            batch_id    TEXT PRIMARY KEY NOT NULL,
            entity_type TEXT NOT NULL CHECK (entity_type IN ('spot', 'trip', 'catch')),
            entity_id   TEXT NOT NULL,
            label       TEXT NOT NULL,
            item_count  INTEGER NOT NULL CHECK (item_count >= 1),
            deleted_at  INTEGER NOT NULL
        ) WITHOUT ROWID;

        CREATE TABLE spots (
            id                 TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
            name               TEXT NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND 120),
            latitude           REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
            longitude          REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
            water_body_name    TEXT CHECK (water_body_name IS NULL OR length(water_body_name) <= 120),
            water_body_type_id TEXT REFERENCES water_body_types(id),
            depth_m            REAL CHECK (depth_m IS NULL OR (depth_m >= 0.0 AND depth_m <= 11000.0)),
            notes              TEXT CHECK (notes IS NULL OR length(notes) <= 4000),
            created_at  INTEGER NOT NULL,
            updated_at  INTEGER NOT NULL CHECK (updated_at >= created_at),
            deleted_at  INTEGER,
            trash_batch TEXT REFERENCES trash(batch_id),
            CHECK ((deleted_at IS NULL) = (trash_batch IS NULL))
        ) WITHOUT ROWID;

        CREATE TABLE trips (
            id           TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
            spot_id      TEXT NOT NULL REFERENCES spots(id),
            start_at     INTEGER NOT NULL,
            end_at       INTEGER CHECK (end_at IS NULL OR end_at >= start_at),
            utc_offset_s INTEGER NOT NULL CHECK (utc_offset_s BETWEEN -43200 AND 50400),
            title        TEXT CHECK (title IS NULL OR length(title) <= 200),
            companions   TEXT CHECK (companions IS NULL OR length(companions) <= 500),
            notes        TEXT CHECK (notes IS NULL OR length(notes) <= 4000),
            created_at  INTEGER NOT NULL,
            updated_at  INTEGER NOT NULL CHECK (updated_at >= created_at),
            deleted_at  INTEGER,
            trash_batch TEXT REFERENCES trash(batch_id),
            CHECK ((deleted_at IS NULL) = (trash_batch IS NULL))
        );
        CREATE INDEX trips_by_spot ON trips(spot_id);
        CREATE INDEX trips_latest ON trips(start_at DESC) WHERE deleted_at IS NULL;

        CREATE TABLE catches (
            id            TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
            trip_id       TEXT NOT NULL REFERENCES trips(id),
            species_id    TEXT NOT NULL REFERENCES species(id),
            caught_at     INTEGER NOT NULL,
            utc_offset_s  INTEGER NOT NULL CHECK (utc_offset_s BETWEEN -43200 AND 50400),
            count         INTEGER NOT NULL DEFAULT 1 CHECK (count BETWEEN 1 AND 10000),
            weight_kg     REAL CHECK (weight_kg IS NULL OR (weight_kg > 0.0 AND weight_kg <= 1600.0)),
            length_cm     REAL CHECK (length_cm IS NULL OR (length_cm > 0.0 AND length_cm <= 800.0)),
            bait_id       TEXT REFERENCES baits(id),
            method_id     TEXT REFERENCES methods(id),
            depth_m       REAL CHECK (depth_m IS NULL OR (depth_m >= 0.0 AND depth_m <= 11000.0)),
            water_temp_c  REAL CHECK (water_temp_c IS NULL OR (water_temp_c >= -2.0 AND water_temp_c <= 40.0)),
            released      INTEGER NOT NULL DEFAULT 0 CHECK (released IN (0, 1)),
            notes         TEXT CHECK (notes IS NULL OR length(notes) <= 4000),
            created_at  INTEGER NOT NULL,
            updated_at  INTEGER NOT NULL CHECK (updated_at >= created_at),
            deleted_at  INTEGER,
            trash_batch TEXT REFERENCES trash(batch_id),
            CHECK ((deleted_at IS NULL) = (trash_batch IS NULL))
        );
        CREATE INDEX catches_by_trip ON catches(trip_id, caught_at DESC) WHERE deleted_at IS NULL;
        CREATE INDEX catches_latest ON catches(caught_at DESC) WHERE deleted_at IS NULL;
        CREATE INDEX catches_trip_all ON catches(trip_id);

        CREATE TABLE outbox (
            mutation_id INTEGER PRIMARY KEY AUTOINCREMENT,
            entity_type TEXT NOT NULL CHECK (entity_type IN ('spot', 'trip', 'catch')),
            entity_id   TEXT NOT NULL,
            operation   TEXT NOT NULL CHECK (operation IN ('upsert', 'delete')),
            changed_at  INTEGER NOT NULL,
            in_flight   INTEGER NOT NULL DEFAULT 0 CHECK (in_flight IN (0, 1)),
            UNIQUE (entity_type, entity_id)
        );
        CREATE TRIGGER trips_live_spot_0 BEFORE INSERT ON trips
        WHEN NEW.deleted_at IS NULL AND (SELECT deleted_at FROM spots WHERE id = NEW.spot_id) IS NOT NULL
        BEGIN SELECT RAISE(ABORT, 'spotId: the spot is in the Trash; restore it first'); END;
        CREATE TRIGGER trips_live_spot_1 BEFORE UPDATE OF spot_id, deleted_at ON trips
        WHEN NEW.deleted_at IS NULL AND (SELECT deleted_at FROM spots WHERE id = NEW.spot_id) IS NOT NULL
        BEGIN SELECT RAISE(ABORT, 'spotId: the spot is in the Trash; restore it first'); END;
        CREATE TRIGGER catches_live_trip_0 BEFORE INSERT ON catches
        WHEN NEW.deleted_at IS NULL AND (SELECT deleted_at FROM trips WHERE id = NEW.trip_id) IS NOT NULL
        BEGIN SELECT RAISE(ABORT, 'tripId: the trip is in the Trash; restore it first'); END;
        CREATE TRIGGER catches_live_trip_1 BEFORE UPDATE OF trip_id, deleted_at ON catches
        WHEN NEW.deleted_at IS NULL AND (SELECT deleted_at FROM trips WHERE id = NEW.trip_id) IS NOT NULL
        BEGIN SELECT RAISE(ABORT, 'tripId: the trip is in the Trash; restore it first'); END;
        CREATE TRIGGER spots_trash_with_trips BEFORE UPDATE OF deleted_at ON spots
        WHEN NEW.deleted_at IS NOT NULL AND EXISTS (SELECT 1 FROM trips WHERE spot_id = NEW.id AND deleted_at IS NULL)
        BEGIN SELECT RAISE(ABORT, 'a spot goes to the Trash together with its trips'); END;
        CREATE TRIGGER trips_trash_with_catches BEFORE UPDATE OF deleted_at ON trips
        WHEN NEW.deleted_at IS NOT NULL AND EXISTS (SELECT 1 FROM catches WHERE trip_id = NEW.id AND deleted_at IS NULL)
        BEGIN SELECT RAISE(ABORT, 'a trip goes to the Trash together with its catches'); END;
        CREATE TRIGGER spots_delete_via_trash BEFORE DELETE ON spots
        WHEN OLD.deleted_at IS NULL
        BEGIN SELECT RAISE(ABORT, 'spots are deleted by moving them to the Trash (UI5); only emptying the Trash removes them'); END;
        CREATE TRIGGER trips_delete_via_trash BEFORE DELETE ON trips
        WHEN OLD.deleted_at IS NULL
        BEGIN SELECT RAISE(ABORT, 'trips are deleted by moving them to the Trash (UI5); only emptying the Trash removes them'); END;
        CREATE TRIGGER catches_delete_via_trash BEFORE DELETE ON catches
        WHEN OLD.deleted_at IS NULL
        BEGIN SELECT RAISE(ABORT, 'catches are deleted by moving them to the Trash (UI5); only emptying the Trash removes them'); END;
        """#
}
