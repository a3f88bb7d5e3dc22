import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol

/// The portal account a diary syncs with, and its token (T3; docs/sync.md).
extension Diary {
    public func syncAccount() throws -> SyncAccount? {
        try database.queryFirst(
            "SELECT portal_url, email, account_id, token, cursor, directory_version, last_sync_at FROM sync_account"
        ).map { row in
            SyncAccount(
                portalURL: try row.text(0), email: try row.text(1), accountId: try row.uuid(2),
                token: try row.optionalText(3), cursor: try row.text(4), directoryVersion: Int(try row.int64(5)),
                lastSyncAt: try row.optionalInt64(6).map { Date(timeIntervalSince1970: Double($0) / 1000) })
        }
    }

    /// Remembers a signed-in account. Signing in to a different account or portal starts sync
    /// from scratch: the cursor and the portal's sequence numbers belong to the old one.
    public func saveSyncAccount(portalURL: String, email: String, accountId: UUID, token: String) throws {
        try database.transaction {
            let previous = try syncAccount()
            if previous?.accountId != accountId || previous?.portalURL != portalURL {
                try database.execute("DELETE FROM sync_account")
                try database.execute("DELETE FROM sync_records")
                try database.execute("DELETE FROM sync_parked")
                try database.execute("DELETE FROM sync_full_pass")
                if previous != nil { try queueEverything() }
                try database.execute(
                    "INSERT INTO sync_account(singleton, portal_url, email, account_id, token) VALUES (1, ?, ?, ?, ?)",
                    [.text(portalURL), .text(email), SQLiteValue(accountId), .text(token)])
            } else {
                try database.execute("UPDATE sync_account SET token = ?, email = ?", [.text(token), .text(email)])
            }
        }
    }

    /// Queues every live record for push: the diary moves to another account or portal, which
    /// has none of it yet (photos and videos too; their bytes follow).
    func queueEverything() throws {
        let time = currentTime()
        for type in EntityType.allCases {
            for id in try database.query(
                "SELECT id FROM \(type.table) WHERE deleted_at IS NULL", [], as: { try $0.uuid(0) })
            {
                try recordChange(type, id, .upsert, at: time)
            }
        }
    }

    /// Forgets the token (sign-out, or the portal said it is no longer valid); the account,
    /// cursor and pending changes stay for the next sign-in.
    public func clearSyncToken() throws {
        try database.transaction { try database.execute("UPDATE sync_account SET token = NULL") }
    }

    public func recordSyncCompleted(at time: Date) throws {
        try database.transaction {
            try database.execute("UPDATE sync_account SET last_sync_at = ?", [SQLiteValue(time)])
        }
    }
}
