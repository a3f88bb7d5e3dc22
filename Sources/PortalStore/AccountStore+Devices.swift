import Foundation
import SecureHashing
import SyncProtocol

/// The devices and browsers signed in to an account, and what an angler can do about them from
/// the app or the site (issue 16 §1): see when each last synced, sign one out everywhere, change
/// the password (which signs out every other session).
extension AccountStore {
    /// The account's devices, the most recently seen first, with their live session counts.
    public func devices(account: UUID) throws -> [DeviceSummary] {
        let now = store.now
        return try store.database.read { sql in
            try sql.query(
                """
                SELECT d.id, d.name, d.created_at, d.last_seen_at,
                    (SELECT COUNT(*) FROM sessions s WHERE s.account_id = d.account_id AND s.device_id = d.id
                        AND s.revoked_at IS NULL AND s.expires_at > ?)
                FROM devices d WHERE d.account_id = ? ORDER BY d.last_seen_at DESC, d.id
                """, [.integer(now), PortalValue(account)]
            ).map { row in
                DeviceSummary(
                    id: try row.uuid(0), name: try row.text(1), createdAt: PortalClock.date(try row.int64(2)),
                    lastSeenAt: PortalClock.date(try row.int64(3)), liveSessions: Int(try row.int64(4)))
            }
        }
    }

    /// Signs a device out: every live session it holds stops working at once. Its records stay.
    /// Returns how many sessions were revoked; throws `notFound` when the account has no such device.
    @discardableResult
    public func revokeDevice(account: UUID, device: UUID) throws -> Int {
        let now = store.now
        let hashes = try store.database.write { sql in
            guard
                try sql.queryFirst(
                    "SELECT 1 FROM devices WHERE account_id = ? AND id = ?",
                    [PortalValue(account), PortalValue(device)])
                    != nil
            else { throw PortalStoreError.notFound("device \(device.uuidString.lowercased())") }
            let hashes = try sql.query(
                "SELECT token_hash FROM sessions WHERE account_id = ? AND device_id = ? AND revoked_at IS NULL",
                [PortalValue(account), PortalValue(device)]
            ).map { try $0.text(0) }
            try sql.execute(
                "UPDATE sessions SET revoked_at = ? WHERE account_id = ? AND device_id = ? AND revoked_at IS NULL",
                [.integer(now), PortalValue(account), PortalValue(device)])
            return hashes
        }
        for hash in hashes { store.sessions.forget(hash) }
        return hashes.count
    }

    /// Changes the password after checking the current one, and signs out every session of the
    /// account except `keeping` (the one asking).
    public func changePassword(account: UUID, current: String, new: String, keeping tokenHash: String) throws {
        let stored = try store.database.read { sql in
            try sql.queryFirst("SELECT password_hash FROM accounts WHERE id = ?", [PortalValue(account)])?.text(0)
        }
        guard let stored else { throw PortalStoreError.unknownAccount }
        guard store.passwords.verify(current, against: stored) else { throw PortalStoreError.wrongCredentials }
        let hash = try passwordHash(new, field: "newPassword")
        let now = store.now
        let revoked = try store.database.write { sql in
            try sql.execute("UPDATE accounts SET password_hash = ? WHERE id = ?", [.text(hash), PortalValue(account)])
            let hashes = try sql.query(
                "SELECT token_hash FROM sessions WHERE account_id = ? AND revoked_at IS NULL AND token_hash <> ?",
                [PortalValue(account), .text(tokenHash)]
            ).map { try $0.text(0) }
            try sql.execute(
                "UPDATE sessions SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL AND token_hash <> ?",
                [.integer(now), PortalValue(account), .text(tokenHash)])
            return hashes
        }
        for hash in revoked { store.sessions.forget(hash) }
    }
}
