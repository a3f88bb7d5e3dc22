import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol

/// Catches: saving one or many, editing, and reading the latest (T19, T11).
/// One area of the ``Diary``, sharing its connection.
public struct CatchStore {
    let diary: Diary
}

extension Diary {
    /// A diary's catches: saving one or many, editing, reading, and taking back a catch logged by mistake.
    public var catches: CatchStore { CatchStore(diary: self) }
    static let catchSQL = RecordSQL(Catch.columns)
}

extension CatchStore {
    /// Saves a new catch; the time defaults to now on the device clock (T11).
    public func add(_ draft: CatchDraft) throws -> Catch {
        try add(contentsOf: [draft])[0]
    }

    /// Saves several catches in one transaction: all of them, or — if any is invalid — none.
    public func add(contentsOf drafts: [CatchDraft]) throws -> [Catch] {
        let time = diary.currentTime()
        var trips: [UUID: Trip?] = [:]
        return try diary.database.transaction {
            try drafts.map { draft in
                let draft = draft.withDefaults(now: time).roundedToMilliseconds()
                try throwIfInvalid(try issues(for: draft, editing: nil, now: time, trips: &trips))
                let item = draft.record(id: UUID(), createdAt: time, updatedAt: time)
                try diary.insertRecord(Diary.catchSQL, item, id: item.id, at: time)
                return item
            }
        }
    }

    /// Changes a live catch through `change`; validation as for ``add(_:)``.
    @discardableResult
    public func update(_ id: UUID, _ change: (inout CatchDraft) -> Void) throws -> Catch {
        try diary.database.transaction {
            let old = try record(id)
            if old.deletedAt != nil {
                throw StoreError.inTrash(entity: "catch", label: id.uuidString.lowercased())
            }
            let time = diary.currentTime()
            var draft = CatchDraft(old)
            change(&draft)
            draft = draft.withDefaults(now: time).roundedToMilliseconds()
            try throwIfInvalid(try issues(for: draft, editing: old))
            let item = draft.record(id: id, createdAt: old.createdAt, updatedAt: max(old.createdAt, time))
            guard CatchDraft(item) != CatchDraft(old) else { return old }
            try diary.updateRecord(Diary.catchSQL, item, id: id, at: item.updatedAt)
            if Catch.columns.movesConditions(from: old, to: item) {
                try diary.conditions.forget(of: .catch, where: "id = ?", [SQLiteValue(id)])
            }
            return item
        }
    }

    /// The catch with this id, live or in the Trash.
    public func record(_ id: UUID) throws -> Catch {
        try diary.fetchRecord(Diary.catchSQL, id)
    }

    /// Live catches, latest first: of one trip when `tripId` is given, else of the whole diary.
    public func list(tripId: UUID? = nil, limit: Int? = nil) throws -> [Catch] {
        var sql = Diary.catchSQL.select + " WHERE deleted_at IS NULL"
        var arguments: [SQLiteValue] = []
        if let tripId {
            sql += " AND trip_id = ?"
            arguments.append(SQLiteValue(tripId))
        }
        sql += " ORDER BY caught_at DESC"
        if let limit {
            sql += " LIMIT ?"
            arguments.append(.integer(Int64(limit)))
        }
        return try diary.database.query(sql, arguments, as: Diary.catchSQL.record)
    }

    /// Every missing or invalid attribute of `draft` (with its defaults applied), without saving.
    /// `editing` is the stored catch when the draft edits one.
    public func issues(for draft: CatchDraft, editing old: Catch? = nil) throws -> [ValidationIssue] {
        var trips: [UUID: Trip?] = [:]
        let now = diary.currentTime()
        return try issues(
            for: draft.withDefaults(now: now).roundedToMilliseconds(), editing: old, now: now, trips: &trips)
    }

    private func throwIfInvalid(_ issues: [ValidationIssue]) throws {
        if !issues.isEmpty { throw ValidationError(entity: "catch", issues: issues) }
    }

    /// `trips` caches the trips a batch refers to, so a bulk insert reads each trip once.
    func issues(for draft: CatchDraft, editing previous: Catch?, now: Date, trips: inout [UUID: Trip?]) throws
        -> [ValidationIssue]
    {
        var issues = draft.issues(now: now)
        for (kind, id, old) in [
            (DirectoryKind.species, draft.speciesId, previous?.speciesId),
            (.baits, draft.baitId, previous?.baitId),
            (.methods, draft.methodId, previous?.methodId),
        ] {
            if let issue = try diary.directoryIssue(
                kind, id?.trimmingCharacters(in: .whitespaces), field: kind.referenceField, previous: old)
            {
                issues.append(issue)
            }
        }
        if let tripId = draft.tripId {
            if trips[tripId] == nil {
                trips[tripId] = try? diary.trips.record(tripId)
            }
            let idText = tripId.uuidString.lowercased()
            if let trip = trips[tripId] ?? nil {
                if trip.deletedAt != nil {
                    issues.append(
                        ValidationIssue(
                            field: CatchField.tripId, value: idText,
                            message: "the trip is in the Trash; restore it first"))
                } else if let time = draft.caughtAt, time < trip.startAt || (trip.endAt.map { time > $0 } ?? false) {
                    let window =
                        DiaryTime.iso8601(trip.startAt, utcOffsetSeconds: trip.utcOffsetSeconds) + " – "
                        + (trip.endAt.map { DiaryTime.iso8601($0, utcOffsetSeconds: trip.utcOffsetSeconds) }
                            ?? "open end")
                    issues.append(
                        ValidationIssue(
                            field: CatchField.time,
                            value: DiaryTime.iso8601(time, utcOffsetSeconds: draft.utcOffsetSeconds ?? 0),
                            message: "must fall within the trip (\(window))"))
                }
            } else {
                issues.append(ValidationIssue(field: CatchField.tripId, value: idText, message: "no such trip"))
            }
        }
        return issues
    }

}

extension CatchDraft {
    /// The draft with its time rounded to the milliseconds the database keeps.
    func roundedToMilliseconds() -> CatchDraft {
        var draft = self
        draft.caughtAt = caughtAt.map(Diary.rounded)
        return draft
    }
}

extension TripDraft {
    /// The draft with its times rounded to the milliseconds the database keeps.
    func roundedToMilliseconds() -> TripDraft {
        var draft = self
        draft.startAt = startAt.map(Diary.rounded)
        draft.endAt = endAt.map(Diary.rounded)
        return draft
    }
}
