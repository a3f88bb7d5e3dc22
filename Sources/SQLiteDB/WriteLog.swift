import Foundation

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// Which tables a connection's committed transactions wrote, so that what shows them can refresh
/// (GRDB's transaction-observer idea; serves the app's screens refreshing after a sync, a weather
/// fill, a restore from the Trash or an edit elsewhere).
///
/// Each statement learns at preparation, from SQLite's authorizer, the tables it may insert into,
/// update or delete from (its triggers included); when a run of it changed rows, those tables are
/// noted. They count as committed when the transaction commits (or at once outside one), and are
/// forgotten when it rolls back. A write undone by `ROLLBACK TO` is still announced: an extra
/// refresh, never a missed one.
struct WriteLog {
    /// The tables the statement being prepared writes; nil when nothing is being prepared.
    var preparing: Set<String>?
    /// Written by the open transaction.
    var uncommitted: Set<String> = []
    /// Written by committed transactions since the last ``Database/takeCommittedWrites()``.
    var committed: Set<String> = []

    mutating func note(_ tables: Set<String>, inTransaction: Bool) {
        if inTransaction {
            uncommitted.formUnion(tables)
        } else {
            committed.formUnion(tables)
        }
    }

    mutating func transactionCommitted() {
        committed.formUnion(uncommitted)
        uncommitted = []
    }

    mutating func transactionRolledBack() { uncommitted = [] }
}

extension Database {
    /// The tables written by transactions committed since the last call (names as in the schema,
    /// SQLite's own `sqlite_` tables left out), and forgets them.
    public func takeCommittedWrites() -> Set<String> {
        defer { writeLog.committed = [] }
        return writeLog.committed
    }

    /// Installs the authorizer that tells each statement what it writes, and the commit and
    /// rollback hooks.
    func installWriteLog() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_set_authorizer(
            handle,
            { context, action, table, _, _, _ in
                guard action == SQLITE_INSERT || action == SQLITE_UPDATE || action == SQLITE_DELETE,
                    let table, strncmp(table, "sqlite_", 7) != 0
                else { return SQLITE_OK }
                let database = Unmanaged<Database>.fromOpaque(context!).takeUnretainedValue()
                database.writeLog.preparing?.insert(String(cString: table))
                return SQLITE_OK
            }, context)
        sqlite3_commit_hook(
            handle,
            { context in
                Unmanaged<Database>.fromOpaque(context!).takeUnretainedValue().writeLog.transactionCommitted()
                return 0
            }, context)
        sqlite3_rollback_hook(
            handle,
            { context in
                Unmanaged<Database>.fromOpaque(context!).takeUnretainedValue().writeLog.transactionRolledBack()
            }, context)
    }
}
