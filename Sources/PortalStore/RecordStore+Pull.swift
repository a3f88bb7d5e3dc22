import FishingModel
import Foundation
import SyncProtocol

/// One page of a pull (T3), bounded by count and by bytes, as read from the database: what
/// `GET /v1/sync/pull` streams. Stored fields are embedded in the JSON as they are, never
/// decoded and encoded again.
public struct PullPage: Sendable {
    struct Row: Sendable {
        var seq: Int64
        var kind: String
        var id: String
        var deleted: Bool
        var modifiedAt: Int64
        var fields: String?
    }

    var rows: [Row]
    public var cursor: SyncCursor
    public var hasMore: Bool
    public var directoryVersion: Int
    public var fullPass: Bool

    /// How many changes the page carries.
    public var count: Int { rows.count }

    /// The page as the JSON of a ``PullResponse``, in pieces of about `pieceBytes` (each record
    /// whole), so a response can be sent while the rest is still being written.
    public func json(pieceBytes: Int = 64 << 10) -> [Data] {
        var pieces: [Data] = []
        var out = "{\"changes\":["
        for (index, row) in rows.enumerated() {
            if index > 0 { out += "," }
            out += "{\"seq\":\(row.seq),\"kind\":\"\(row.kind)\",\"id\":\"\(row.id)\",\"deleted\":\(row.deleted)"
            out += ",\"modifiedAt\":\(row.modifiedAt),\"fields\":\(row.fields ?? "null")}"
            if out.utf8.count >= pieceBytes {
                pieces.append(Data(out.utf8))
                out = ""
            }
        }
        out += "],\"cursor\":"
        RecordFieldsJSON.appendString(cursor.token, to: &out)
        out += ",\"hasMore\":\(hasMore),\"directoryVersion\":\(directoryVersion),\"fullPass\":\(fullPass)}"
        pieces.append(Data(out.utf8))
        return pieces
    }
}

/// Pulls (T3; docs/sync.md): the account's changes after a cursor, oldest first.
extension RecordStore {
    /// About how many bytes of stored fields one pull page carries: a page stops before the
    /// record that would pass this (but always carries at least one record), and the device
    /// follows `hasMore`.
    public static let pullPageBytes = 4 << 20
    /// What one change adds to a page besides its fields (seq, kind, id, times), in bytes.
    static let pullRowOverheadBytes = 160

    /// The account's records of `kinds` changed after `cursor`, oldest first: at most `limit` of
    /// them and about ``pullPageBytes``. The last page's cursor is the account's last change, so
    /// changes of other kinds are passed over for good (a client that learns a kind pulls again
    /// from the start).
    ///
    /// Read so that rows past the byte budget are never held: SQLite reads row by row inside one
    /// read transaction, so the page simply stops there; libpq receives a whole result at once,
    /// so for PostgreSQL the budget is applied inside the statement, to the candidate rows'
    /// sizes. Either way one statement gives the purge mark, the directory version and the
    /// records from one snapshot: a purge committing in between cannot let the cursor pass
    /// tombstones the device never saw. Before it, the account's row alone answers the usual
    /// pull, the one with nothing new.
    public func pull(
        after cursor: SyncCursor, limit: Int, account: UUID, kinds: Set<RecordKind> = Set(RecordKind.allCases),
        pageBytes: Int = pullPageBytes
    ) throws -> PullPage {
        let limit = min(max(1, limit), SyncLimits.changesPerPull)
        return try store.database.read { sql in
            // Nothing new, the usual answer: told by the account's row alone.
            if let row = try sql.queryFirst(
                """
                SELECT purged_seq, last_seq, (SELECT value FROM portal_meta WHERE key = 'directory_version')
                FROM accounts WHERE id = ?
                """, [PortalValue(account)])
            {
                let purgedSeq = try row.int64(0)
                let restart = !cursor.fullPass && cursor.seq > 0 && cursor.seq < purgedSeq
                if try row.int64(1) == cursor.seq, !restart {
                    return PullPage(
                        rows: [], cursor: SyncCursor(seq: cursor.seq), hasMore: false,
                        directoryVersion: Int(try row.optionalText(2) ?? "0") ?? 0, fullPass: cursor.fullPass)
                }
            }
            var head: (purgedSeq: Int64, lastSeq: Int64, directoryVersion: Int)?
            var rows: [PullPage.Row] = []
            var hasMore = false
            var bytes = 0
            let (statement, arguments) = pullStatement(
                after: cursor, limit: limit, account: account, kinds: kinds, pageBytes: pageBytes)
            try sql.forEachRow(statement, arguments) { row in
                if head == nil {
                    head = (try row.int64(0), try row.int64(1), Int(try row.optionalText(2) ?? "0") ?? 0)
                }
                guard let seq = try row.optionalInt64(3) else { return false }
                let size = Int(try row.int64(9))
                // The limit, or the budget for any record but the first: the rest is for the next page.
                guard rows.count < limit, rows.isEmpty || bytes + size <= pageBytes else {
                    hasMore = true
                    return false
                }
                bytes += size
                rows.append(
                    PullPage.Row(
                        seq: seq, kind: try row.text(4), id: try row.text(5), deleted: try row.bool(6),
                        modifiedAt: try row.int64(7), fields: try row.optionalText(8)))
                if let candidates = try row.optionalInt64(10) { hasMore = candidates > Int64(rows.count) }
                return true
            }
            guard let head else { throw PortalStoreError.unknownAccount }
            guard cursor.seq <= head.lastSeq else {
                throw PortalStoreError.invalid(
                    field: "cursor",
                    message: "is ahead of this account's changes (a restored portal?); pull from the start")
            }
            let restart = !cursor.fullPass && cursor.seq > 0 && cursor.seq < head.purgedSeq
            let fullPass = cursor.fullPass || restart
            return PullPage(
                rows: rows,
                cursor: SyncCursor(seq: hasMore ? rows.last?.seq ?? 0 : head.lastSeq, fullPass: fullPass && hasMore),
                hasMore: hasMore, directoryVersion: head.directoryVersion, fullPass: fullPass)
        }
    }

