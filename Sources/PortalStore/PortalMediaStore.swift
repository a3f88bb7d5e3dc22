import Foundation
import SecureHashing

/// An upload in progress (tus 1.0): what is expected and how much has arrived.
public struct UploadState: Sendable, Equatable {
    public var id: String
    public var sha256: String
    public var length: Int64
    public var offset: Int64
    public var expiresAt: Date
    /// True once the bytes are verified and stored as the account's content.
    public var isComplete: Bool
}

/// Why the portal refused media bytes.
public enum MediaError: Error, Sendable, Equatable, CustomStringConvertible {
    case quotaExceeded(usedBytes: Int64, quotaBytes: Int64, requestedBytes: Int64)
    case offsetMismatch(expected: Int64, received: Int64)
    case tooLong(length: Int64)
    case checksumMismatch(expected: String, actual: String)
    case notFound

    public var description: String {
        switch self {
        case .quotaExceeded(let used, let quota, let requested):
            "storing \(requested) more bytes would exceed this account's media quota: \(used) of \(quota) bytes are used"
        case .offsetMismatch(let expected, let received):
            "Upload-Offset is \(received) but the portal has \(expected) bytes of this upload; ask with HEAD and resume from there"
        case .tooLong(let length): "the body goes past the upload's declared length of \(length) bytes"
        case .checksumMismatch(let expected, let actual):
            "the uploaded bytes hash to \(actual), not the declared SHA-256 \(expected); the upload was discarded"
        case .notFound: "no such upload or media for this account"
        }
    }
}

/// Photos and videos on the portal (T4): resumable uploads (tus 1.0 core, creation, checksum,
/// expiration), content deduplicated per account by SHA-256, a per-account quota, and reads for
/// ranged downloads. Every call takes the account it acts for.
/// One area of the ``PortalStore``, sharing its connection.
public struct PortalMediaStore: Sendable {
    let store: PortalStore
}

extension PortalStore {
    /// Photos' and videos' bytes: uploads, content and its collection.
    public var media: PortalMediaStore { PortalMediaStore(store: self) }
}

extension PortalMediaStore {
    /// How long an unfinished upload is kept.
    public static let uploadLifetime: TimeInterval = 24 * 3_600

