extension PortalSchema {
    /// Links to shared catches (issue 34 §4): the card the link shows (JSON of ``SharedCatch``,
    /// the place already at its precision), its photo without metadata (base64 JPEG, at most
    /// 1 MiB decoded), and when it stops working. The link's secret is the token; the device's id
    /// makes a retry give the same link. A revoked link keeps no photo.
    static let shares = Migration(
        version: 14, name: "shared catches",
        statements: [
            """
            CREATE TABLE shares (
                account_id TEXT NOT NULL REFERENCES accounts(id),
                id         TEXT NOT NULL CHECK (length(id) = 36),
                catch_id   TEXT NOT NULL CHECK (length(catch_id) = 36),
                token      TEXT NOT NULL UNIQUE CHECK (length(token) = 32),
                card       TEXT NOT NULL CHECK (length(card) BETWEEN 2 AND 8192),
                photo      TEXT CHECK (photo IS NULL OR length(photo) BETWEEN 4 AND 1398104),
                created_at BIGINT NOT NULL,
                expires_at BIGINT CHECK (expires_at IS NULL OR expires_at > created_at),
                revoked_at BIGINT CHECK (revoked_at IS NULL OR revoked_at >= created_at),
                CHECK (revoked_at IS NULL OR photo IS NULL),
                PRIMARY KEY (account_id, id)
            )
            """,
            "CREATE INDEX shares_by_account ON shares(account_id, created_at)",
        ])
}
