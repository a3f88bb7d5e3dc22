import FishingModel
import Foundation
import SyncProtocol

/// What the site sorts and filters a diary by (issue 16 §1), copied out of a record's fields
/// whenever it is stored: a trip's and a catch's local time (the wall clock the angler saw, as
/// milliseconds since 1970 read as UTC), its parent (a trip's spot, a catch's trip), and a
/// catch's species and number of fish. Fields come from devices and may be anything: a value that is missing, of
/// another type or out of range leaves its column empty instead of refusing the record.
struct ReadIndex: Equatable {
    var localAt: Int64?
    var parentId: String?
    var speciesId: String?
    var quantity: Int64?

    init(_ kind: RecordKind, _ fields: RecordFields?) {
        guard let fields else { return }
        switch kind {
        case .trip:
            localAt = Self.localTime(fields[Columns.tripStart], offset: fields[Columns.tripOffset])
            parentId = Self.id(fields[Columns.tripSpot])
        case .catch:
            localAt = Self.localTime(fields[Columns.catchTime], offset: fields[Columns.catchOffset])
            parentId = Self.id(fields[Columns.catchTrip])
            if case .text(let species) = fields[Columns.catchSpecies],
                (1...Limits.directoryIdBytes).contains(species.utf8.count)
            {
                speciesId = species
            }
            switch fields[Columns.catchCount] {
            // Bounded as on the device, so that no sum of a trip's fish can overflow.
            case .integer(let count) where Limits.count.contains(Int(clamping: count)): quantity = count
            case nil, .null: quantity = 1
            default: quantity = nil
            }
        case .spot, .media, .report:
            break
        }
    }

    /// The fields it reads, named by the kinds' column definitions.
    private enum Columns {
        static let tripStart = Trip.columns.name(of: \.startAt)
        static let tripOffset = Trip.columns.name(of: \.utcOffsetSeconds)
        static let tripSpot = Trip.columns.name(of: \.spotId)
        static let catchTime = Catch.columns.name(of: \.caughtAt)
        static let catchOffset = Catch.columns.name(of: \.utcOffsetSeconds)
        static let catchTrip = Catch.columns.name(of: \.tripId)
        static let catchSpecies = Catch.columns.name(of: \.speciesId)
        static let catchCount = Catch.columns.name(of: \.count)
    }

    /// The columns in the order `records` lists them after `own_seq`.
    var values: [PortalValue] {
        [
            localAt.map { .integer($0) } ?? .null, parentId.map { .text($0) } ?? .null,
            speciesId.map { .text($0) } ?? .null, quantity.map { .integer($0) } ?? .null,
        ]
    }

    /// The instant moved by the offset (at most a day either way), if both are whole numbers and
    /// the sum fits.
    static func localTime(_ instant: FieldValue?, offset: FieldValue?) -> Int64? {
        guard case .integer(let milliseconds) = instant else { return nil }
        guard case .integer(let seconds) = offset, (-86_400...86_400).contains(seconds) else { return milliseconds }
        let (sum, overflow) = milliseconds.addingReportingOverflow(seconds * 1000)
        return overflow ? nil : sum
    }

    static func id(_ value: FieldValue?) -> String? {
        guard case .text(let text) = value, let id = UUID(uuidString: text) else { return nil }
        return id.uuidString.lowercased()
    }
}

extension RecordStore {
    /// Fills the read index of records stored before it existed (migration 9), a page at a time.
    static func backfillReadIndex(_ sql: any PortalSQL) throws {
        var after = ("", "", "")
        while true {
            let rows = try sql.query(
                """
                SELECT account_id, kind, id, fields FROM records
                WHERE kind IN ('trip', 'catch') AND deleted = 0 AND (account_id, kind, id) > (?, ?, ?)
                ORDER BY account_id, kind, id LIMIT 1000
                """, [.text(after.0), .text(after.1), .text(after.2)])
            guard let last = rows.last else { return }
            for row in rows {
                let index = ReadIndex(
                    try PortalStore.kind(try row.text(1)), try row.optionalText(3).map(PortalStore.decodeFields))
                try sql.execute(
                    """
                    UPDATE records SET local_at = ?, parent_id = ?, species_id = ?, quantity = ?
                    WHERE account_id = ? AND kind = ? AND id = ?
                    """,
                    index.values + [.text(try row.text(0)), .text(try row.text(1)), .text(try row.text(2))])
            }
            after = (try last.text(0), try last.text(1), try last.text(2))
        }
    }
}
