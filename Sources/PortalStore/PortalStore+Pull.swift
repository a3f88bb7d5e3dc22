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
extension PortalStore {
    /// About how many bytes of stored fields one pull page carries: a page stops before the
    /// record that would pass this (but always carries at least one record), and the device
    /// follows `hasMore`.
    public static let pullPageBytes = 4 << 20
    /// What one change adds to a page besides its fields (seq, kind, id, times), in bytes.
    static let pullRowOverheadBytes = 160

    /// The account's records changed after `cursor`, oldest first: at most `limit` of them and
    /// about ``pullPageBytes``.
    ///
    /// One statement, so that PostgreSQL reads the purge mark, the directory version and the
    /// records from one snapshot: a purge committing in between cannot let the cursor pass
    /// tombstones the device never saw. The byte budget is applied inside it to the sizes of the
    /// candidate rows, so rows past it are never read into memory.
    public func pull(after cursor: SyncCursor, limit: Int, account: UUID, pageBytes: Int = pullPageBytes) throws
        -> PullPage
    {
        let limit = min(max(1, limit), SyncLimits.changesPerPull)
        let size = "COALESCE(\(database.byteLength(of: "fields")), 0) + \(Self.pullRowOverheadBytes)"
        return try database.read { sql in
            let rows = try sql.query(
                """
                SELECT a.purged_seq, a.last_seq, (SELECT value FROM portal_meta WHERE key = 'directory_version'),
                r.seq, r.kind, r.id, r.deleted, r.modified_at, r.fields, p.candidates
                FROM accounts a
                LEFT JOIN (
                    SELECT seq, candidates FROM (
                        SELECT seq, SUM(size) OVER (ORDER BY seq) - size AS before,
                            COUNT(*) OVER () AS candidates, ROW_NUMBER() OVER (ORDER BY seq) AS position
                        FROM (
                            SELECT seq, \(size) AS size FROM records
                            WHERE account_id = ? AND seq > CASE
                                WHEN ? = 0 AND ? > 0 AND ? < (SELECT purged_seq FROM accounts WHERE id = ?) THEN 0
                                ELSE ? END
                            ORDER BY seq LIMIT ?
                        ) AS candidate_rows
                    ) AS sized_rows
                    WHERE (before < ? OR position = 1) AND position <= ?
                ) p ON 1 = 1
                LEFT JOIN records r ON r.account_id = a.id AND r.seq = p.seq
                WHERE a.id = ? ORDER BY r.seq
                """,
                [
                    PortalValue(account), PortalValue(cursor.fullPass), .integer(cursor.seq), .integer(cursor.seq),
                    PortalValue(account), .integer(cursor.seq), .integer(Int64(limit + 1)),
                    .integer(Int64(pageBytes)), .integer(Int64(limit)), PortalValue(account),
                ])
            guard let first = rows.first else { throw PortalStoreError.unknownAccount }
            let purgedSeq = try first.int64(0)
            guard cursor.seq <= (try first.int64(1)) else {
                throw PortalStoreError.invalid(
                    field: "cursor",
                    message: "is ahead of this account's changes (a restored portal?); pull from the start")
            }
            let restart = !cursor.fullPass && cursor.seq > 0 && cursor.seq < purgedSeq
            let start = restart ? 0 : cursor.seq
            let directoryVersion = Int(try first.optionalText(2) ?? "0") ?? 0
            let page = try rows.compactMap { row -> PullPage.Row? in
                guard let seq = try row.optionalInt64(3) else { return nil }
                return PullPage.Row(
                    seq: seq, kind: try row.text(4), id: try row.text(5), deleted: try row.bool(6),
                    modifiedAt: try row.int64(7), fields: try row.optionalText(8))
            }
            let candidates = try first.optionalInt64(9) ?? 0
            let hasMore = candidates > Int64(page.count)
            let fullPass = cursor.fullPass || restart
            return PullPage(
                rows: page, cursor: SyncCursor(seq: page.last?.seq ?? start, fullPass: fullPass && hasMore),
                hasMore: hasMore, directoryVersion: directoryVersion, fullPass: fullPass)
        }
    }
}
