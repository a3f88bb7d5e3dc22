import Foundation
import SecureHashing

/// Where the portal keeps the bytes of photos and videos (T4): partial uploads while they arrive,
/// then verified content addressed by SHA-256 per account. ``FileMediaBlobStore`` keeps them on
/// the file system under the portal's data folder; an S3-compatible store can implement the same
/// protocol (multipart parts for `append`, a copy for `commit`).
public protocol MediaBlobStore: Sendable {
    /// Bytes received so far for an upload (0 when none): the tus `Upload-Offset`.
    func receivedBytes(upload: String) throws -> Int64
    /// Appends bytes to an upload when it holds exactly `offset` bytes (compare and append, as
    /// one step against concurrent appends), creating it when `offset` is 0; they are durable
    /// when this returns, which gives the new size. Throws ``MediaError/offsetMismatch`` otherwise.
    func append(_ data: Data, upload: String, at offset: Int64) throws -> Int64
    /// The SHA-256 (hex) of everything received for an upload, read back from storage; nil when
    /// the upload has no bytes stored (never begun, or already committed).
    func digest(upload: String) throws -> String?
    /// Makes a finished upload the account's content `sha256` (replacing nothing if it exists).
    func commit(upload: String, account: UUID, sha256: String) throws
    /// Forgets an upload's bytes (expired, cancelled or corrupt).
    func discard(upload: String) throws
    /// The size of stored content, or nil when the account has none with that digest.
    func size(account: UUID, sha256: String) throws -> Int64?
    /// Reads `count` bytes of stored content from `offset` (fewer at the end).
    func read(account: UUID, sha256: String, offset: Int64, count: Int) throws -> Data
    /// Deletes stored content; content already gone is not an error.
    func remove(account: UUID, sha256: String) throws
}

/// ``MediaBlobStore`` on the file system: `<root>/uploads/<id>.part` while uploading,
/// `<root>/content/<account>/<aa>/<sha256>` when verified. Appends are written and fsynced before
/// they are acknowledged, so an upload's offset is simply the size of its file, even after a
/// crash.
public struct FileMediaBlobStore: MediaBlobStore {
    public let root: URL

    public init(root: URL) throws {
        self.root = root
        for folder in ["uploads", "content"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    private func partURL(_ upload: String) -> URL {
        root.appendingPathComponent("uploads/\(upload).part")
    }

    private func contentURL(_ account: UUID, _ sha256: String) -> URL {
        root.appendingPathComponent("content/\(account.uuidString.lowercased())/\(sha256.prefix(2))/\(sha256)")
    }

    public func receivedBytes(upload: String) throws -> Int64 {
        let attributes = try? FileManager.default.attributesOfItem(atPath: partURL(upload).path)
        return (attributes?[.size] as? NSNumber)?.int64Value ?? 0
    }

    public func append(_ data: Data, upload: String, at offset: Int64) throws -> Int64 {
        let path = partURL(upload).path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let size = Int64(status.st_size)
        guard size == offset else { throw MediaError.offsetMismatch(expected: size, received: offset) }
        try data.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    // A partial append is cut back, so the stored size stays an acknowledged offset.
                    _ = ftruncate(descriptor, off_t(size))
                    throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
                }
                written += count
            }
        }
        guard fsync(descriptor) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return size + Int64(data.count)
    }

    public func digest(upload: String) throws -> String? {
        let url = partURL(upload)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Self.digest(of: url)
    }

    public func commit(upload: String, account: UUID, sha256: String) throws {
        let target = contentURL(account, sha256)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        if FileManager.default.fileExists(atPath: target.path) {
            try discard(upload: upload)
        } else {
            try FileManager.default.moveItem(at: partURL(upload), to: target)
            try Self.syncFolder(target.deletingLastPathComponent())
        }
    }

    public func remove(account: UUID, sha256: String) throws {
        let url = contentURL(account, sha256)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try FileManager.default.removeItem(at: url)
        try Self.syncFolder(url.deletingLastPathComponent())
    }

    /// Makes a rename into, or a removal from, `folder` durable.
    private static func syncFolder(_ folder: URL) throws {
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    public func discard(upload: String) throws {
        let url = partURL(upload)
        if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
    }

    public func size(account: UUID, sha256: String) throws -> Int64? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: contentURL(account, sha256).path)
        return (attributes?[.size] as? NSNumber)?.int64Value
    }

    public func read(account: UUID, sha256: String, offset: Int64, count: Int) throws -> Data {
        let handle = try FileHandle(forReadingFrom: contentURL(account, sha256))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        return try handle.read(upToCount: count) ?? Data()
    }

    /// SHA-256 of a file, read in 1 MiB pieces.
    static func digest(of url: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var digest = SHA256Digest()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { digest.update(chunk) }
        return digest.finalizeHex()
    }
}
