// Shipped migrations: literal text that never changes once released (issue 32 §2).
// `ShippedMigrationsTests` holds every script to its recorded SHA-256.

extension DiaryMigrations {
    /// Version 9, "saved reports": saved custom reports (T18).
    static let version9 = #"""
        CREATE TABLE saved_reports (
            id TEXT PRIMARY KEY CHECK (length(id) = 36),
            title TEXT NOT NULL CHECK (length(trim(title)) BETWEEN 1 AND 200),
            formula TEXT NOT NULL CHECK (length(trim(formula)) BETWEEN 1 AND 2000),
            chart TEXT NOT NULL CHECK (chart IN ('bar', 'line', 'pie', 'table')),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL CHECK (updated_at >= created_at),
            deleted_at INTEGER CHECK (deleted_at IS NULL OR deleted_at >= created_at)
        );
        """#

    /// Version 10, "trips in list order": trips in list order: the index the trip list pages by.
    static let version10 = #"""
        DROP INDEX trips_latest;
        CREATE INDEX trips_latest ON trips(start_at DESC, id) WHERE deleted_at IS NULL;
        """#

    /// Version 11, "catch report indexes": catch report indexes: by species, bait and method with local
    /// time and count (T18).
    static let version11 = #"""
        CREATE INDEX catches_report_by_species ON catches(species_id, local_time, count) WHERE deleted_at IS NULL;
        CREATE INDEX catches_report_by_bait ON catches(bait_id, local_time, count) WHERE deleted_at IS NULL;
        CREATE INDEX catches_report_by_method ON catches(method_id, local_time, count) WHERE deleted_at IS NULL;
        """#

    /// Version 12, "saved reports in the Trash": saved reports go to the Trash like every object (UI5).
    static let version12 = #"""
        PRAGMA defer_foreign_keys = ON;
        CREATE TEMP TABLE trash_v11 AS SELECT * FROM trash;
        DROP TABLE trash;
        CREATE TABLE trash (
            batch_id    TEXT PRIMARY KEY NOT NULL,
            entity_type TEXT NOT NULL CHECK (entity_type IN ('spot', 'trip', 'catch', 'media', 'report')),
            entity_id   TEXT NOT NULL,
            label       TEXT NOT NULL,
            item_count  INTEGER NOT NULL CHECK (item_count >= 1),
            deleted_at  INTEGER NOT NULL
        ) WITHOUT ROWID;
        INSERT INTO trash SELECT batch_id, entity_type, entity_id, label, item_count, deleted_at FROM trash_v11;
        DROP TABLE trash_v11;
        INSERT INTO trash(batch_id, entity_type, entity_id, label, item_count, deleted_at)
            SELECT id, 'report', id, title, 1, deleted_at FROM saved_reports WHERE deleted_at IS NOT NULL;

