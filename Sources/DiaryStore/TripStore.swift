import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol

/// Trips (the client's "events"): saving, editing and reading outings (T11, T19).
/// One area of the ``Diary``, sharing its connection.
public struct TripStore {
    let diary: Diary
}

extension Diary {
    /// A diary's trips: saving, editing and reading them.
    public var trips: TripStore { TripStore(diary: self) }
    static let tripSQL = RecordSQL(Trip.columns)
}

extension TripStore {
    /// Saves a new trip; the start defaults to now on the device clock (T11).
    public func add(_ draft: TripDraft) throws -> Trip {
        let time = diary.currentTime()
        return try diary.database.transaction {
            let draft = draft.withDefaults(now: time).roundedToMilliseconds()
            let issues = try issues(for: draft)
            if !issues.isEmpty { throw ValidationError(entity: "trip", issues: issues) }
            let trip = draft.trip(id: UUID(), createdAt: time, updatedAt: time)
            try diary.insertRecord(Diary.tripSQL, trip, id: trip.id, at: time)
            return trip
        }
    }

    /// Changes a live trip through `change`. Its catches must still fall between start and end.
    @discardableResult
    public func update(_ id: UUID, _ change: (inout TripDraft) -> Void) throws -> Trip {
        try diary.database.transaction {
            let old = try live(id)
            let time = diary.currentTime()
            var draft = TripDraft(old)
            change(&draft)
            draft = draft.withDefaults(now: time).roundedToMilliseconds()
            let issues = try issues(for: draft, editing: old)
            if !issues.isEmpty { throw ValidationError(entity: "trip", issues: issues) }
            let trip = draft.trip(id: id, createdAt: old.createdAt, updatedAt: max(old.createdAt, time))
            guard TripDraft(trip) != TripDraft(old) else { return old }
            try diary.updateRecord(Diary.tripSQL, trip, id: id, at: trip.updatedAt)
            if Trip.columns.movesConditions(from: old, to: trip) {
                try diary.conditions.forget(of: .trip, where: "id = ?", [SQLiteValue(id)])
            }
            if trip.spotId != old.spotId {
                try diary.conditions.forget(of: .catch, where: "trip_id = ?", [SQLiteValue(id)])
            }
            return trip
        }
    }

    /// The trip with this id, live or in the Trash.
    public func record(_ id: UUID) throws -> Trip {
        try diary.fetchRecord(Diary.tripSQL, id)
    }

    /// Live trips, latest first; only those at `spotId` when given; at most `limit`, and only
    /// those listed after `after` (a list read page by page, each page from where the last ended).
    public func list(spotId: UUID? = nil, limit: Int? = nil, after: Trip? = nil) throws -> [Trip] {
        var filter = spotId == nil ? "" : "AND spot_id = ?"
        var arguments = spotId.map { [SQLiteValue($0)] } ?? []
        if let after {
            filter += " AND (start_at < ? OR (start_at = ? AND id > ?))"
            arguments += [SQLiteValue(after.startAt), SQLiteValue(after.startAt), SQLiteValue(after.id)]
        }
        var sql = Diary.tripSQL.select + " WHERE deleted_at IS NULL \(filter) ORDER BY start_at DESC, id"
        if let limit {
            sql += " LIMIT ?"
            arguments.append(.integer(Int64(limit)))
        }
        return try diary.database.query(sql, arguments, as: Diary.tripSQL.record)
    }

    func live(_ id: UUID) throws -> Trip {
        let trip = try record(id)
        if trip.deletedAt != nil {
            throw StoreError.inTrash(entity: "trip", label: id.uuidString.lowercased())
        }
        return trip
    }

    /// Every missing or invalid attribute of `draft` (with its defaults applied), without saving.
    /// `editing` is the stored trip; its catches must stay within the new start and end.
    public func issues(for draft: TripDraft, editing old: Trip? = nil) throws -> [ValidationIssue] {
        let now = diary.currentTime()
        let draft = draft.withDefaults(now: now)
        let tripId = old?.id
        var issues = draft.issues(now: now)
        if let spotId = draft.spotId {
            switch try spotState(spotId) {
            case .missing:
                issues.append(
                    ValidationIssue(
                        field: TripField.spotId, value: spotId.uuidString.lowercased(), message: "no such spot"))
            case .trashed:
                issues.append(
                    ValidationIssue(
                        field: TripField.spotId, value: spotId.uuidString.lowercased(),
                        message: "the spot is in the Trash; restore it first"))
            case .live: break
            }
        }
        if let tripId, let start = draft.startAt {
            let bounds = try diary.database.queryFirst(
                "SELECT min(caught_at), max(caught_at) FROM catches WHERE trip_id = ? AND deleted_at IS NULL",
                [SQLiteValue(tripId)])
            let offset = draft.utcOffsetSeconds ?? 0
            if let first = try bounds?.optionalDate(0), first < start {
                issues.append(
                    ValidationIssue(
                        field: TripField.start, value: DiaryTime.iso8601(start, utcOffsetSeconds: offset),
                        message:
                            "must not be after the trip's first catch (\(DiaryTime.iso8601(first, utcOffsetSeconds: offset)))"
                    ))
            }
            if let last = try bounds?.optionalDate(1), let end = draft.endAt, last > end {
                issues.append(
                    ValidationIssue(
                        field: TripField.end, value: DiaryTime.iso8601(end, utcOffsetSeconds: offset),
                        message:
                            "must not be before the trip's last catch (\(DiaryTime.iso8601(last, utcOffsetSeconds: offset)))"
                    ))
            }
        }
        return issues
    }

    enum ParentState { case live, trashed, missing }

    private func spotState(_ id: UUID) throws -> ParentState {
        guard let row = try diary.database.queryFirst("SELECT deleted_at FROM spots WHERE id = ?", [SQLiteValue(id)])
        else {
            return .missing
        }
        return row[0].isNull ? .live : .trashed
    }

    /// The live trip that started last, if any.
    public func latest() throws -> Trip? {
        try diary.database.query(
            Diary.tripSQL.select + " WHERE deleted_at IS NULL ORDER BY start_at DESC, id LIMIT 1",
            as: Diary.tripSQL.record
        ).first
    }
}
