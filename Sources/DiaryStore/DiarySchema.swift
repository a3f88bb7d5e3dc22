import FishingModel
import Foundation
import SQLiteDB

/// The schema of one profile's diary database, as a list of migrations (T2, T19, UI5).
///
/// The rules the Swift validation checks are held here a second time — NOT NULL, CHECK with the
/// same ``Limits``, FOREIGN KEY into the directory tables, and triggers that keep live objects off
/// trashed parents and refuse hard deletes outside the Trash — so no code path, present or future,
/// can store what the app would refuse.
enum DiarySchema {
    static let migrator = Migrator([
        Migration(version: 1, name: "diary", sql: DirectorySchema.createTables + diaryTables),
        Migration(version: 2, name: "spot places", sql: spotPlaces),
        Migration(version: 3, name: "catch local time", sql: catchLocalTime),
        Migration(version: 4, name: "conditions", sql: conditions),
        Migration(version: 5, name: "sync state", sql: syncState),
        Migration(version: 6, name: "media", sql: media),
        Migration(version: 7, name: "media sync", sql: mediaSync),
        Migration(version: 8, name: "media restored uploads again", sql: mediaRestoredUploadsAgain),
        Migration(version: 9, name: "saved reports", sql: savedReports),
        Migration(version: 10, name: "trips in list order", sql: tripsInListOrder),
        Migration(version: 11, name: "catch report indexes", sql: catchReportIndexes),
        Migration(version: 12, name: "saved reports in the Trash", sql: reportsInTheTrash),
        Migration(version: 13, name: "error reports", sql: errorReports),
        Migration(version: 14, name: "saved reports sync", sql: savedReportsSync),
        Migration(version: 15, name: "kinds the pull cursor covers", sql: pulledKindsColumn),
    ])

    /// Photos and videos (T4, T16, T17; docs/media.md): one row per asset describing bytes stored
    /// under their SHA-256 in the profile's `media/` folder, and the spots, trips and catches each
    /// belongs to. What the bytes say about themselves never changes after the insert; an asset
    /// leaves the database only from the Trash, like every other object.
    ///
    /// `captured_at` keeps the reader's meaning: an instant when `capture_utc_offset_s` is set or
    /// the asset is a video (MP4/MOV times are UTC), else a photo's wall-clock time read as UTC.
    ///
    /// The Trash and the outbox learn the `media` kind. SQLite cannot change a CHECK in place, so
    /// both tables are rebuilt: the Trash under deferred foreign keys (records point at its
    /// batches; the copied rows satisfy them again before commit), and the outbox with its
    /// AUTOINCREMENT counter carried over, so mutation ids stay monotonic even when it was empty.
    private static let media =
        """
        CREATE TABLE media_assets (
            id                   TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
            sha256               TEXT NOT NULL CHECK (length(sha256) = 64 AND sha256 NOT GLOB '*[^0-9a-f]*'),
            kind                 TEXT NOT NULL CHECK (kind IN ('photo', 'video')),
            format               TEXT NOT NULL CHECK ((kind = 'photo' AND format IN ('jpeg', 'heic', 'png'))
                                                      OR (kind = 'video' AND format IN ('mp4', 'mov'))),
            byte_size            INTEGER NOT NULL CHECK (byte_size > 0),
            original_name        TEXT NOT NULL CHECK (length(trim(original_name)) BETWEEN 1 AND \(Limits.mediaNameLength)),
            captured_at          INTEGER CHECK (captured_at IS NULL OR captured_at BETWEEN \(SQLiteValue.milliseconds(Limits.mediaCaptureDates.lowerBound)) AND \(SQLiteValue.milliseconds(Limits.mediaCaptureDates.upperBound))),
            capture_utc_offset_s INTEGER CHECK (capture_utc_offset_s IS NULL OR \(offsetCheck.replacingOccurrences(of: "utc_offset_s", with: "capture_utc_offset_s"))),
            latitude             REAL CHECK (\(range("latitude", Limits.latitude))),
            longitude            REAL CHECK (\(range("longitude", Limits.longitude))),
            altitude             REAL CHECK (\(range("altitude", Limits.altitudeM))),
            orientation          INTEGER CHECK (orientation IS NULL OR orientation BETWEEN 1 AND 8),
            width                INTEGER CHECK (width IS NULL OR width BETWEEN \(Limits.pixelDimension.lowerBound) AND \(Limits.pixelDimension.upperBound)),
            height               INTEGER CHECK (height IS NULL OR height BETWEEN \(Limits.pixelDimension.lowerBound) AND \(Limits.pixelDimension.upperBound)),
            duration_s           REAL CHECK (duration_s IS NULL OR (kind = 'video' AND duration_s BETWEEN \(Limits.mediaDurationSeconds.lowerBound) AND \(Limits.mediaDurationSeconds.upperBound))),
        \(recordColumns),
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
        WHEN \(immutableMediaColumns.map { "NEW.\($0) IS NOT OLD.\($0)" }.joined(separator: " OR "))
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

        """ + outboxAccepting(kinds: "'spot', 'trip', 'catch', 'media'", version: 6) + trashOnlyDeletes("media_assets")

