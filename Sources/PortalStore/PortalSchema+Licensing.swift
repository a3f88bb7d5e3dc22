/// Migration 12 (T13, issue 17): App Store purchases and the accounts and devices they unlock,
/// the App Store's notifications (kept by their id, so each is applied once), what happened to
/// each licence for the admins, and App Attest keys with their one-time challenges.
extension PortalSchema {
    static let licensing = Migration(
        version: 12, name: "licences",
        statements: [
            """
            CREATE TABLE app_store_purchases (
                original_transaction_id TEXT PRIMARY KEY CHECK (length(original_transaction_id) BETWEEN 1 AND 64),
                product_id          TEXT NOT NULL CHECK (length(product_id) BETWEEN 1 AND 200),
                environment         TEXT NOT NULL CHECK (environment IN ('Production', 'Sandbox')),
                last_transaction_id TEXT NOT NULL CHECK (length(last_transaction_id) BETWEEN 1 AND 64),
                purchased_at        BIGINT NOT NULL,
                expires_at          BIGINT,
                revoked_at          BIGINT,
                revocation_reason   BIGINT,
                signed_at           BIGINT NOT NULL,
                updated_at          BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE purchase_accounts (
                original_transaction_id TEXT NOT NULL REFERENCES app_store_purchases(original_transaction_id),
                account_id  TEXT NOT NULL REFERENCES accounts(id),
                bound_at    BIGINT NOT NULL,
                PRIMARY KEY (original_transaction_id, account_id)
            )
            """,
            "CREATE INDEX purchase_accounts_by_account ON purchase_accounts(account_id)",
            """
            CREATE TABLE purchase_devices (
                original_transaction_id TEXT NOT NULL REFERENCES app_store_purchases(original_transaction_id),
                account_id  TEXT NOT NULL,
                device_id   TEXT NOT NULL,
                bound_at    BIGINT NOT NULL,
                PRIMARY KEY (original_transaction_id, account_id, device_id),
                FOREIGN KEY (account_id, device_id) REFERENCES devices(account_id, id)
            )
            """,
            """
            CREATE TABLE app_store_notifications (
                notification_uuid TEXT PRIMARY KEY CHECK (length(notification_uuid) BETWEEN 1 AND 64),
                notification_type TEXT NOT NULL CHECK (length(notification_type) BETWEEN 1 AND 64),
                subtype           TEXT CHECK (length(subtype) <= 64),
                original_transaction_id TEXT CHECK (length(original_transaction_id) <= 64),
                received_at       BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE licence_events (
                id          TEXT PRIMARY KEY CHECK (length(id) = 36),
                at          BIGINT NOT NULL,
                kind        TEXT NOT NULL CHECK (kind IN ('redeemed', 'sharing_refused', 'device_limit', 'updated',
                                'revoked', 'notification', 'signal', 'attested')),
                original_transaction_id TEXT CHECK (length(original_transaction_id) <= 64),
                account_id  TEXT REFERENCES accounts(id),
                device_id   TEXT CHECK (length(device_id) = 36),
                detail      TEXT NOT NULL CHECK (length(detail) <= 500)
            )
            """,
            "CREATE INDEX licence_events_by_purchase ON licence_events(original_transaction_id, at)",
            "CREATE INDEX licence_events_by_account ON licence_events(account_id, at)",
            """
            CREATE TABLE device_attestations (
                account_id  TEXT NOT NULL,
                device_id   TEXT NOT NULL,
                key_id      TEXT NOT NULL CHECK (length(key_id) = 44),
                public_key  TEXT NOT NULL CHECK (length(public_key) BETWEEN 1 AND 200),
                environment TEXT NOT NULL CHECK (environment IN ('production', 'development')),
                counter     BIGINT NOT NULL DEFAULT 0 CHECK (counter BETWEEN 0 AND 4294967295),
                attested_at BIGINT NOT NULL,
                PRIMARY KEY (account_id, device_id),
                FOREIGN KEY (account_id, device_id) REFERENCES devices(account_id, id)
            )
            """,
            """
            CREATE TABLE attest_challenges (
                challenge   TEXT PRIMARY KEY CHECK (length(challenge) = 64),
                account_id  TEXT NOT NULL,
                device_id   TEXT NOT NULL,
                expires_at  BIGINT NOT NULL,
                FOREIGN KEY (account_id, device_id) REFERENCES devices(account_id, id)
            )
            """,
        ])
}
