import CDirectIO
import Dispatch
import Foundation
import SecureHashing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One open file of the media store, read and written with POSIX calls so large photos and
/// videos (T4) stream through one fixed buffer, and so the store can `fsync`, rename atomically
/// and lock temporary files. The adapter between the store and the operating system.
final class ContentFile {
    let path: String
    private let descriptor: Int32
    /// Whether writes bypass the page cache (see ``copy(to:through:uncached:)``).
    private var writesDirectly = false

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Opens an existing regular file for reading.
    static func reading(_ url: URL) throws(MediaStoreError) -> ContentFile {
        let file = try opening(url, O_RDONLY)
        var status = stat()
        guard fstat(file.descriptor, &status) == 0 else { throw file.failure() }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .io(path: file.path, reason: "not a regular file") }
        return file
    }

    /// Creates a new file, failing if one exists. With `locked`, holds an exclusive `flock` on it
    /// until it is closed, which tells a sweeper in another process that its writer is alive.
    static func creating(_ url: URL, locked: Bool = false) throws(MediaStoreError) -> ContentFile {
        let file = try opening(url, O_WRONLY | O_CREAT | O_EXCL, mode: 0o644)
        if locked, flock(file.descriptor, LOCK_EX) != 0 { throw file.failure() }
        return file
    }

    /// Streams this file into `destination` and returns the byte count and the SHA-256 of what
    /// passed. The buffers take turns: while chunks wait for the hash on a second thread, the
    /// next ones are read and written out, so on two cores an import costs about what hashing
    /// alone does.
    ///
    /// With `uncached`, where the file system allows it, `destination` is written past the page
    /// cache (buffers aligned to ``directIOAlignment``): the kernel then neither copies the bytes
    /// nor schedules their writeback on the cores the hasher needs, which doubled the import's
    /// median speed in the benchmark and removed most of its spread. The last, shorter chunk, and
    /// every chunk on file systems without direct I/O, go through the page cache as usual.
    /// Exports, which may go to slow or network folders, keep the page cache.
    func copy(
        to destination: ContentFile, through buffers: [UnsafeMutableRawBufferPointer], uncached: Bool
    ) throws(MediaStoreError) -> (byteCount: Int64, sha256: String) {
        let hasher = BackgroundHasher()
        // The hash of the chunk last read into each buffer; it must end before the buffer is
        // refilled, and before this returns (the caller then frees the buffers).
        var hashing: [DispatchGroup?] = buffers.map { _ in nil }
        defer {
            for group in hashing { group?.wait() }
        }
        destination.writesDirectly = uncached && hobbystory_set_direct_io(destination.descriptor, 1) == 0
        var total: Int64 = 0
        for turn in 0... {
            let index = turn % buffers.count
            hashing[index]?.wait()
            let count = try readChunk(into: buffers[index])
            if count == 0 { break }
            let chunk = UnsafeRawBufferPointer(rebasing: buffers[index][..<count])
            hashing[index] = hasher.update(with: chunk)
            try destination.writeAll(chunk)
            total += Int64(count)
        }
        return (total, hasher.finalize())
    }

    /// Flushes the file's data to the storage device.
    /// A second handle on this file's lock (`flock` belongs to the open file, which a duplicated
    /// descriptor shares): the lock holds until both this file and the handle are closed.
    func lockHandle() throws(MediaStoreError) -> HeldFileLock {
        let copy = dup(descriptor)
        guard copy >= 0 else { throw failure() }
        return HeldFileLock(descriptor: copy)
    }

    func sync() throws(MediaStoreError) {
        guard fsync(descriptor) == 0 else { throw failure() }
    }

    /// Makes a rename or removal inside `folder` durable.
    static func syncFolder(_ folder: URL) throws(MediaStoreError) {
        try opening(folder, O_RDONLY | O_DIRECTORY).sync()
    }

    /// Atomically moves `source` to `destination` on the same file system.
    static func move(_ source: URL, to destination: URL) throws(MediaStoreError) {
        guard rename(source.path, destination.path) == 0 else {
            throw .io(path: destination.path, reason: lastError())
        }
    }

    /// Removes a file; a file already gone is not an error.
    static func remove(_ url: URL) throws(MediaStoreError) {
        guard unlink(url.path) == 0 || errno == ENOENT else { throw .io(path: url.path, reason: lastError()) }
    }

    /// True when the file or folder at `url` was last changed more than `seconds` ago.
    static func isOlder(_ url: URL, than seconds: TimeInterval) throws -> Bool {
        let modified = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
        return (modified ?? .distantPast) < Date().addingTimeInterval(-seconds)
    }

    /// Removes a temporary file unless a live writer holds its lock; true when it was removed.
    static func removeIfAbandoned(_ url: URL) throws(MediaStoreError) -> Bool {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return false }
            throw .io(path: url.path, reason: lastError())
        }
        let file = ContentFile(path: url.path, descriptor: descriptor)
        guard flock(file.descriptor, LOCK_EX | LOCK_NB) == 0 else { return false }
        try remove(url)
        return true
    }

    // MARK: Internals

    private static func opening(_ url: URL, _ flags: Int32, mode: mode_t = 0) throws(MediaStoreError) -> ContentFile {
        let path = url.path
        let descriptor = open(path, flags | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .io(path: path, reason: lastError()) }
        return ContentFile(path: path, descriptor: descriptor)
    }

    private func readChunk(into buffer: UnsafeMutableRawBufferPointer) throws(MediaStoreError) -> Int {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw failure() }
        }
    }

    /// The alignment of address, offset and length that direct writes need.
    static let directIOAlignment = Int(HOBBYSTORY_DIRECT_IO_ALIGNMENT)

    /// Writes all of `bytes`. A direct write the kernel refuses as misaligned (a chunk's length,
    /// or an offset after a short write) turns direct writes off and is retried through the page
    /// cache.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(MediaStoreError) {
        var written = 0
        while written < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EINVAL, writesDirectly {
                    writesDirectly = false
                    guard hobbystory_set_direct_io(descriptor, 0) == 0 else { throw failure() }
                    continue
                }
                throw failure()
            }
            written += count
        }
    }

    private func failure() -> MediaStoreError { .io(path: path, reason: Self.lastError()) }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}

/// SHA-256 fed on a serial queue of its own, one chunk at a time, in the order given.
///
/// Unchecked `Sendable`: the digest is touched only on `queue`, and each chunk's memory stays
/// valid and unchanged until the group returned for it has been waited on (``ContentFile/copy``).
private final class BackgroundHasher: @unchecked Sendable {
    private var digest: SHA256Digest? = SHA256Digest()
    private let queue = DispatchQueue(label: "media.sha256")

    private struct Chunk: @unchecked Sendable { let bytes: UnsafeRawBufferPointer }

    /// Queues `bytes` for hashing; the group is left when they have been hashed.
    func update(with bytes: UnsafeRawBufferPointer) -> DispatchGroup {
        let group = DispatchGroup()
        let chunk = Chunk(bytes: bytes)
        queue.async(group: group) { self.digest!.update(chunk.bytes) }
        return group
    }

    /// The digest of everything queued (it runs after the queued chunks), as 64 lowercase hex digits.
    func finalize() -> String {
        queue.sync { digest.take()!.finalizeHex() }
    }
}

/// Keeps a temporary file's lock while its import waits for the diary (see ``PreparedMedia``):
/// an open descriptor, closed when the last reference goes. Immutable, so safely shared.
final class HeldFileLock: Sendable {
    private let descriptor: Int32

    init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }
}
