import FishingModel
import Foundation
import SyncProtocol

/// Everything an account holds, for "export everything" (issue 16 §1): its live records as they
/// were synced, kind by kind, read row by row so a large diary is never held whole.
extension RecordStore {
    /// Calls `body` with each live record of `kind` (id, last change, fields as stored JSON).
    public func forEachLiveRecord(
        account: UUID, kind: RecordKind, _ body: (_ id: String, _ modifiedAt: Int64, _ fields: String) throws -> Void
    ) throws {
        try store.database.read { sql in
            try sql.forEachRow(
                "SELECT id, modified_at, fields FROM records WHERE account_id = ? AND kind = ? AND deleted = 0 ORDER BY id",
                [PortalValue(account), .text(kind.rawValue)]
            ) { row in
                try body(try row.text(0), try row.int64(1), try row.optionalText(2) ?? "{}")
                return true
            }
        }
    }
}

extension DiaryReader {
    /// The account's live photos and videos, one per content (two records of the same bytes
    /// give one).
    public func mediaContents(account: UUID) throws -> [DiaryMedia] {
        var seen: Set<String> = []
        var media: [DiaryMedia] = []
        try store.records.forEachLiveRecord(account: account, kind: .media) { id, _, fields in
            guard let id = UUID(uuidString: id), let item = DiaryMedia(id: id, try PortalStore.decodeFields(fields)),
                seen.insert(item.sha256).inserted
            else { return }
            media.append(item)
        }
        return media
    }
}
