import Foundation
import StoreVerification

/// App Store purchases on the portal (T13, issue 17): a device redeems a transaction Apple
/// signed (already verified by `StoreVerification`), the purchase is bound to the account —
/// within ``PurchaseLimits``, refusals kept for the admins —, and App Store Server Notifications
/// renew, lapse or revoke it. A purchase's row only ever moves forward: a transaction signed
/// earlier than the one stored changes nothing, so a refund is not undone by replaying the
/// original purchase.
/// One area of the ``PortalStore``, sharing its connection.
public struct LicenceStore: Sendable {
    let store: PortalStore
}

extension PortalStore {
    /// Licences, purchases and App Store sales.
    public var licences: LicenceStore { LicenceStore(store: self) }
}

extension LicenceStore {
    /// The store's time: what signed objects are verified at and tokens are issued at (T13).
    public var currentDate: Date { store.clock() }

    /// What a redemption or a token refresh decided, written before it is answered.
    private enum Binding {
        case bound(ActivePurchase)
        case refused(LicenceRefusal)
    }

    /// Binds the purchase `transaction` names to `account` and `device`, and answers it when it
    /// unlocks the app now; refused beyond `limits`, or when it is refunded or lapsed.
    public func redeem(_ transaction: AppStoreTransaction, account: UUID, device: UUID, limits: PurchaseLimits)
        throws -> ActivePurchase
    {
        let now = store.now
        let outcome = try store.database.write { sql -> Binding in
            try store(transaction, now: now, sql)
            return try bind(
                transaction.originalTransactionId, account: account, device: device, limits: limits, now, sql)
        }
        switch outcome {
        case .bound(let purchase): return purchase
        case .refused(let refusal): throw refusal
        }
    }

    /// The best purchase bound to `account` that unlocks the app now, with `device` admitted to it
    /// (within the purchase's device limit); nil when the account has none.
    public func entitlement(account: UUID, device: UUID, limits: PurchaseLimits) throws -> ActivePurchase? {
        guard let current = try activePurchase(account: account) else { return nil }
        let now = store.now
        let outcome = try store.database.write { sql in
            try bind(current.originalTransactionId, account: account, device: device, limits: limits, now, sql)
        }
        switch outcome {
        case .bound(let purchase): return purchase
        case .refused(let refusal): throw refusal
        }
    }

    /// The best purchase bound to `account` that unlocks the app now (lifetime first, then the
    /// latest end), without touching anything: what a push is checked against.
    public func activePurchase(account: UUID) throws -> ActivePurchase? {
        let now = store.now
        return try store.database.read { sql in
            try sql.queryFirst(
                """
                SELECT p.original_transaction_id, p.product_id, p.environment, p.expires_at
                FROM app_store_purchases p JOIN purchase_accounts a
                    ON a.original_transaction_id = p.original_transaction_id
                WHERE a.account_id = ? AND p.revoked_at IS NULL AND (p.expires_at IS NULL OR p.expires_at > ?)
                ORDER BY CASE WHEN p.expires_at IS NULL THEN 1 ELSE 0 END DESC, p.expires_at DESC
                """, [PortalValue(account), .integer(now)]
            ).map(Self.activePurchase)
        }
    }

    /// Applies an App Store Server Notification once (by its id): refunds and revocations take
    /// the entitlement away, renewals extend it, other types are kept and otherwise ignored.
    /// Answers false when the notification had been applied before.
    public func applyNotification(_ notification: AppStoreNotification) throws -> Bool {
        let now = store.now
        return try store.database.write { sql in
            let inserted = try sql.execute(
                """
                INSERT INTO app_store_notifications(notification_uuid, notification_type, subtype,
                    original_transaction_id, received_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                """,
                [
                    .text(String(notification.notificationUUID.prefix(64))),
                    .text(String(notification.notificationType.prefix(64))),
                    notification.subtype.map { .text(String($0.prefix(64))) } ?? .null,
                    notification.transaction.map { .text($0.originalTransactionId) } ?? .null, .integer(now),
                ])
            guard inserted == 1 else { return false }
            let kind: String
            switch (notification.effect, notification.transaction) {
            case (.revoke, let transaction?):
                try store(transaction, now: now, sql)
                kind = "revoked"
            case (.update, let transaction?):
                try store(transaction, now: now, sql)
                kind = "updated"
            default: kind = "notification"
            }
            try recordLicenceEvent(
                kind, purchase: notification.transaction?.originalTransactionId, account: nil, device: nil,
                detail: [notification.notificationType, notification.subtype].compactMap { $0 }.joined(separator: " "),
                now: now, sql)
            return true
        }
    }

    /// Inserts the purchase, or moves its row to `transaction` when that was signed no earlier.
    private func store(_ transaction: AppStoreTransaction, now: Int64, _ sql: any PortalSQL) throws {
        // On PostgreSQL the upsert locks the purchase's row even when its WHERE leaves it as it
        // is, so concurrent redemptions of one purchase are counted one after the other.
        try sql.execute(
            """
            INSERT INTO app_store_purchases(original_transaction_id, product_id, environment, last_transaction_id,
                purchased_at, expires_at, revoked_at, revocation_reason, signed_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (original_transaction_id) DO UPDATE SET product_id = excluded.product_id,
                last_transaction_id = excluded.last_transaction_id, expires_at = excluded.expires_at,
                revoked_at = excluded.revoked_at, revocation_reason = excluded.revocation_reason,
                signed_at = excluded.signed_at, updated_at = excluded.updated_at
            WHERE excluded.signed_at >= app_store_purchases.signed_at
            """,
            [
                .text(transaction.originalTransactionId), .text(transaction.productId), .text(transaction.environment),
                .text(transaction.transactionId), .integer(transaction.purchaseDate),
                transaction.expiresDate.map(PortalValue.integer) ?? .null,
                transaction.revocationDate.map(PortalValue.integer) ?? .null,
                transaction.revocationReason.map { .integer(Int64($0)) } ?? .null, .integer(transaction.signedDate),
                .integer(now),
            ])
    }

