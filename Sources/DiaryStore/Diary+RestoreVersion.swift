import Foundation
import SQLiteDB
import SyncProtocol

/// Bringing back a version of a record that another device's change replaced (T3: nothing a
/// device sent is lost; docs/sync.md "History"). The portal keeps replaced versions in its
/// history; the angler picks one, and it becomes a new local edit that the next sync sends.
extension Diary {
    /// Makes `fields` (an earlier version from the portal's history) the record's current state,
    /// as an edit made now, queued for sync. The record must be live here; photos and videos do
    /// not change, so they have no versions to restore. The schema judges the fields as it
    /// judges a pulled record; a version the diary cannot take changes nothing.
    public func restoreVersion(_ type: EntityType, _ id: UUID, fields: RecordFields) throws {
        guard type != .media else {
            throw StoreError.refused("photos and videos do not change: restore the spot, trip or catch they belong to")
        }
        guard case .text(let versionId)? = fields["id"], UUID(uuidString: versionId) == id else {
            throw StoreError.refused("that version belongs to another record")
        }
        try database.transaction {
            guard try isLive(type, id) else {
                throw StoreError.refused(
                    "the \(type.rawValue) \(SQLiteValue.lowercaseText(id)) is not in the diary (restore it from the Trash first)"
                )
            }
            let now = currentTime()
            var restored = fields
            restored["updated_at"] = .integer(SQLiteValue.milliseconds(now))
            try writeFields(type, id, restored)
            try recordChange(type, id, .upsert, at: now)
        }
    }
}
