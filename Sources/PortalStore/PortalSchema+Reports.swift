extension PortalSchema {
    /// Saved custom reports sync like every record (T3, T18), and the site runs them (issue 16):
    /// `records` and `history` accept the `report` kind. PostgreSQL replaces the CHECK; SQLite
    /// cannot change one in place, so it copies both tables into new ones with every column and
    /// index they have gained since migration 1.
    static let savedReports = Migration(
        version: 13, name: "saved reports",
        statements: [],
        byBackend: [
            "postgresql": [
                "ALTER TABLE records DROP CONSTRAINT records_kind_check",
                "ALTER TABLE records ADD CONSTRAINT records_kind_check CHECK (kind IN ('spot', 'trip', 'catch', 'media', 'report'))",
                "ALTER TABLE history DROP CONSTRAINT history_kind_check",
                "ALTER TABLE history ADD CONSTRAINT history_kind_check CHECK (kind IN ('spot', 'trip', 'catch', 'media', 'report'))",
            ],
            "sqlite": [
                """
                CREATE TABLE records_v13 (
                    account_id  TEXT NOT NULL REFERENCES accounts(id),
                    kind        TEXT NOT NULL CHECK (kind IN ('spot', 'trip', 'catch', 'media', 'report')),
                    id          TEXT NOT NULL CHECK (length(id) = 36),
                    seq         BIGINT NOT NULL CHECK (seq > 0),
                    deleted     BIGINT NOT NULL CHECK (deleted IN (0, 1)),
                    modified_at BIGINT NOT NULL,
                    device_id   TEXT NOT NULL,
                    fields      TEXT,
                    own_seq     BIGINT,
                    local_at    BIGINT,
                    parent_id   TEXT CHECK (parent_id IS NULL OR length(parent_id) = 36),
                    species_id  TEXT CHECK (species_id IS NULL OR length(species_id) <= 80),
                    quantity    BIGINT CHECK (quantity IS NULL OR quantity >= 0),
                    CHECK ((deleted = 1) = (fields IS NULL)),
                    PRIMARY KEY (account_id, kind, id)
                )
                """,
                """
                INSERT INTO records_v13 SELECT account_id, kind, id, seq, deleted, modified_at, device_id, fields,
                    own_seq, local_at, parent_id, species_id, quantity FROM records
                """,
                "DROP TABLE records",
                "ALTER TABLE records_v13 RENAME TO records",
                "CREATE UNIQUE INDEX records_by_seq ON records(account_id, seq)",
                "CREATE INDEX records_by_id ON records(account_id, id)",
                "CREATE INDEX records_live_by_time ON records(account_id, kind, local_at, id) WHERE deleted = 0",
                "CREATE INDEX records_live_by_parent ON records(account_id, kind, parent_id, species_id, quantity) WHERE deleted = 0",
                "CREATE INDEX records_live_by_species ON records(account_id, kind, species_id, parent_id) WHERE deleted = 0",
                """
                CREATE TABLE history_v13 (
                    account_id  TEXT NOT NULL REFERENCES accounts(id),
                    kind        TEXT NOT NULL CHECK (kind IN ('spot', 'trip', 'catch', 'media', 'report')),
                    id          TEXT NOT NULL,
                    deleted     BIGINT NOT NULL CHECK (deleted IN (0, 1)),
                    modified_at BIGINT NOT NULL,
                    device_id   TEXT,
                    fields      TEXT,
                    archived_at BIGINT NOT NULL,
                    reason      TEXT NOT NULL CHECK (reason IN ('overwritten', 'superseded', 'purged')),
                    seq         BIGINT
                )
                """,
                """
                INSERT INTO history_v13 SELECT account_id, kind, id, deleted, modified_at, device_id, fields,
                    archived_at, reason, seq FROM history
                """,
                "DROP TABLE history",
                "ALTER TABLE history_v13 RENAME TO history",
                "CREATE INDEX history_by_record ON history(account_id, id, archived_at)",
                "CREATE INDEX history_by_seq ON history(account_id, seq)",
            ],
        ])
}