    /// Rebuilds the outbox so its CHECK accepts `kinds` (SQLite cannot change a CHECK in place),
    /// carrying its AUTOINCREMENT counter over so mutation ids stay monotonic even when it was
    /// empty. `version` names the migration's working table.
    static func outboxAccepting(kinds: String, version: Int) -> String {
        """
        CREATE TABLE outbox_v\(version) (
            mutation_id INTEGER PRIMARY KEY AUTOINCREMENT,
            entity_type TEXT NOT NULL CHECK (entity_type IN (\(kinds))),
            entity_id   TEXT NOT NULL,
            operation   TEXT NOT NULL CHECK (operation IN ('upsert', 'delete')),
            changed_at  INTEGER NOT NULL,
            in_flight   INTEGER NOT NULL DEFAULT 0 CHECK (in_flight IN (0, 1)),
            UNIQUE (entity_type, entity_id)
        );
        INSERT INTO outbox_v\(version) SELECT mutation_id, entity_type, entity_id, operation, changed_at, in_flight FROM outbox;
        CREATE TEMP TABLE outbox_counter AS SELECT seq FROM sqlite_sequence WHERE name = 'outbox';
        DROP TABLE outbox;
        ALTER TABLE outbox_v\(version) RENAME TO outbox;
        DELETE FROM sqlite_sequence WHERE name = 'outbox';
        INSERT INTO sqlite_sequence(name, seq) SELECT 'outbox', max(seq) FROM outbox_counter HAVING max(seq) IS NOT NULL;
        DROP TABLE outbox_counter;

        """
    }

    /// Rebuilds `sync_records` and `sync_parked` so their CHECKs accept `kinds`; `version` names
    /// the migration's working tables.
    static func syncTablesAccepting(kinds: String, version: Int) -> String {
        """
        CREATE TABLE sync_records_v\(version) (
            entity_type TEXT NOT NULL CHECK (entity_type IN (\(kinds))),
            entity_id   TEXT NOT NULL,
            server_seq  INTEGER NOT NULL CHECK (server_seq > 0),
            PRIMARY KEY (entity_type, entity_id)
        ) WITHOUT ROWID;
        INSERT INTO sync_records_v\(version) SELECT * FROM sync_records;
        DROP TABLE sync_records;
        ALTER TABLE sync_records_v\(version) RENAME TO sync_records;
        CREATE TABLE sync_parked_v\(version) (
            entity_type TEXT NOT NULL CHECK (entity_type IN (\(kinds))),
            entity_id   TEXT NOT NULL,
            seq         INTEGER NOT NULL,
            fields      TEXT NOT NULL CHECK (json_valid(fields)),
            modified_at INTEGER NOT NULL,
            problem     TEXT NOT NULL,
            PRIMARY KEY (entity_type, entity_id)
        ) WITHOUT ROWID;
        INSERT INTO sync_parked_v\(version) SELECT * FROM sync_parked;
        DROP TABLE sync_parked;
        ALTER TABLE sync_parked_v\(version) RENAME TO sync_parked;

        """
    }

    /// Columns of a stored photo or video that describe its bytes: set once, at the insert.
    static let immutableMediaColumns = [
        "id", "sha256", "kind", "format", "byte_size", "original_name", "captured_at", "capture_utc_offset_s",
        "latitude", "longitude", "altitude", "orientation", "width", "height", "duration_s", "created_at",
    ]

    /// Photos and videos sync like every record (T3, T4): the sync tables accept the `media`
    /// kind, and `sync_media_uploads` remembers, per content digest, the tus upload in progress
    /// and when the portal confirmed the bytes.
    private static let mediaSync =
        syncTablesAccepting(kinds: "'spot', 'trip', 'catch', 'media'", version: 7) + """
            CREATE TABLE sync_media_uploads (
                sha256      TEXT PRIMARY KEY NOT NULL CHECK (length(sha256) = 64),
                location    TEXT,
                uploaded_at INTEGER
            ) WITHOUT ROWID;
            """

