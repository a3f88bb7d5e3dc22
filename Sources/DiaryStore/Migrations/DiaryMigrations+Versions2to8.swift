// Shipped migrations: literal text that never changes once released (issue 32 §2).
// `ShippedMigrationsTests` holds every script to its recorded SHA-256.

extension DiaryMigrations {
    /// Version 2, "spot places": the offline place label of a spot (T10), derived on the device from
    /// its coordinates.
    static let version2 = #"""
        ALTER TABLE spots ADD COLUMN place_settlement TEXT;
        ALTER TABLE spots ADD COLUMN place_region TEXT;
        ALTER TABLE spots ADD COLUMN place_country TEXT;
        ALTER TABLE spots ADD COLUMN place_country_code TEXT CHECK (place_country_code IS NULL OR length(place_country_code) = 2);
        ALTER TABLE spots ADD COLUMN place_distance_km REAL CHECK (place_distance_km IS NULL OR place_distance_km >= 0);
        ALTER TABLE spots ADD COLUMN place_bearing REAL CHECK (place_bearing IS NULL OR (place_bearing >= 0 AND place_bearing < 360));
        ALTER TABLE spots ADD COLUMN place_description TEXT;
        """#

    /// Version 3, "catch local time": a catch's local wall-clock time as the integer yyyymmddhhmm
    /// beside the instant, so reports group by year, month and hour with integer arithmetic and an
    /// index (T18); triggers keep it equal to what the instant and offset say, and existing catches are
    /// backfilled.
    static let version3 = #"""
        ALTER TABLE catches ADD COLUMN local_time INTEGER NOT NULL DEFAULT 0;
        UPDATE catches SET local_time = CAST(strftime('%Y%m%d%H%M', caught_at / 1000 + utc_offset_s, 'unixepoch') AS INTEGER);
        CREATE INDEX catches_by_month ON catches(local_time / 1000000 % 100) WHERE deleted_at IS NULL;
        CREATE INDEX catches_by_hour ON catches(local_time / 100 % 100) WHERE deleted_at IS NULL;
        CREATE TRIGGER catches_local_time_0 BEFORE INSERT ON catches
        WHEN NEW.local_time IS NOT CAST(strftime('%Y%m%d%H%M', NEW.caught_at / 1000 + NEW.utc_offset_s, 'unixepoch') AS INTEGER)
        BEGIN SELECT RAISE(ABORT, 'local_time must be the local yyyymmddhhmm of caught_at and utc_offset_s'); END;
        CREATE TRIGGER catches_local_time_1 BEFORE UPDATE OF caught_at, utc_offset_s, local_time ON catches
        WHEN NEW.local_time IS NOT CAST(strftime('%Y%m%d%H%M', NEW.caught_at / 1000 + NEW.utc_offset_s, 'unixepoch') AS INTEGER)
        BEGIN SELECT RAISE(ABORT, 'local_time must be the local yyyymmddhhmm of caught_at and utc_offset_s'); END;
        """#

    /// Version 4, "conditions": the weather and sky at a trip's start or a catch's time (T14): the
    /// figures reports read and the weather module's whole snapshot as JSON; `complete` is 0 while
    /// online fields are still missing.
    static let version4 = #"""
        CREATE TABLE conditions (
            entity_type        TEXT NOT NULL CHECK (entity_type IN ('trip', 'catch')),
            entity_id          TEXT NOT NULL CHECK (length(entity_id) = 36),
            temperature_c      REAL CHECK (temperature_c IS NULL OR temperature_c BETWEEN -90 AND 60),
            pressure_hpa       REAL CHECK (pressure_hpa IS NULL OR pressure_hpa BETWEEN 850 AND 1090),
            pressure_change_3h REAL CHECK (pressure_change_3h IS NULL OR pressure_change_3h BETWEEN -60 AND 60),
            pressure_tendency  TEXT CHECK (pressure_tendency IS NULL OR pressure_tendency IN ('rising', 'steady', 'falling')),
            wind_speed_ms      REAL CHECK (wind_speed_ms IS NULL OR wind_speed_ms BETWEEN 0 AND 120),
            wind_direction_deg REAL CHECK (wind_direction_deg IS NULL OR (wind_direction_deg >= 0 AND wind_direction_deg <= 360)),
            humidity_percent   REAL CHECK (humidity_percent IS NULL OR humidity_percent BETWEEN 0 AND 100),
            kp                 REAL CHECK (kp IS NULL OR kp BETWEEN 0 AND 9),
            complete           INTEGER NOT NULL CHECK (complete IN (0, 1)),
            snapshot_json      TEXT NOT NULL CHECK (json_valid(snapshot_json)),
            fetched_at         INTEGER NOT NULL,
            PRIMARY KEY (entity_type, entity_id)
        ) WITHOUT ROWID;
        CREATE INDEX conditions_incomplete ON conditions(fetched_at) WHERE complete = 0;
        """#

    /// Version 5, "sync state": what sync keeps on the device (T3; docs/sync.md): the portal account,
    /// the pull cursor, each record's portal sequence number, refused changes, parked records and a
    /// full pass's records.
    static let version5 = #"""
        CREATE TABLE sync_account (
            singleton         INTEGER PRIMARY KEY CHECK (singleton = 1),
            portal_url        TEXT NOT NULL CHECK (portal_url LIKE 'http%'),
            email             TEXT NOT NULL,
            account_id        TEXT NOT NULL CHECK (length(account_id) = 36),
            token             TEXT,
            cursor            TEXT NOT NULL DEFAULT '',
            directory_version INTEGER NOT NULL DEFAULT 0,
            last_sync_at      INTEGER
        );
        CREATE TABLE sync_records (
            entity_type TEXT NOT NULL CHECK (entity_type IN ('spot', 'trip', 'catch')),
            entity_id   TEXT NOT NULL,
            server_seq  INTEGER NOT NULL CHECK (server_seq > 0),
            PRIMARY KEY (entity_type, entity_id)
        ) WITHOUT ROWID;
        CREATE TABLE sync_rejections (
            mutation_id INTEGER PRIMARY KEY,
            entity_type TEXT NOT NULL,
            entity_id   TEXT NOT NULL,
            reason      TEXT NOT NULL CHECK (length(reason) > 0),
            rejected_at INTEGER NOT NULL
        );
        CREATE TABLE sync_parked (
            entity_type TEXT NOT NULL CHECK (entity_type IN ('spot', 'trip', 'catch')),
            entity_id   TEXT NOT NULL,
            seq         INTEGER NOT NULL,
            fields      TEXT NOT NULL CHECK (json_valid(fields)),
            modified_at INTEGER NOT NULL,
            problem     TEXT NOT NULL,
            PRIMARY KEY (entity_type, entity_id)
        ) WITHOUT ROWID;
        CREATE TABLE sync_full_pass (
            entity_type TEXT NOT NULL,
            entity_id   TEXT NOT NULL,
            PRIMARY KEY (entity_type, entity_id)
        ) WITHOUT ROWID;
        """#

    /// Version 6, "media": photos and videos (T4, T16, T17; docs/media.md): one row per asset
    /// describing bytes stored under their SHA-256, and what each belongs to. The Trash (under deferred
    /// foreign keys) and the outbox (its AUTOINCREMENT counter carried over) are rebuilt to accept the
    /// `media` kind.
    static let version6 = #"""
        CREATE TABLE media_assets (
            id                   TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
            sha256               TEXT NOT NULL CHECK (length(sha256) = 64 AND sha256 NOT GLOB '*[^0-9a-f]*'),
            kind                 TEXT NOT NULL CHECK (kind IN ('photo', 'video')),
            format               TEXT NOT NULL CHECK ((kind = 'photo' AND format IN ('jpeg', 'heic', 'png'))
                                                      OR (kind = 'video' AND format IN ('mp4', 'mov'))),
            byte_size            INTEGER NOT NULL CHECK (byte_size > 0),
            original_name        TEXT NOT NULL CHECK (length(trim(original_name)) BETWEEN 1 AND 255),
            captured_at          INTEGER CHECK (captured_at IS NULL OR captured_at BETWEEN -2208988800000 AND 253402300799000),
            capture_utc_offset_s INTEGER CHECK (capture_utc_offset_s IS NULL OR capture_utc_offset_s BETWEEN -43200 AND 50400),
            latitude             REAL CHECK (latitude IS NULL OR (latitude >= -90.0 AND latitude <= 90.0)),
            longitude            REAL CHECK (longitude IS NULL OR (longitude >= -180.0 AND longitude <= 180.0)),
            altitude             REAL CHECK (altitude IS NULL OR (altitude >= -11000.0 AND altitude <= 50000.0)),
            orientation          INTEGER CHECK (orientation IS NULL OR orientation BETWEEN 1 AND 8),
            width                INTEGER CHECK (width IS NULL OR width BETWEEN 1 AND 1000000),
            height               INTEGER CHECK (height IS NULL OR height BETWEEN 1 AND 1000000),
            duration_s           REAL CHECK (duration_s IS NULL OR (kind = 'video' AND duration_s BETWEEN 0.0 AND 2592000.0)),
            created_at  INTEGER NOT NULL,
            updated_at  INTEGER NOT NULL CHECK (updated_at >= created_at),
            deleted_at  INTEGER,
            trash_batch TEXT REFERENCES trash(batch_id),
            CHECK ((deleted_at IS NULL) = (trash_batch IS NULL)),
            CHECK ((latitude IS NULL) = (longitude IS NULL)),
            CHECK (altitude IS NULL OR latitude IS NOT NULL)
        ) WITHOUT ROWID;
        CREATE INDEX media_assets_by_content ON media_assets(sha256);
        CREATE INDEX media_assets_latest ON media_assets(created_at DESC) WHERE deleted_at IS NULL;

