import FishingModel
import Foundation

/// A trip's place in the diary's list order (newest first; equal times by id, descending).
struct TripKey: Sendable, Equatable {
    var localAt: Int64
    var id: String
}

/// Where one page of the list begins and ends.
struct TripPageEdges: Sendable, Equatable {
    var first: TripKey
    var last: TripKey
}

/// A page of one list: the filter it shows, its size and its number.
struct TripPageAddress: Sendable, Hashable {
    var filter: DiaryFilter
    var pageSize: Int
    var page: Int

    func moved(by pages: Int) -> TripPageAddress {
        TripPageAddress(filter: filter, pageSize: pageSize, page: page + pages)
    }
}

extension DiaryReader {
    /// One page of trips in list order (issue 16 §1, §5). Next to a page read at the same change
    /// of the account — where the Next and Previous links lead — it continues from that page's
    /// edge with one index seek; otherwise `OFFSET` counts past every newer trip (page 250 of
    /// 500: 5 000 index entries). `filtered` is the list's `FROM … WHERE …` and `arguments` its
    /// values.
    func pagedTrips(
        _ sql: any PortalSQL, _ filtered: String, _ arguments: [PortalValue], account: UUID, at seq: Int64,
        _ address: TripPageAddress
    ) throws -> [DiaryEntry<Trip>] {
        let columns = "SELECT id, fields, local_at \(filtered)"
        let limit = PortalValue.integer(Int64(address.pageSize))
        let rows: [PortalRow]
        if let newer = store.diaryOutlineCache.edges(account, at: seq, address.moved(by: -1)) {
            rows = try sql.query(
                "\(columns) AND (local_at, id) < (?, ?) ORDER BY local_at DESC, id DESC LIMIT ?",
                arguments + [.integer(newer.last.localAt), .text(newer.last.id), limit])
        } else if let older = store.diaryOutlineCache.edges(account, at: seq, address.moved(by: 1)) {
            rows = try sql.query(
                "\(columns) AND (local_at, id) > (?, ?) ORDER BY local_at ASC, id ASC LIMIT ?",
                arguments + [.integer(older.first.localAt), .text(older.first.id), limit]
            ).reversed()
        } else {
            rows = try sql.query(
                "\(columns) ORDER BY local_at DESC, id DESC LIMIT ? OFFSET ?",
                arguments + [limit, .integer(Int64((address.page - 1) * address.pageSize))])
        }
        if let first = rows.first, let last = rows.last {
            let edges = TripPageEdges(
                first: TripKey(localAt: try first.int64(2), id: try first.text(0)),
                last: TripKey(localAt: try last.int64(2), id: try last.text(0)))
            store.diaryOutlineCache.remember(edges, account, at: seq, address)
        }
        return try rows.compactMap(Self.trip)
    }
}