    /// An asset that leaves the Trash — restored here, or by a pull — forgets that its bytes were
    /// uploaded: the portal deletes content no live record has named for 90 days (docs/portal.md),
    /// so the next sync offers the bytes again, and the portal answers at once if it still holds
    /// them. An upload still under way keeps its place to resume from.
    private static let mediaRestoredUploadsAgain = """
        CREATE TRIGGER media_assets_restored_upload_again
        AFTER UPDATE OF deleted_at ON media_assets
        WHEN OLD.deleted_at IS NOT NULL AND NEW.deleted_at IS NULL
        BEGIN
            UPDATE sync_media_uploads SET uploaded_at = NULL, location = NULL
            WHERE sha256 = NEW.sha256 AND uploaded_at IS NOT NULL;
        END;
        """

    /// What sync keeps on the device (T3; docs/sync.md): the portal account of this diary, the
    /// pull cursor, the portal's sequence number of each record, changes the portal refused (kept
    /// visible with the reason), pulled records that cannot be applied yet, and the records seen
    /// during a full pass.
    private static let syncState = """
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
        """

    /// The weather and sky at a trip's start or a catch's time (T14): the figures reports read,
    /// and the weather module's whole snapshot as JSON. `complete` is 0 while online fields are
    /// still missing, which queues the record for filling when the network returns.
    private static let conditions = """
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
        """

    /// The SQL for a catch's local wall-clock time as yyyymmddhhmm.
    static let localTimeSQL = "CAST(strftime('%Y%m%d%H%M', caught_at / 1000 + utc_offset_s, 'unixepoch') AS INTEGER)"

    /// A catch's local wall-clock time as the integer yyyymmddhhmm, kept beside the instant so
    /// reports group by year, month and hour with integer arithmetic (and, for month and hour,
    /// with an index) instead of calendar functions on every row (T18). Triggers keep it equal
    /// to what the instant and offset say; the store writes it.
    private static let catchLocalTime = """
        ALTER TABLE catches ADD COLUMN local_time INTEGER NOT NULL DEFAULT 0;
        UPDATE catches SET local_time = \(localTimeSQL);
        CREATE INDEX catches_by_month ON catches(local_time / 1000000 % 100) WHERE deleted_at IS NULL;
        CREATE INDEX catches_by_hour ON catches(local_time / 100 % 100) WHERE deleted_at IS NULL;
        """
        + ["INSERT", "UPDATE OF caught_at, utc_offset_s, local_time"].enumerated().map { i, event in
            """

            CREATE TRIGGER catches_local_time_\(i) BEFORE \(event) ON catches
            WHEN NEW.local_time IS NOT \(localTimeSQL.replacingOccurrences(of: "caught_at", with: "NEW.caught_at").replacingOccurrences(of: "utc_offset_s", with: "NEW.utc_offset_s"))
            BEGIN SELECT RAISE(ABORT, 'local_time must be the local yyyymmddhhmm of caught_at and utc_offset_s'); END;
            """
        }.joined()

    /// The offline place label of a spot (T10): derived on the device from its coordinates.
    private static let spotPlaces = """
        ALTER TABLE spots ADD COLUMN place_settlement TEXT;
        ALTER TABLE spots ADD COLUMN place_region TEXT;
        ALTER TABLE spots ADD COLUMN place_country TEXT;
        ALTER TABLE spots ADD COLUMN place_country_code TEXT CHECK (place_country_code IS NULL OR length(place_country_code) = 2);
        ALTER TABLE spots ADD COLUMN place_distance_km REAL CHECK (place_distance_km IS NULL OR place_distance_km >= 0);
        ALTER TABLE spots ADD COLUMN place_bearing REAL CHECK (place_bearing IS NULL OR (place_bearing >= 0 AND place_bearing < 360));
        ALTER TABLE spots ADD COLUMN place_description TEXT;
        """

    private static func range(_ column: String, _ r: ClosedRange<Double>, excludingLower: Bool = false) -> String {
        let low = excludingLower ? "\(column) > \(r.lowerBound)" : "\(column) >= \(r.lowerBound)"
        return "\(column) IS NULL OR (\(low) AND \(column) <= \(r.upperBound))"
    }

    private static func text(_ column: String, max: Int) -> String {
        "\(column) IS NULL OR length(\(column)) <= \(max)"
    }

    /// Columns every user object has: who it is, when it was made and changed, and its Trash state.
    private static let recordColumns = """
            created_at  INTEGER NOT NULL,
            updated_at  INTEGER NOT NULL CHECK (updated_at >= created_at),
            deleted_at  INTEGER,
            trash_batch TEXT REFERENCES trash(batch_id),
            CHECK ((deleted_at IS NULL) = (trash_batch IS NULL))
        """

    private static let offsetCheck =
        "utc_offset_s BETWEEN \(Limits.utcOffsetSeconds.lowerBound) AND \(Limits.utcOffsetSeconds.upperBound)"

