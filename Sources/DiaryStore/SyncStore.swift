import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol

/// The portal account a diary syncs with, and its token (T3; docs/sync.md).
/// One area of the ``Diary``, sharing its connection.
public struct SyncStore {
    let diary: Diary
}

extension Diary {
    /// The diary's side of sync: its portal account, and the records, directories and media bookkeeping pulled from the portal.
    public var sync: SyncStore { SyncStore(diary: self) }
}

extension SyncStore {
    public func account() throws -> SyncAccount? {
        try diary.database.queryFirst(
            """
            SELECT portal_url, email, account_id, token, cursor, directory_version, last_sync_at, pulled_kinds
            FROM sync_account
            """
        ).map { row in
            SyncAccount(
                portalURL: try row.text(0), email: try row.text(1), accountId: try row.uuid(2),
                token: try row.optionalText(3), cursor: try row.text(4), directoryVersion: Int(try row.int64(5)),
                lastSyncAt: try row.optionalInt64(6).map { Date(timeIntervalSince1970: Double($0) / 1000) },
                pulledKinds: Set(try row.text(7).split(separator: ",").compactMap { RecordKind(rawValue: String($0)) }))
        }
    }

    /// Makes the pull cursor cover `kinds`, those the syncing build knows (issue 31 §3). The
    /// portal passed over records of kinds the cursor did not cover, so a diary that learns a
    /// kind — an app update — begins a full pass from the start: records it holds are skipped by
    /// their sequence numbers, the new kind's arrive, and what was deleted meanwhile goes to the
    /// Trash as at the end of any full pass. True when a full pass began.
    public func coverPulls(of kinds: Set<RecordKind>) throws -> Bool {
        try diary.database.transaction {
            guard let account = try account(), account.pulledKinds != kinds else { return false }
            let learned = !kinds.isSubset(of: account.pulledKinds)
            let names = RecordKind.allCases.filter(kinds.contains).map(\.rawValue).joined(separator: ",")
            try diary.database.execute("UPDATE sync_account SET pulled_kinds = ?", [.text(names)])
            guard learned else { return false }
            try diary.database.execute(
                "UPDATE sync_account SET cursor = ?", [.text(SyncCursor(seq: 0, fullPass: true).token)])
            try diary.database.execute("DELETE FROM sync_full_pass")
            return true
        }
    }

    /// Remembers a signed-in account. Signing in to a different account or portal starts sync
    /// from scratch: the cursor and the portal's sequence numbers belong to the old one.
    public func saveAccount(portalURL: String, email: String, accountId: UUID, token: String) throws {
        try diary.database.transaction {
            let previous = try account()
            if previous?.accountId != accountId || previous?.portalURL != portalURL {
                try diary.database.execute("DELETE FROM sync_account")
                try diary.database.execute("DELETE FROM sync_records")
                try diary.database.execute("DELETE FROM sync_parked")
                try diary.database.execute("DELETE FROM sync_full_pass")
                if previous != nil { try queueEverything() }
                try diary.database.execute(
                    "INSERT INTO sync_account(singleton, portal_url, email, account_id, token) VALUES (1, ?, ?, ?, ?)",
                    [.text(portalURL), .text(email), SQLiteValue(accountId), .text(token)])
            } else {
                try diary.database.execute(
                    "UPDATE sync_account SET token = ?, email = ?", [.text(token), .text(email)])
            }
        }
    }

    /// Queues every live record for push: the diary moves to another account or portal, which
    /// has none of it yet (photos and videos too; their bytes follow).
    func queueEverything() throws {
        let time = diary.currentTime()
        for type in RecordKind.allCases {
            for id in try diary.database.query(
                "SELECT id FROM \(type.table) WHERE deleted_at IS NULL", [], as: { try $0.uuid(0) })
            {
                try diary.recordChange(type, id, .upsert, at: time)
            }
        }
    }

    /// Forgets the token (sign-out, or the portal said it is no longer valid); the account,
    /// cursor and pending changes stay for the next sign-in.
    public func clearToken() throws {
        try diary.database.transaction { try diary.database.execute("UPDATE sync_account SET token = NULL") }
    }

    public func recordCompleted(at time: Date) throws {
        try diary.database.transaction {
            try diary.database.execute("UPDATE sync_account SET last_sync_at = ?", [SQLiteValue(time)])
        }
    }
}