    /// Starts an upload of `length` bytes whose SHA-256 is `sha256`; when the account already
    /// holds that content, the answer is an upload that is already complete (nothing to send).
    public func createUpload(account: UUID, sha256 rawSHA: String, length: Int64, assetId: UUID?) throws
        -> UploadState
    {
        let sha256 = rawSHA.lowercased()
        guard sha256.count == 64, sha256.allSatisfy(\.isHexDigit) else {
            throw PortalStoreError.invalid(field: "sha256", message: "must be 64 hexadecimal digits")
        }
        guard length >= 0 else {
            throw PortalStoreError.invalid(field: "Upload-Length", message: "must not be negative")
        }
        if length == 0, sha256 != Self.emptySHA256 {
            throw PortalStoreError.invalid(
                field: "sha256", message: "of a zero-length upload must be \(Self.emptySHA256), the digest of no bytes")
        }
        let now = store.now
        let id = UUID()
        let expires = now + Int64(Self.uploadLifetime * 1000)
        let held = try store.database.write { sql -> Bool in
            guard
                let accountRow = try sql.queryFirst(
                    "SELECT media_quota_bytes FROM accounts WHERE id = ?\(store.database.lockAccountSuffix)",
                    [PortalValue(account)])
            else { throw PortalStoreError.unknownAccount }
            if try sql.queryFirst(
                "SELECT 1 FROM media_content WHERE account_id = ? AND sha256 = ?",
                [PortalValue(account), .text(sha256)])
                != nil
            {
                // A device offers content that a live record names again (a restore from the
                // Trash): it counts against the quota from now, not from the next collection run.
                if let assetId, try namesContent(sql, account: account, asset: assetId, sha256: sha256) {
                    try sql.execute(
                        "UPDATE media_content SET unreferenced_since = NULL, named = 1 WHERE account_id = ? AND sha256 = ?",
                        [PortalValue(account), .text(sha256)])
                }
                return true
            }
            let quota = try accountRow.optionalInt64(0) ?? store.mediaQuotaBytes
            var used = try usedBytes(sql, account: account)
            if !Self.fits(length, used: used, quota: quota) {
                // Media deleted since the last collection run gives its quota back now.
                try markMediaReferences(sql, account: account)
                used = try usedBytes(sql, account: account)
            }
            guard Self.fits(length, used: used, quota: quota) else {
                throw MediaError.quotaExceeded(usedBytes: used, quotaBytes: quota, requestedBytes: length)
            }
            try sql.execute(
                """
                INSERT INTO uploads(id, account_id, sha256, byte_size, asset_id, created_at, expires_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    PortalValue(id), PortalValue(account), .text(sha256), .integer(length),
                    PortalValue(assetId), .integer(now), .integer(expires),
                ])
            return false
        }
        var state = UploadState(
            id: id.uuidString.lowercased(), sha256: sha256, length: length, offset: held ? length : 0,
            expiresAt: PortalClock.date(expires), isComplete: held)
        if !held, length == 0 {
            // Nothing will ever be PATCHed: the upload completes now, like content already held.
            _ = try store.blobs.append(Data(), upload: state.id, at: 0)
            try finish(&state, account: account)
        }
        return state
    }

    /// Whether `length` more bytes fit beside `used` within `quota`, without overflowing
    /// whatever a client declares (an `Upload-Length` near `Int64.max`).
    static func fits(_ length: Int64, used: Int64, quota: Int64) -> Bool {
        used <= quota && length <= quota - used
    }

    /// The state of one of the account's uploads: in progress, or finished (its whole length
    /// received and stored) until it expires.
    public func upload(_ id: String, account: UUID) throws -> UploadState {
        guard
            let row = try store.database.read({ sql in
                try sql.queryFirst(
                    """
                    SELECT sha256, byte_size, expires_at, completed_at FROM uploads
                    WHERE id = ? AND account_id = ? AND expires_at > ?
                    """,
                    [.text(id.lowercased()), PortalValue(account), .integer(store.now)])
            })
        else { throw MediaError.notFound }
        let length = try row.int64(1)
        let complete = try row.optionalInt64(3) != nil
        return UploadState(
            id: id.lowercased(), sha256: try row.text(0), length: length,
            offset: complete ? length : try store.blobs.receivedBytes(upload: id.lowercased()),
            expiresAt: PortalClock.date(try row.int64(2)), isComplete: complete)
    }

    /// The SHA-256 of no bytes: the only digest a zero-length upload can declare.
    public static let emptySHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    /// Appends `data` at `offset` (which must be the bytes received so far); when the last byte
    /// arrives the whole upload is hashed, compared with the declared SHA-256 and stored.
    ///
    /// The offset is compared with the stored bytes and the data appended as one step under the
    /// upload file's lock, so of two PATCHes racing at one offset exactly one is acknowledged and
    /// an acknowledged offset is always what is stored.
    @discardableResult
    public func appendUpload(_ id: String, account: UUID, offset: Int64, data: Data) throws -> UploadState {
        var state = try upload(id, account: account)
        guard offset == state.offset else { throw MediaError.offsetMismatch(expected: state.offset, received: offset) }
        guard Int64(data.count) <= state.length - state.offset else { throw MediaError.tooLong(length: state.length) }
        guard !state.isComplete, !data.isEmpty || state.offset == state.length else { return state }
        state.offset = try store.blobs.append(data, upload: state.id, at: offset)
        if state.offset == state.length { try finish(&state, account: account) }
        return state
    }

    private func finish(_ state: inout UploadState, account: UUID) throws {
        guard let actual = try store.blobs.digest(upload: state.id) else {
            // Another request finished this upload a moment ago.
            guard try size(account: account, sha256: state.sha256) != nil else { throw MediaError.notFound }
            state.isComplete = true
            return
        }
        guard actual == state.sha256 else {
            try store.blobs.discard(upload: state.id)
            throw MediaError.checksumMismatch(expected: state.sha256, actual: actual)
        }
        let now = store.now
        let length = state.length
        let sha = state.sha256
        let id = state.id
        // Under the account's lock, so that collecting content (``collect()``) never
        // removes bytes between their arrival here and the row that names them.
        try store.database.write { sql in
            try lockAccount(sql, account)
            try store.blobs.commit(upload: id, account: account, sha256: sha)
            let named = try assetOfUpload(sql, id, account: account).map {
                try namesContent(sql, account: account, asset: $0, sha256: sha)
            }
            try sql.execute(
                "INSERT INTO media_content(account_id, sha256, byte_size, stored_at, named) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                [PortalValue(account), .text(sha), .integer(length), .integer(now), PortalValue(named ?? false)])
            try sql.execute("UPDATE uploads SET completed_at = ? WHERE id = ?", [.integer(now), .text(id)])
        }
        state.isComplete = true
    }

    /// The media record an upload declared (`Upload-Metadata: asset`), if any.
    private func assetOfUpload(_ sql: any PortalSQL, _ id: String, account: UUID) throws -> UUID? {
        try sql.queryFirst(
            "SELECT asset_id FROM uploads WHERE id = ? AND account_id = ?", [.text(id), PortalValue(account)])?
            .optionalText(0).flatMap(UUID.init(uuidString:))
    }

    /// Whether the account's live media record `asset` names this content.
    private func namesContent(_ sql: any PortalSQL, account: UUID, asset: UUID, sha256: String) throws -> Bool {
        guard
            let row = try sql.queryFirst(
                "SELECT fields FROM records WHERE account_id = ? AND kind = 'media' AND id = ? AND deleted = 0",
                [PortalValue(account), PortalValue(asset)])
        else { return false }
        return try PortalStore.decodeFields(try row.text(0))["sha256"] == .text(sha256)
    }

    /// The size of the account's content with this digest, or nil.
    public func size(account: UUID, sha256: String) throws -> Int64? {
        let sha = sha256.lowercased()
        guard sha.count == 64, sha.allSatisfy(\.isHexDigit) else { return nil }
        let known = try store.database.read { sql in
            try sql.queryFirst(
                "SELECT byte_size FROM media_content WHERE account_id = ? AND sha256 = ?",
                [PortalValue(account), .text(sha)])
        }
        return try known?.int64(0)
    }

    /// Reads stored content for a download.
    public func read(account: UUID, sha256: String, offset: Int64, count: Int) throws -> Data {
        try store.blobs.read(account: account, sha256: sha256.lowercased(), offset: offset, count: count)
    }

    /// Drops uploads past their expiry, with the bytes of unfinished ones. Returns how many.
    @discardableResult
    public func purgeExpiredUploads() throws -> Int {
        let now = store.now
        let expired = try store.database.read { sql in
            try sql.query("SELECT id FROM uploads WHERE expires_at <= ?", [.integer(now)]).map { try $0.text(0) }
        }
        for id in expired {
            try store.blobs.discard(upload: id)
            _ = try store.database.write { sql in try sql.execute("DELETE FROM uploads WHERE id = ?", [.text(id)]) }
        }
        return expired.count
    }

    /// Bytes of stored content, plus those reserved by unfinished uploads; content a record named
    /// once and none names now (deleted media waiting to be collected) counts no more, and a
    /// restore from the Trash counts it again.
    func usedBytes(_ sql: any PortalSQL, account: UUID) throws -> Int64 {
        let stored = try sql.queryFirst(
            """
            SELECT COALESCE(SUM(byte_size), 0) FROM media_content
            WHERE account_id = ? AND (unreferenced_since IS NULL OR named = 0)
            """, [PortalValue(account)])
        let pending = try sql.queryFirst(
            "SELECT COALESCE(SUM(byte_size), 0) FROM uploads WHERE account_id = ? AND expires_at > ? AND completed_at IS NULL",
            [PortalValue(account), .integer(store.now)])
        return (try stored?.int64(0) ?? 0) + (try pending?.int64(0) ?? 0)
    }
}