        CREATE TABLE media_links (
            asset_id    TEXT NOT NULL REFERENCES media_assets(id) ON DELETE CASCADE,
            entity_type TEXT NOT NULL CHECK (entity_type IN ('spot', 'trip', 'catch')),
            entity_id   TEXT NOT NULL CHECK (length(entity_id) = 36),
            created_at  INTEGER NOT NULL,
            PRIMARY KEY (asset_id, entity_type, entity_id)
        ) WITHOUT ROWID;
        CREATE INDEX media_links_by_object ON media_links(entity_type, entity_id);

        CREATE TRIGGER media_assets_immutable BEFORE UPDATE ON media_assets
        WHEN NEW.id IS NOT OLD.id OR NEW.sha256 IS NOT OLD.sha256 OR NEW.kind IS NOT OLD.kind OR NEW.format IS NOT OLD.format OR NEW.byte_size IS NOT OLD.byte_size OR NEW.original_name IS NOT OLD.original_name OR NEW.captured_at IS NOT OLD.captured_at OR NEW.capture_utc_offset_s IS NOT OLD.capture_utc_offset_s OR NEW.latitude IS NOT OLD.latitude OR NEW.longitude IS NOT OLD.longitude OR NEW.altitude IS NOT OLD.altitude OR NEW.orientation IS NOT OLD.orientation OR NEW.width IS NOT OLD.width OR NEW.height IS NOT OLD.height OR NEW.duration_s IS NOT OLD.duration_s OR NEW.created_at IS NOT OLD.created_at
        BEGIN SELECT RAISE(ABORT, 'a photo or video never changes once stored: only its Trash state does'); END;

