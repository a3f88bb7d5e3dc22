import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol

/// Bringing back a version of a record that another device's change replaced (T3: nothing a
/// device sent is lost; docs/sync.md "History"). The portal keeps replaced versions in its
/// history; the angler picks one, and it becomes a new local edit that the next sync sends.
extension Diary {
    /// Makes `fields` (an earlier version from the portal's history) the record's current state,
    /// as an edit made now, queued for sync. The record must be live here. The result is judged
    /// as an edit is — the schema, then the same validation as ``CatchStore/update(_:_:)`` and its
    /// siblings (a catch within its trip, a trip around its catches, directory entries still
    /// offered) — and a version the diary cannot take now changes nothing. A photo's or video's
    /// bytes never change and its versions differ only in their links, which are edited by
    /// linking, so it has no versions to restore. A saved report's version is judged by its name
    /// and formula's bounds (the report engine judges the formula when it runs).
    public func restoreVersion(_ type: RecordKind, _ id: UUID, fields: RecordFields) throws {
        guard case .text(let versionId)? = fields["id"], UUID(uuidString: versionId) == id else {
            throw StoreError.refused("that version belongs to another record")
        }
        try database.transaction {
            guard try isLive(type, id) else {
                throw StoreError.refused(
                    "the \(type.rawValue) \(id.canonicalText) is not in the diary (restore it from the Trash first)"
                )
            }
            let now = currentTime()
            var restored = fields
            restored["updated_at"] = .integer(DiaryTime.milliseconds(now))
            let issues: [ValidationIssue]
            switch type {
            case .spot:
                let old = try spots.record(id)
                try sync.writeFields(type, id, restored)
                issues = try spots.issues(for: SpotDraft(try spots.record(id)), editing: old)
            case .trip:
                let old = try trips.record(id)
                try sync.writeFields(type, id, restored)
                issues = try trips.issues(for: TripDraft(try trips.record(id)), editing: old)
            case .catch:
                let old = try catches.record(id)
                try sync.writeFields(type, id, restored)
                issues = try catches.issues(for: CatchDraft(try catches.record(id)), editing: old)
            case .media:
                throw StoreError.refused(
                    "a photo's or video's versions differ only in their links: link it to a spot, trip or catch instead"
                )
            case .report:
                try sync.writeFields(type, id, restored)
                guard let report = try savedReports().first(where: { $0.id == id }) else {
                    throw StoreError.notFound(entity: "report", id: id.canonicalText)
                }
                issues = SavedReport.issues(title: report.title, formula: report.formula)
            }
            if !issues.isEmpty { throw ValidationError(entity: type.rawValue, issues: issues) }
            try recordChange(type, id, .upsert, at: now)
        }
    }
}
