import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol

/// Which photo and video bytes still have to reach the portal (T3, T4; docs/media.md).
extension SyncStore {
    /// Contents whose bytes the portal has not confirmed yet, with the tus upload already begun
    /// for each (if any) and an asset that names them (a live one when there is one): every
    /// digest a photo or video row of this diary names, live or in the Trash (its bytes stay
    /// until the Trash is emptied).
    public func mediaAwaitingUpload() throws -> [(sha256: String, location: String?, assetId: UUID)] {
        try diary.database.query(
            """
            SELECT m.sha256, u.location,
                   (SELECT a.id FROM media_assets a WHERE a.sha256 = m.sha256
                    ORDER BY a.deleted_at IS NOT NULL, a.id LIMIT 1)
            FROM (SELECT DISTINCT sha256 FROM media_assets) m
            LEFT JOIN sync_media_uploads u ON u.sha256 = m.sha256
            WHERE u.uploaded_at IS NULL ORDER BY m.sha256
            """
        ) { (try $0.text(0), try $0.optionalText(1), try $0.uuid(2)) }
    }

    /// Remembers the tus upload begun for a content digest, so a later sync resumes it.
    public func recordMediaUpload(_ sha256: String, location: String) throws {
        try diary.database.transaction {
            try diary.database.execute(
                """
                INSERT INTO sync_media_uploads(sha256, location) VALUES (?, ?)
                ON CONFLICT (sha256) DO UPDATE SET location = excluded.location
                """, [.text(sha256), .text(location)])
        }
    }

    /// Notes that the portal holds these bytes.
    public func recordMediaUploaded(_ sha256: String) throws {
        try diary.database.transaction {
            try diary.database.execute(
                """
                INSERT INTO sync_media_uploads(sha256, uploaded_at) VALUES (?, ?)
                ON CONFLICT (sha256) DO UPDATE SET uploaded_at = excluded.uploaded_at, location = NULL
                """, [.text(sha256), SQLiteValue(diary.currentTime())])
        }
    }
}