        CREATE TRIGGER media_links_live_asset BEFORE INSERT ON media_links
        WHEN (SELECT deleted_at FROM media_assets WHERE id = NEW.asset_id) IS NOT NULL
        BEGIN SELECT RAISE(ABORT, 'the photo or video is in the Trash; restore it first'); END;

        CREATE TRIGGER media_links_live_object BEFORE INSERT ON media_links
        WHEN NOT EXISTS (
            SELECT 1 FROM spots WHERE NEW.entity_type = 'spot' AND id = NEW.entity_id AND deleted_at IS NULL
            UNION ALL SELECT 1 FROM trips WHERE NEW.entity_type = 'trip' AND id = NEW.entity_id AND deleted_at IS NULL
            UNION ALL SELECT 1 FROM catches WHERE NEW.entity_type = 'catch' AND id = NEW.entity_id AND deleted_at IS NULL)
        BEGIN SELECT RAISE(ABORT, 'a photo or video belongs only to a live spot, trip or catch'); END;

        CREATE TRIGGER media_links_unchanged BEFORE UPDATE ON media_links
        BEGIN SELECT RAISE(ABORT, 'a link of a photo or video is added or removed, never changed'); END;

        PRAGMA defer_foreign_keys = ON;
        CREATE TEMP TABLE trash_v5 AS SELECT * FROM trash;
        DROP TABLE trash;
        CREATE TABLE trash (
            batch_id    TEXT PRIMARY KEY NOT NULL,
            entity_type TEXT NOT NULL CHECK (entity_type IN ('spot', 'trip', 'catch', 'media')),
            entity_id   TEXT NOT NULL,
            label       TEXT NOT NULL,
            item_count  INTEGER NOT NULL CHECK (item_count >= 1),
            deleted_at  INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO trash SELECT batch_id, entity_type, entity_id, label, item_count, deleted_at FROM trash_v5;
        DROP TABLE trash_v5;
        CREATE TABLE outbox_v6 (
            mutation_id INTEGER PRIMARY KEY AUTOINCREMENT,
            entity_type TEXT NOT NULL CHECK (entity_type IN ('spot', 'trip', 'catch', 'media')),
            entity_id   TEXT NOT NULL,
            operation   TEXT NOT NULL CHECK (operation IN ('upsert', 'delete')),
            changed_at  INTEGER NOT NULL,
            in_flight   INTEGER NOT NULL DEFAULT 0 CHECK (in_flight IN (0, 1)),
            UNIQUE (entity_type, entity_id)
        );
        INSERT INTO outbox_v6 SELECT mutation_id, entity_type, entity_id, operation, changed_at, in_flight FROM outbox;
        CREATE TEMP TABLE outbox_counter AS SELECT seq FROM sqlite_sequence WHERE name = 'outbox';
        DROP TABLE outbox;
        ALTER TABLE outbox_v6 RENAME TO outbox;
        DELETE FROM sqlite_sequence WHERE name = 'outbox';
        INSERT INTO sqlite_sequence(name, seq) SELECT 'outbox', max(seq) FROM outbox_counter HAVING max(seq) IS NOT NULL;
        DROP TABLE outbox_counter;

        CREATE TRIGGER media_assets_delete_via_trash BEFORE DELETE ON media_assets
        WHEN OLD.deleted_at IS NULL
        BEGIN SELECT RAISE(ABORT, 'media_assets are deleted by moving them to the Trash (UI5); only emptying the Trash removes them'); END;
        """#

    /// Version 7, "media sync": photos and videos sync like every record (T3, T4): the sync tables
    /// accept `media`, and `sync_media_uploads` remembers each digest's tus upload and when the portal
    /// confirmed the bytes.
    static let version7 = #"""
        CREATE TABLE sync_records_v7 (
            entity_type TEXT NOT NULL CHECK (entity_type IN ('spot', 'trip', 'catch', 'media')),
            entity_id   TEXT NOT NULL,
            server_seq  INTEGER NOT NULL CHECK (server_seq > 0),
            PRIMARY KEY (entity_type, entity_id)
        ) WITHOUT ROWID;
        INSERT INTO sync_records_v7 SELECT * FROM sync_records;
        DROP TABLE sync_records;
        ALTER TABLE sync_records_v7 RENAME TO sync_records;
        CREATE TABLE sync_parked_v7 (
            entity_type TEXT NOT NULL CHECK (entity_type IN ('spot', 'trip', 'catch', 'media')),
            entity_id   TEXT NOT NULL,
            seq         INTEGER NOT NULL,
            fields      TEXT NOT NULL CHECK (json_valid(fields)),
            modified_at INTEGER NOT NULL,
            problem     TEXT NOT NULL,
            PRIMARY KEY (entity_type, entity_id)
        ) WITHOUT ROWID;
        INSERT INTO sync_parked_v7 SELECT * FROM sync_parked;
        DROP TABLE sync_parked;
        ALTER TABLE sync_parked_v7 RENAME TO sync_parked;
        CREATE TABLE sync_media_uploads (
            sha256      TEXT PRIMARY KEY NOT NULL CHECK (length(sha256) = 64),
            location    TEXT,
            uploaded_at INTEGER
        ) WITHOUT ROWID;
        """#

    /// Version 8, "media restored uploads again": an asset that leaves the Trash forgets that its bytes
    /// were uploaded (the portal may have deleted them after 90 days), so the next sync offers them
    /// again.
    static let version8 = #"""
        CREATE TRIGGER media_assets_restored_upload_again
        AFTER UPDATE OF deleted_at ON media_assets
        WHEN OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL
        BEGIN
            UPDATE sync_media_uploads SET uploaded_at = NULL, location = NULL
            WHERE sha256 = NEW.sha256 AND uploaded_at IS NOT NULL;
        END;
        """#
}