    /// Binds `account` and `device` to the stored purchase, as its standing and `limits` allow;
    /// a refusal is recorded as an event (the caller's transaction commits it).
    private func bind(
        _ originalTransactionId: String, account: UUID, device: UUID, limits: PurchaseLimits, _ now: Int64,
        _ sql: any PortalSQL
    ) throws -> Binding {
        let purchaseId = PortalValue.text(originalTransactionId)
        guard
            let row = try sql.queryFirst(
                """
                SELECT original_transaction_id, product_id, environment, expires_at, revoked_at
                FROM app_store_purchases WHERE original_transaction_id = ?
                """, [purchaseId])
        else { throw PortalStoreError.notFound("purchase \(originalTransactionId)") }
        if try row.optionalInt64(4) != nil {
            return .refused(LicenceRefusal(.purchaseRevoked, "Apple refunded or revoked this purchase"))
        }
        if let expires = try row.optionalInt64(3), expires <= now {
            return .refused(
                LicenceRefusal(
                    .purchaseExpired,
                    "this subscription ended on \(PortalClock.date(expires)); renew it in the App Store"
                ))
        }
        let (accountValue, deviceValue) = (PortalValue(account), PortalValue(device))
        let accounts = try admit(
            [("account_id", accountValue)], to: "purchase_accounts", purchaseId, limit: limits.accounts, now, sql)
        if let held = accounts.refusedAt {
            try recordLicenceEvent(
                "sharing_refused", purchase: originalTransactionId, account: account, device: device,
                detail: "already unlocks \(held) account(s); the limit is \(limits.accounts)", now: now, sql)
            return .refused(
                LicenceRefusal(
                    .purchaseShared,
                    "this purchase already unlocks another account; sign in to that account, or buy for this one"))
        }
        if accounts.isNew {
            try recordLicenceEvent(
                "redeemed", purchase: originalTransactionId, account: account, device: device, detail: "", now: now, sql
            )
        }
        let devices = try admit(
            [("account_id", accountValue), ("device_id", deviceValue)], to: "purchase_devices", purchaseId,
            limit: limits.devices, now, sql)
        if let held = devices.refusedAt {
            try recordLicenceEvent(
                "device_limit", purchase: originalTransactionId, account: account, device: device,
                detail: "already unlocks \(held) device(s); the limit is \(limits.devices)", now: now, sql)
            return .refused(
                LicenceRefusal(
                    .deviceLimit, "this purchase already unlocks \(held) devices; sign out on one of them first"))
        }
        return .bound(try Self.activePurchase(row))
    }

    /// Adds the holder named by `columns` (an account; an account's device) to the purchase's
    /// holders in `table`, unless `limit` are there already: answers how many held it when
    /// refused, and whether the holder is new.
    private func admit(
        _ columns: [(name: String, value: PortalValue)], to table: String, _ purchaseId: PortalValue, limit: Int,
        _ now: Int64, _ sql: any PortalSQL
    ) throws -> (refusedAt: Int64?, isNew: Bool) {
        let match = columns.map { "\($0.name) = ?" }.joined(separator: " AND ")
        let values = columns.map(\.value)
        if try sql.queryFirst(
            "SELECT 1 FROM \(table) WHERE original_transaction_id = ? AND \(match)", [purchaseId] + values) != nil
        {
            return (nil, false)
        }
        let held =
            try sql.queryFirst("SELECT count(*) FROM \(table) WHERE original_transaction_id = ?", [purchaseId])?
            .int64(0) ?? 0
        guard held < limit else { return (held, false) }
        try sql.execute(
            """
            INSERT INTO \(table)(original_transaction_id, \(columns.map(\.name).joined(separator: ", ")), bound_at)
            VALUES (?, \(columns.map { _ in "?" }.joined(separator: ", ")), ?)
            """, [purchaseId] + values + [.integer(now)])
        return (nil, true)
    }

    static func activePurchase(_ row: PortalRow) throws -> ActivePurchase {
        ActivePurchase(
            originalTransactionId: try row.text(0), productId: try row.text(1), environment: try row.text(2),
            expiresAt: try row.optionalInt64(3).map(PortalClock.date))
    }

    /// Adds one line to the licence history the admins read.
    func recordLicenceEvent(
        _ kind: String, purchase: String?, account: UUID?, device: UUID?, detail: String, now: Int64,
        _ sql: any PortalSQL
    ) throws {
        try sql.execute(
            """
            INSERT INTO licence_events(id, at, kind, original_transaction_id, account_id, device_id, detail)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            [
                PortalValue(UUID()), .integer(now), .text(kind), purchase.map(PortalValue.text) ?? .null,
                PortalValue(account), PortalValue(device), .text(String(detail.prefix(500))),
            ])
    }
}