    /// The pull's one statement. Columns: purge mark, last sequence number, directory version,
    /// then per record seq, kind, id, deleted, modified, fields, size in bytes, and — where the
    /// budget is applied in SQL — how many candidates there were (else NULL).
    private func pullStatement(
        after cursor: SyncCursor, limit: Int, account: UUID, kinds: Set<RecordKind>, pageBytes: Int
    ) -> (String, [PortalValue]) {
        // The kinds are the enumeration's own names, never the client's text.
        let kindFilter =
            kinds.isSuperset(of: RecordKind.allCases)
            ? ""
            : " AND r.kind IN ('\(RecordKind.allCases.filter(kinds.contains).map(\.rawValue).joined(separator: "', '"))')"
        let size = "COALESCE(\(store.database.byteLength(of: "fields")), 0) + \(Self.pullRowOverheadBytes)"
        let start = "CASE WHEN ? = 0 AND ? > 0 AND ? < a.purged_seq THEN 0 ELSE ? END"
        let startArguments: [PortalValue] = [
            PortalValue(cursor.fullPass), .integer(cursor.seq), .integer(cursor.seq), .integer(cursor.seq),
        ]
        let head = "a.purged_seq, a.last_seq, (SELECT value FROM portal_meta WHERE key = 'directory_version')"
        if store.database.readsRowsLazily {
            return (
                """
                SELECT \(head), r.seq, r.kind, r.id, r.deleted, r.modified_at, r.fields, \(size), NULL
                FROM accounts a LEFT JOIN records r ON r.account_id = a.id AND r.seq > \(start)\(kindFilter)
                WHERE a.id = ? ORDER BY r.seq LIMIT ?
                """, startArguments + [PortalValue(account), .integer(Int64(limit + 1))]
            )
        }
        return (
            """
            SELECT \(head), r.seq, r.kind, r.id, r.deleted, r.modified_at, r.fields, p.size, p.candidates
            FROM accounts a
            LEFT JOIN (
                SELECT seq, size, candidates FROM (
                    SELECT seq, size, SUM(size) OVER (ORDER BY seq) - size AS before,
                        COUNT(*) OVER () AS candidates, ROW_NUMBER() OVER (ORDER BY seq) AS position
                    FROM (
                        SELECT r.seq, \(size) AS size FROM accounts a JOIN records r ON r.account_id = a.id
                        WHERE a.id = ? AND r.seq > \(start)\(kindFilter) ORDER BY r.seq LIMIT ?
                    ) AS candidate_rows
                ) AS sized_rows
                WHERE (before < ? OR position = 1) AND position <= ?
            ) p ON 1 = 1
            LEFT JOIN records r ON r.account_id = a.id AND r.seq = p.seq
            WHERE a.id = ? ORDER BY r.seq
            """,
            [PortalValue(account)] + startArguments + [
                .integer(Int64(limit + 1)), .integer(Int64(pageBytes)), .integer(Int64(limit)), PortalValue(account),
            ]
        )
    }
}