    private static let diaryTables = """

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
            name               TEXT NOT NULL CHECK (length(trim(name)) BETWEEN 1 AND \(Limits.nameLength)),
            latitude           REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
            longitude          REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
            water_body_name    TEXT CHECK (\(text("water_body_name", max: Limits.nameLength))),
            water_body_type_id TEXT REFERENCES water_body_types(id),
            depth_m            REAL CHECK (\(range("depth_m", Limits.depthM))),
            notes              TEXT CHECK (\(text("notes", max: Limits.notesLength))),
        \(recordColumns)
        ) WITHOUT ROWID;

        CREATE TABLE trips (
            id           TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
            spot_id      TEXT NOT NULL REFERENCES spots(id),
            start_at     INTEGER NOT NULL,
            end_at       INTEGER CHECK (end_at IS NULL OR end_at >= start_at),
            utc_offset_s INTEGER NOT NULL CHECK (\(offsetCheck)),
            title        TEXT CHECK (\(text("title", max: Limits.titleLength))),
            companions   TEXT CHECK (\(text("companions", max: Limits.companionsLength))),
            notes        TEXT CHECK (\(text("notes", max: Limits.notesLength))),
        \(recordColumns)
        );
        CREATE INDEX trips_by_spot ON trips(spot_id);
        CREATE INDEX trips_latest ON trips(start_at DESC) WHERE deleted_at IS NULL;

        CREATE TABLE catches (
            id            TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
            trip_id       TEXT NOT NULL REFERENCES trips(id),
            species_id    TEXT NOT NULL REFERENCES species(id),
            caught_at     INTEGER NOT NULL,
            utc_offset_s  INTEGER NOT NULL CHECK (\(offsetCheck)),
            count         INTEGER NOT NULL DEFAULT 1 CHECK (count BETWEEN \(Limits.count.lowerBound) AND \(Limits.count.upperBound)),
            weight_kg     REAL CHECK (\(range("weight_kg", Limits.weightKg, excludingLower: true))),
            length_cm     REAL CHECK (\(range("length_cm", Limits.lengthCm, excludingLower: true))),
            bait_id       TEXT REFERENCES baits(id),
            method_id     TEXT REFERENCES methods(id),
            depth_m       REAL CHECK (\(range("depth_m", Limits.depthM))),
            water_temp_c  REAL CHECK (\(range("water_temp_c", Limits.waterTempC))),
            released      INTEGER NOT NULL DEFAULT 0 CHECK (released IN (0, 1)),
            notes         TEXT CHECK (\(text("notes", max: Limits.notesLength))),
        \(recordColumns)
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
        """ + liveParentTriggers(child: "trips", column: "spot_id", parent: "spots", field: "spotId", noun: "spot")
        + liveParentTriggers(child: "catches", column: "trip_id", parent: "trips", field: "tripId", noun: "trip")
        + noLiveChildren(parent: "spots", child: "trips", column: "spot_id", noun: "spot", children: "trips")
        + noLiveChildren(parent: "trips", child: "catches", column: "trip_id", noun: "trip", children: "catches")
        + ["spots", "trips", "catches"].map(trashOnlyDeletes).joined()

    /// A live child may not point at a parent in the Trash.
    private static func liveParentTriggers(child: String, column: String, parent: String, field: String, noun: String)
        -> String
    {
        ["INSERT", "UPDATE OF \(column), deleted_at"].enumerated().map { i, event in
            """

            CREATE TRIGGER \(child)_live_\(noun)_\(i) BEFORE \(event) ON \(child)
            WHEN NEW.deleted_at IS NULL AND (SELECT deleted_at FROM \(parent) WHERE id = NEW.\(column)) IS NOT NULL
            BEGIN SELECT RAISE(ABORT, '\(field): the \(noun) is in the Trash; restore it first'); END;
            """
        }.joined()
    }

    /// A parent goes to the Trash only together with its live children.
    private static func noLiveChildren(parent: String, child: String, column: String, noun: String, children: String)
        -> String
    {
        """

        CREATE TRIGGER \(parent)_trash_with_\(children) BEFORE UPDATE OF deleted_at ON \(parent)
        WHEN NEW.deleted_at IS NOT NULL AND EXISTS (SELECT 1 FROM \(child) WHERE \(column) = NEW.id AND deleted_at IS NULL)
        BEGIN SELECT RAISE(ABORT, 'a \(noun) goes to the Trash together with its \(children)'); END;
        """
    }

    /// Objects leave the database only from the Trash (UI5).
    static func trashOnlyDeletes(_ table: String) -> String {
        """

        CREATE TRIGGER \(table)_delete_via_trash BEFORE DELETE ON \(table)
        WHEN OLD.deleted_at IS NULL
        BEGIN SELECT RAISE(ABORT, '\(table) are deleted by moving them to the Trash (UI5); only emptying the Trash removes them'); END;
        """
    }
}
