import Foundation
import SecureHashing

/// Deleting an account (issue 16 §1), as the device's Trash does it: at once it is signed out
/// everywhere and refuses sign-ins, but nothing is removed for ``accountRestoreWindow``, in which
/// an administrator can restore it whole (`admin restore-account`); after that the hourly upkeep
/// (or `admin purge-deleted-accounts`) removes everything it held, bytes included.
extension AccountStore {
    /// How long a deleted account can be restored: 30 days, as the device keeps its Trash.
    public static let accountRestoreWindow: TimeInterval = 30 * 86_400

    /// Deletes the account after the angler typed its email and its password.
    public func delete(_ account: UUID, typedEmail: String, password: String) throws {
        let row = try store.database.read { sql in
            try sql.queryFirst(
                "SELECT email, password_hash FROM accounts WHERE id = ? AND deleted_at IS NULL", [PortalValue(account)])
        }
        guard let row else { throw PortalStoreError.unknownAccount }
        let email = try row.text(0)
        guard (try? PortalStore.normalisedEmail(typedEmail)) == email else {
            throw PortalStoreError.invalid(
                field: "confirmation", message: "type the account's email, \(email), to confirm")
        }
        guard store.passwords.verify(password, against: try row.text(1)) else {
            throw PortalStoreError.wrongCredentials
        }
        let now = store.now
        let hashes = try store.database.write { sql in
            try sql.execute("UPDATE accounts SET deleted_at = ? WHERE id = ?", [.integer(now), PortalValue(account)])
            let hashes = try sql.query(
                "SELECT token_hash FROM sessions WHERE account_id = ? AND revoked_at IS NULL", [PortalValue(account)]
            ).map { try $0.text(0) }
            try sql.execute(
                "UPDATE sessions SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL",
                [.integer(now), PortalValue(account)])
            return hashes
        }
        for hash in hashes { store.sessions.forget(hash) }
    }

    /// Undoes a deletion still within ``accountRestoreWindow``; `notFound` otherwise.
    public func restore(email rawEmail: String) throws {
        let email = try PortalStore.normalisedEmail(rawEmail)
        let cutoff = store.now - Int64(Self.accountRestoreWindow * 1000)
        let restored = try store.database.write { sql in
            try sql.execute(
                "UPDATE accounts SET deleted_at = NULL WHERE email = ? AND deleted_at IS NOT NULL AND deleted_at >= ?",
                [.text(email), .integer(cutoff)])
        }
        guard restored == 1 else {
            throw PortalStoreError.notFound("a deleted account \(email) that can still be restored")
        }
    }

    /// Removes everything of the accounts deleted longer ago than ``accountRestoreWindow``:
    /// their records, history, devices, sessions, uploads, and — through the media garbage, so a
    /// crash loses nothing and leaks nothing — their photos' and videos' bytes; then the account.
    /// Returns how many accounts are gone.
    @discardableResult
    public func purgeDeleted() throws -> Int {
        let cutoff = store.now - Int64(Self.accountRestoreWindow * 1000)
        let accounts = try store.database.read { sql in
            try sql.query(
                "SELECT id FROM accounts WHERE deleted_at IS NOT NULL AND deleted_at < ?", [.integer(cutoff)]
            ).map { try $0.uuid(0) }
        }
        var purged = 0
        for account in accounts {
            let uploads = try store.database.write { sql in
                try store.media.lockAccount(sql, account)
                let id = PortalValue(account)
                try sql.execute(
                    """
                    INSERT INTO media_garbage(account_id, sha256, collected_at)
                    SELECT account_id, sha256, ? FROM media_content WHERE account_id = ? ON CONFLICT DO NOTHING
                    """, [.integer(store.now), id])
                for table in [
                    "media_content", "mutation_outcomes", "history", "records", "sessions", "attest_challenges",
                    "device_attestations", "purchase_devices", "purchase_accounts", "devices", "problem_reports",
                    "shares",
                ] {
                    try sql.execute("DELETE FROM \(table) WHERE account_id = ?", [id])
                }
                // Error reports stay, anonymous: they say what broke, not whose it was.
                for table in ["error_reports", "diagnostics_installations"] {
                    try sql.execute("UPDATE \(table) SET account_id = NULL WHERE account_id = ?", [id])
                }
                // So do licence events (a refund, a refused sharing): the purchase is Apple's.
                try sql.execute(
                    "UPDATE licence_events SET account_id = NULL, device_id = NULL WHERE account_id = ?", [id])
                return try sql.query("SELECT id FROM uploads WHERE account_id = ?", [id]).map { try $0.text(0) }
            }
            for upload in uploads {
                try store.blobs.discard(upload: upload)
                _ = try store.database.write { sql in
                    try sql.execute("DELETE FROM uploads WHERE id = ?", [.text(upload)])
                }
            }
            try store.media.deleteGarbage(account: account)
            let gone = try store.database.write { sql in
                try sql.execute(
                    """
                    DELETE FROM accounts WHERE id = ? AND NOT EXISTS (SELECT 1 FROM media_garbage WHERE account_id = ?)
                    AND NOT EXISTS (SELECT 1 FROM uploads WHERE account_id = ?)
                    """, [PortalValue(account), PortalValue(account), PortalValue(account)])
            }
            purged += gone
        }
        return purged
    }
}
