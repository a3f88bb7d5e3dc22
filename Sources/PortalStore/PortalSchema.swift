import Foundation

/// The portal's tables, as versioned migrations written in the SQL that SQLite and PostgreSQL
/// share (TEXT, BIGINT, DOUBLE PRECISION, CHECK, FOREIGN KEY, `ON CONFLICT`), so one list serves
/// both backends (T3, T12).
///
/// Ids are lowercase UUID text; times are milliseconds since 1970 UTC; flags are 0/1.
enum PortalSchema {
    struct Migration {
        let version: Int
        let name: String
        let statements: [String]
        /// Statements for one backend (by ``PortalDatabase/backend``), run after the shared ones:
        /// what the two dialects say differently, such as changing a CHECK.
        var byBackend: [String: [String]] = [:]
        /// Work SQL alone cannot do in both dialects, run after the statements in their transaction.
        var backfill: (@Sendable (any PortalSQL) throws -> Void)? = nil
    }

    static let migrations: [Migration] = [
        Migration(
            version: 1, name: "accounts, devices, sessions, records, history, directories",
            statements: [
                """
                CREATE TABLE accounts (
                    id              TEXT PRIMARY KEY CHECK (length(id) = 36),
                    email           TEXT NOT NULL UNIQUE CHECK (length(email) BETWEEN 3 AND 254),
                    password_hash   TEXT NOT NULL,
                    is_admin        BIGINT NOT NULL DEFAULT 0 CHECK (is_admin IN (0, 1)),
                    created_at      BIGINT NOT NULL,
                    last_seq        BIGINT NOT NULL DEFAULT 0 CHECK (last_seq >= 0),
                    purged_seq      BIGINT NOT NULL DEFAULT 0 CHECK (purged_seq >= 0),
                    last_sync_at    BIGINT
                )
                """,
                """
                CREATE TABLE devices (
                    account_id       TEXT NOT NULL REFERENCES accounts(id),
                    id               TEXT NOT NULL CHECK (length(id) = 36),
                    name             TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
                    created_at       BIGINT NOT NULL,
                    last_mutation_id BIGINT NOT NULL DEFAULT 0 CHECK (last_mutation_id >= 0),
                    last_seen_at     BIGINT NOT NULL,
                    PRIMARY KEY (account_id, id)
                )
                """,
                """
                CREATE TABLE sessions (
                    token_hash  TEXT PRIMARY KEY CHECK (length(token_hash) = 64),
                    account_id  TEXT NOT NULL REFERENCES accounts(id),
                    device_id   TEXT NOT NULL,
                    created_at  BIGINT NOT NULL,
                    expires_at  BIGINT NOT NULL CHECK (expires_at > created_at),
                    revoked_at  BIGINT,
                    FOREIGN KEY (account_id, device_id) REFERENCES devices(account_id, id)
                )
                """,
                "CREATE INDEX sessions_by_account ON sessions(account_id)",
                """
                CREATE TABLE records (
                    account_id  TEXT NOT NULL REFERENCES accounts(id),
                    kind        TEXT NOT NULL CHECK (kind IN ('spot', 'trip', 'catch', 'media')),
                    id          TEXT NOT NULL CHECK (length(id) = 36),
                    seq         BIGINT NOT NULL CHECK (seq > 0),
                    deleted     BIGINT NOT NULL CHECK (deleted IN (0, 1)),
                    modified_at BIGINT NOT NULL,
                    device_id   TEXT NOT NULL,
                    fields      TEXT,
                    CHECK ((deleted = 1) = (fields IS NULL)),
                    PRIMARY KEY (account_id, kind, id)
                )
                """,
                "CREATE UNIQUE INDEX records_by_seq ON records(account_id, seq)",
                "CREATE INDEX records_by_id ON records(account_id, id)",
                """
                CREATE TABLE history (
                    account_id  TEXT NOT NULL REFERENCES accounts(id),
                    kind        TEXT NOT NULL CHECK (kind IN ('spot', 'trip', 'catch', 'media')),
                    id          TEXT NOT NULL,
                    deleted     BIGINT NOT NULL CHECK (deleted IN (0, 1)),
                    modified_at BIGINT NOT NULL,
                    device_id   TEXT,
                    fields      TEXT,
                    archived_at BIGINT NOT NULL,
                    reason      TEXT NOT NULL CHECK (reason IN ('overwritten', 'superseded', 'purged'))
                )
                """,
                "CREATE INDEX history_by_record ON history(account_id, id, archived_at)",
                """
                CREATE TABLE directory_entries (
                    kind           TEXT NOT NULL CHECK (kind IN ('species', 'baits', 'methods', 'water-body-types')),
                    id             TEXT NOT NULL CHECK (length(id) BETWEEN 1 AND 80),
                    name_en        TEXT NOT NULL CHECK (length(name_en) > 0),
                    name_ru        TEXT NOT NULL CHECK (length(name_ru) > 0),
                    latin          TEXT,
                    family         TEXT,
                    water          TEXT CHECK (water IS NULL OR water IN ('fresh', 'salt', 'both')),
                    category       TEXT,
                    description    TEXT,
                    retired        BIGINT NOT NULL DEFAULT 0 CHECK (retired IN (0, 1)),
                    replacement_id TEXT,
                    version        BIGINT NOT NULL CHECK (version > 0),
                    PRIMARY KEY (kind, id),
                    FOREIGN KEY (kind, replacement_id) REFERENCES directory_entries(kind, id),
                    CHECK (replacement_id IS NULL OR retired = 1)
                )
                """,
                """
                CREATE TABLE portal_meta (
                    key   TEXT PRIMARY KEY,
                    value TEXT NOT NULL
                )
                """,
            ]),
        Migration(
            version: 2, name: "media uploads and content",
            statements: [
                """
                CREATE TABLE media_content (
                    account_id TEXT NOT NULL REFERENCES accounts(id),
                    sha256     TEXT NOT NULL CHECK (length(sha256) = 64),
                    byte_size  BIGINT NOT NULL CHECK (byte_size >= 0),
                    stored_at  BIGINT NOT NULL,
                    PRIMARY KEY (account_id, sha256)
                )
                """,
                """
                CREATE TABLE uploads (
                    id          TEXT PRIMARY KEY CHECK (length(id) = 36),
                    account_id  TEXT NOT NULL REFERENCES accounts(id),
                    sha256      TEXT NOT NULL CHECK (length(sha256) = 64),
                    byte_size   BIGINT NOT NULL CHECK (byte_size >= 0),
                    asset_id    TEXT,
                    created_at  BIGINT NOT NULL,
                    expires_at  BIGINT NOT NULL CHECK (expires_at > created_at)
                )
                """,
                "CREATE INDEX uploads_by_account ON uploads(account_id)",
                "ALTER TABLE accounts ADD COLUMN media_quota_bytes BIGINT",
            ]),
        Migration(
            version: 3, name: "mutation outcomes",
            statements: [
                """
                CREATE TABLE mutation_outcomes (
                    account_id  TEXT NOT NULL REFERENCES accounts(id),
                    device_id   TEXT NOT NULL,
                    mutation_id BIGINT NOT NULL,
                    kind        TEXT NOT NULL,
                    id          TEXT NOT NULL,
                    modified_at BIGINT NOT NULL,
                    status      TEXT NOT NULL CHECK (status IN ('applied', 'superseded', 'rejected', 'gone')),
                    reason      TEXT,
                    recorded_at BIGINT NOT NULL,
                    PRIMARY KEY (account_id, device_id, mutation_id)
                )
                """,
                "CREATE INDEX mutation_outcomes_by_age ON mutation_outcomes(recorded_at)",
            ]),
        Migration(
            version: 4, name: "collecting media content no record names",
            statements: [
                "ALTER TABLE media_content ADD COLUMN unreferenced_since BIGINT",
                "ALTER TABLE media_content ADD COLUMN named BIGINT NOT NULL DEFAULT 0 CHECK (named IN (0, 1))",
                """
                CREATE TABLE media_garbage (
                    account_id   TEXT NOT NULL REFERENCES accounts(id),
                    sha256       TEXT NOT NULL CHECK (length(sha256) = 64),
                    collected_at BIGINT NOT NULL,
                    PRIMARY KEY (account_id, sha256)
                )
                """,
            ]),
        Migration(
            version: 5, name: "sequence numbers of archived versions and of a merge's own version",
            statements: [
                "ALTER TABLE history ADD COLUMN seq BIGINT",
                "ALTER TABLE records ADD COLUMN own_seq BIGINT",
            ]),
        Migration(
            version: 6, name: "app store units",
            statements: [
                """
                CREATE TABLE app_store_units (
                    day          TEXT NOT NULL CHECK (length(day) = 10),
                    apple_id     TEXT NOT NULL CHECK (length(apple_id) BETWEEN 1 AND 20),
                    country_code TEXT NOT NULL CHECK (length(country_code) = 2),
                    kind         TEXT NOT NULL CHECK (kind IN ('download', 'redownload', 'update')),
                    units        BIGINT NOT NULL,
                    imported_at  BIGINT NOT NULL,
                    PRIMARY KEY (day, apple_id, country_code, kind)
                )
                """
            ]),
        Migration(
            version: 7, name: "history by number",
            statements: ["CREATE INDEX IF NOT EXISTS history_by_seq ON history(account_id, seq)"]),
        Migration(
            // tus: HEAD on a finished upload still reports its offset (until it expires), so a
            // client whose last PATCH answer was lost learns it is done.
            version: 8, name: "finished uploads stay answerable",
            statements: [
                "ALTER TABLE uploads ADD COLUMN completed_at BIGINT CHECK (completed_at IS NULL OR completed_at >= created_at)"
            ]),
        Migration(
            // The site pages the diary newest first, filters it by year, spot and species and
            // counts each trip's fish (issue 16): what it needs is copied out of `fields` on
            // every write.
            version: 9, name: "the diary's read index",
            statements: [
                "ALTER TABLE records ADD COLUMN local_at BIGINT",
                "ALTER TABLE records ADD COLUMN parent_id TEXT CHECK (parent_id IS NULL OR length(parent_id) = 36)",
                "ALTER TABLE records ADD COLUMN species_id TEXT CHECK (species_id IS NULL OR length(species_id) <= 80)",
                "ALTER TABLE records ADD COLUMN quantity BIGINT CHECK (quantity IS NULL OR quantity >= 0)",
                // Live records only, and holding what the pages sort by: a page is read from the
                // index, the table is visited for the 20 records shown.
                "CREATE INDEX records_live_by_time ON records(account_id, kind, local_at, id) WHERE deleted = 0",
                "CREATE INDEX records_live_by_parent ON records(account_id, kind, parent_id, species_id, quantity) WHERE deleted = 0",
                "CREATE INDEX records_live_by_species ON records(account_id, kind, species_id, parent_id) WHERE deleted = 0",
            ],
            backfill: { sql in try RecordStore.backfillReadIndex(sql) }),
        Migration(
            // An angler may delete their account from the site; it stays restorable for
            // PortalStore.accountRestoreWindow, then everything it held is purged (issue 16).
            version: 10, name: "deleted accounts",
            statements: [
                "ALTER TABLE accounts ADD COLUMN deleted_at BIGINT CHECK (deleted_at IS NULL OR deleted_at >= created_at)"
            ]),
        Migration(
            // Error reports from devices, grouped by fingerprint (T6, issue 18): a group's status
            // and fix version; each device's report of it (one row per queue entry, so a report
            // sent again replaces its copy); occurrences per day for the chart; the versions each
            // installation runs (for crash-free devices); and "Report a problem" submissions.
            // Stored JSON is bounded at 1 MiB: four times the largest body the endpoint reads.
            version: 11, name: "error reports",
            statements: [
                """
                CREATE TABLE error_groups (
                    fingerprint  TEXT PRIMARY KEY CHECK (length(fingerprint) BETWEEN 16 AND 64),
                    kind         TEXT NOT NULL CHECK (kind IN ('error', 'crash', 'hang')),
                    error_type   TEXT NOT NULL CHECK (length(error_type) BETWEEN 1 AND 100),
                    code         TEXT NOT NULL CHECK (length(code) BETWEEN 1 AND 100),
                    site         TEXT NOT NULL CHECK (length(site) BETWEEN 1 AND 100),
                    operation    TEXT NOT NULL CHECK (length(operation) <= 100),
                    status       TEXT NOT NULL DEFAULT 'new'
                        CHECK (status IN ('new', 'acknowledged', 'resolved', 'regressed')),
                    resolved_in  TEXT CHECK (resolved_in IS NULL OR length(resolved_in) BETWEEN 1 AND 40),
                    resolved_at  BIGINT,
                    regressed_in TEXT CHECK (regressed_in IS NULL OR length(regressed_in) BETWEEN 1 AND 40),
                    regressed_at BIGINT,
                    first_seen   BIGINT NOT NULL,
                    last_seen    BIGINT NOT NULL CHECK (last_seen >= first_seen),
                    created_at   BIGINT NOT NULL,
                    CHECK (status <> 'resolved' OR resolved_at IS NOT NULL),
                    CHECK (status <> 'regressed' OR regressed_at IS NOT NULL)
                )
                """,
                """
                CREATE TABLE error_reports (
                    installation   TEXT NOT NULL CHECK (length(installation) = 36),
                    id             TEXT NOT NULL CHECK (length(id) = 36),
                    fingerprint    TEXT NOT NULL REFERENCES error_groups(fingerprint),
                    account_id     TEXT REFERENCES accounts(id),
                    app_version    TEXT NOT NULL CHECK (length(app_version) BETWEEN 1 AND 40),
                    build          TEXT NOT NULL CHECK (length(build) BETWEEN 1 AND 100),
                    os             TEXT NOT NULL CHECK (length(os) BETWEEN 1 AND 100),
                    os_version     TEXT NOT NULL CHECK (length(os_version) BETWEEN 1 AND 100),
                    model          TEXT NOT NULL CHECK (length(model) BETWEEN 1 AND 100),
                    schema_version BIGINT NOT NULL CHECK (schema_version BETWEEN 0 AND 10000),
                    occurrences    BIGINT NOT NULL CHECK (occurrences BETWEEN 1 AND 1000000),
                    first_seen     BIGINT NOT NULL,
                    last_seen      BIGINT NOT NULL CHECK (last_seen >= first_seen),
                    breadcrumbs    TEXT NOT NULL CHECK (length(breadcrumbs) <= 1048576),
                    received_at    BIGINT NOT NULL,
                    PRIMARY KEY (installation, id)
                )
                """,
                "CREATE INDEX error_reports_by_group ON error_reports(fingerprint, last_seen)",
                "CREATE INDEX error_reports_by_account ON error_reports(account_id)",
                """
                CREATE TABLE error_days (
                    fingerprint TEXT NOT NULL REFERENCES error_groups(fingerprint),
                    day         TEXT NOT NULL CHECK (length(day) = 10),
                    occurrences BIGINT NOT NULL CHECK (occurrences >= 0),
                    PRIMARY KEY (fingerprint, day)
                )
                """,
                """
                CREATE TABLE diagnostics_installations (
                    installation TEXT NOT NULL CHECK (length(installation) = 36),
                    app_version  TEXT NOT NULL CHECK (length(app_version) BETWEEN 1 AND 40),
                    account_id   TEXT REFERENCES accounts(id),
                    last_seen    BIGINT NOT NULL,
                    PRIMARY KEY (installation, app_version)
                )
                """,
                "CREATE INDEX diagnostics_installations_by_account ON diagnostics_installations(account_id)",
                """
                CREATE TABLE problem_reports (
                    id           TEXT PRIMARY KEY CHECK (length(id) = 36),
                    installation TEXT NOT NULL CHECK (length(installation) = 36),
                    account_id   TEXT REFERENCES accounts(id),
                    app_version  TEXT NOT NULL CHECK (length(app_version) BETWEEN 1 AND 40),
                    comment      TEXT NOT NULL CHECK (length(comment) <= 4000),
                    integrity    TEXT NOT NULL CHECK (length(integrity) <= 500),
                    sync_state   TEXT NOT NULL CHECK (length(sync_state) <= 500),
                    recent_log   TEXT NOT NULL CHECK (length(recent_log) <= 1048576),
                    received_at  BIGINT NOT NULL
                )
                """,
                "CREATE INDEX problem_reports_by_account ON problem_reports(account_id)",
            ]),
        licensing,
        savedReports,
        shares,
    ]