        CREATE TABLE saved_reports_v12 (
            id          TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
            title       TEXT NOT NULL CHECK (length(trim(title)) BETWEEN 1 AND 200),
            formula     TEXT NOT NULL CHECK (length(trim(formula)) BETWEEN 1 AND 2000),
            chart       TEXT NOT NULL CHECK (chart IN ('bar', 'line', 'pie', 'table')),
            created_at  INTEGER NOT NULL,
            updated_at  INTEGER NOT NULL CHECK (updated_at >= created_at),
            deleted_at  INTEGER CHECK (deleted_at IS NULL OR deleted_at >= created_at),
            trash_batch TEXT REFERENCES trash(batch_id),
            CHECK ((deleted_at IS NULL) = (trash_batch IS NULL))
        );
        INSERT INTO saved_reports_v12
            SELECT id, title, formula, chart, created_at, updated_at, deleted_at,
                CASE WHEN deleted_at IS NULL THEN NULL ELSE id END
            FROM saved_reports;
        DROP TABLE saved_reports;
        ALTER TABLE saved_reports_v12 RENAME TO saved_reports;
        CREATE TRIGGER saved_reports_delete_via_trash BEFORE DELETE ON saved_reports
        WHEN OLD.deleted_at IS NULL
        BEGIN SELECT RAISE(ABORT, 'saved_reports are deleted by moving them to the Trash (UI5); only emptying the Trash removes them'); END;
        """#

    /// Version 13, "error reports": error reports waiting to be sent (T6, issue 18).
    static let version13 = #"""
        CREATE TABLE error_reports (
            fingerprint TEXT PRIMARY KEY NOT NULL CHECK (length(fingerprint) BETWEEN 16 AND 64),
            id          TEXT NOT NULL UNIQUE CHECK (length(id) = 36),
            occurrences INTEGER NOT NULL CHECK (occurrences BETWEEN 1 AND 1000000),
            last_seen   INTEGER NOT NULL,
            report      TEXT NOT NULL CHECK (json_valid(report))
        ) WITHOUT ROWID;
        """#

    /// Version 14, "saved reports sync": saved reports sync (T3, T18): the outbox and the sync tables
    /// accept `report`, and every live report is queued.
    static let version14 = #"""
        CREATE TABLE outbox_v14 (
            mutation_id INTEGER PRIMARY KEY AUTOINCREMENT,
            entity_type TEXT NOT NULL CHECK (entity_type IN ('spot', 'trip', 'catch', 'media', 'report')),
            entity_id   TEXT NOT NULL,
            operation   TEXT NOT NULL CHECK (operation IN ('upsert', 'delete')),
            changed_at  INTEGER NOT NULL,
            in_flight   INTEGER NOT NULL DEFAULT 0 CHECK (in_flight IN (0, 1)),
            UNIQUE (entity_type, entity_id)
        );
        INSERT INTO outbox_v14 SELECT mutation_id, entity_type, entity_id, operation, changed_at, in_flight FROM outbox;
        CREATE TEMP TABLE outbox_counter AS SELECT seq FROM sqlite_sequence WHERE name = 'outbox';
        DROP TABLE outbox;
        ALTER TABLE outbox_v14 RENAME TO outbox;
        DELETE FROM sqlite_sequence WHERE name = 'outbox';
        INSERT INTO sqlite_sequence(name, seq) SELECT 'outbox', max(seq) FROM outbox_counter HAVING max(seq) IS NOT NULL;
        DROP TABLE outbox_counter;
        INSERT INTO outbox(entity_type, entity_id, operation, changed_at)
            SELECT 'report', id, 'upsert', updated_at FROM saved_reports WHERE deleted_at IS NULL ORDER BY created_at, id;
        CREATE TABLE sync_records_v14 (
            entity_type TEXT NOT NULL CHECK (entity_type IN ('spot', 'trip', 'catch', 'media', 'report')),
            entity_id   TEXT NOT NULL,
            server_seq  INTEGER NOT NULL CHECK (server_seq > 0),
            PRIMARY KEY (entity_type, entity_id)
        ) WITHOUT ROWID;
        INSERT INTO sync_records_v14 SELECT * FROM sync_records;
        DROP TABLE sync_records;
        ALTER TABLE sync_records_v14 RENAME TO sync_records;
        CREATE TABLE sync_parked_v14 (
            entity_type TEXT NOT NULL CHECK (entity_type IN ('spot', 'trip', 'catch', 'media', 'report')),
            entity_id   TEXT NOT NULL,
            seq         INTEGER NOT NULL,
            fields      TEXT NOT NULL CHECK (json_valid(fields)),
            modified_at INTEGER NOT NULL,
            problem     TEXT NOT NULL,
            PRIMARY KEY (entity_type, entity_id)
        ) WITHOUT ROWID;
        INSERT INTO sync_parked_v14 SELECT * FROM sync_parked;
        DROP TABLE sync_parked;
        ALTER TABLE sync_parked_v14 RENAME TO sync_parked;

        """#

    /// Version 15, "kinds the pull cursor covers": the kinds of record the pull cursor covers (issue 31
    /// §3): those of protocol version 1 in diaries made before the column.
    static let version15 = #"""
        ALTER TABLE sync_account ADD COLUMN pulled_kinds TEXT NOT NULL DEFAULT 'spot,trip,catch,media,report'
            CHECK (pulled_kinds NOT GLOB '*[^a-z_,]*');
        """#
}
