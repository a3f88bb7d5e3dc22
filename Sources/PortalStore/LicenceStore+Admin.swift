import Foundation

/// The admins' view of licences (`hobbystory-portal admin licences`, the site's licences page).
extension LicenceStore {
    /// Every purchase, the latest changed first (at most `limit`).
    public func list(limit: Int = 200) throws -> [LicenceSummary] {
        try store.database.read { sql in
            try sql.query(
                """
                SELECT original_transaction_id FROM app_store_purchases ORDER BY updated_at DESC LIMIT ?
                """, [.integer(Int64(max(1, min(limit, 10_000))))]
            ).map { try licence(try $0.text(0), sql) }
        }
    }

    /// One purchase with its history, newest first; nil when unknown.
    public func licence(_ originalTransactionId: String) throws -> (LicenceSummary, [LicenceEvent])? {
        try store.database.read { sql in
            guard
                try sql.queryFirst(
                    "SELECT 1 FROM app_store_purchases WHERE original_transaction_id = ?",
                    [.text(originalTransactionId)])
                    != nil
            else { return nil }
            let events = try sql.query(
                """
                SELECT e.at, e.kind, e.original_transaction_id, a.email, e.detail FROM licence_events e
                LEFT JOIN accounts a ON a.id = e.account_id
                WHERE e.original_transaction_id = ? ORDER BY e.at DESC LIMIT 500
                """, [.text(originalTransactionId)]
            ).map(Self.licenceEvent)
            return (try licence(originalTransactionId, sql), events)
        }
    }

    /// The latest licence events of every kind (signals of tampering included), newest first.
    public func events(limit: Int = 200) throws -> [LicenceEvent] {
        try store.database.read { sql in
            try sql.query(
                """
                SELECT e.at, e.kind, e.original_transaction_id, a.email, e.detail FROM licence_events e
                LEFT JOIN accounts a ON a.id = e.account_id ORDER BY e.at DESC LIMIT ?
                """, [.integer(Int64(max(1, min(limit, 10_000))))]
            ).map(Self.licenceEvent)
        }
    }

    private func licence(_ id: String, _ sql: any PortalSQL) throws -> LicenceSummary {
        let key = PortalValue.text(id)
        guard
            let row = try sql.queryFirst(
                """
                SELECT product_id, environment, expires_at, revoked_at,
                    (SELECT count(*) FROM purchase_devices d WHERE d.original_transaction_id = p.original_transaction_id),
                    (SELECT count(*) FROM licence_events e WHERE e.original_transaction_id = p.original_transaction_id
                        AND e.kind IN ('sharing_refused', 'device_limit'))
                FROM app_store_purchases p WHERE original_transaction_id = ?
                """, [key])
        else { throw PortalStoreError.notFound("purchase \(id)") }
        let accounts = try sql.query(
            """
            SELECT a.email FROM purchase_accounts b JOIN accounts a ON a.id = b.account_id
            WHERE b.original_transaction_id = ? ORDER BY b.bound_at
            """, [key]
        ).map { try $0.text(0) }
        return LicenceSummary(
            originalTransactionId: id, productId: try row.text(0), environment: try row.text(1),
            expiresAt: try row.optionalInt64(2).map(PortalClock.date),
            revokedAt: try row.optionalInt64(3).map(PortalClock.date), accounts: accounts,
            devices: Int(try row.int64(4)), refusals: Int(try row.int64(5)))
    }

    private static func licenceEvent(_ row: PortalRow) throws -> LicenceEvent {
        LicenceEvent(
            at: PortalClock.date(try row.int64(0)), kind: try row.text(1),
            originalTransactionId: try row.optionalText(2),
            account: try row.optionalText(3), detail: try row.text(4))
    }
}