    /// Records the applied migrations; created before any migration runs.
    static let migrationsTable = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            version    BIGINT PRIMARY KEY,
            name       TEXT NOT NULL,
            applied_at BIGINT NOT NULL
        )
        """

    /// Applies the migrations `database` lacks, each in one transaction. `lock` runs first inside
    /// each transaction (PostgreSQL: an advisory lock, so two portals starting together take
    /// turns; SQLite: nothing, its write lock already does this). `upTo` stops at a version (tests
    /// of an upgrade start there).
    static func migrate(_ database: some PortalDatabase, lock: String?, upTo last: Int = .max) throws {
        try database.write { sql in
            if let lock { try sql.execute(lock, []) }
            try sql.execute(migrationsTable, [])
        }
        for migration in migrations where migration.version <= last {
            try database.write { sql in
                if let lock { try sql.execute(lock, []) }
                let applied = try sql.queryFirst(
                    "SELECT version FROM schema_migrations WHERE version = ?", [.integer(Int64(migration.version))])
                guard applied == nil else { return }
                for statement in migration.statements + (migration.byBackend[database.backend] ?? []) {
                    try sql.execute(statement, [])
                }
                try migration.backfill?(sql)
                try sql.execute(
                    "INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, ?)",
                    [.integer(Int64(migration.version)), .text(migration.name), .integer(PortalClock.milliseconds())])
            }
        }
    }
}

/// Milliseconds since 1970 UTC, the portal's unit of time.
enum PortalClock {
    static func milliseconds(_ date: Date = Date()) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    /// The Gregorian calendar in UTC: report days, diary years.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}
