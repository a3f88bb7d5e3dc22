import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `ByteSource` over a file on disk, read with `pread` only where the parsers ask.
///
/// Serves T17 (importing photos and videos from the device's memory) and T4 (large media): a
/// 1 GiB video costs a few small reads, never a load of the file. The file is opened once, its size
/// taken then, and closed when the source is released.
public final class FileByteSource: ByteSource, Sendable {
    public let count: Int64
    private let descriptor: Int32
    private let path: String

    /// Opens the regular file at `url` for reading.
    public init(url: URL) throws(MediaMetadataError) {
        path = url.path(percentEncoded: false)
        guard url.isFileURL else { throw .unreadable(path: url.absoluteString, reason: "not a file URL") }
        let descriptor = url.withUnsafeFileSystemRepresentation { name in name.map { open($0, O_RDONLY) } ?? -1 }
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: Self.lastError()) }
        var status = stat()
        if let problem = Self.problem(with: descriptor, status: &status) {
            close(descriptor)
            throw .unreadable(path: path, reason: problem)
        }
        self.descriptor = descriptor
        self.count = Int64(status.st_size)
    }

    deinit {
        close(descriptor)
    }

    public func read(at offset: Int64, count: Int) throws(MediaMetadataError) -> [UInt8] {
        guard offset >= 0, count >= 0 else {
            throw .unreadable(path: path, reason: "read of \(count) bytes at offset \(offset)")
        }
        guard offset < self.count else { return [] }
        let wanted = Int(min(Int64(count), self.count - offset))
        var buffer = [UInt8](repeating: 0, count: wanted)
        var filled = 0
        while filled < wanted {
            let got = buffer.withUnsafeMutableBytes { raw in
                pread(descriptor, raw.baseAddress.map { $0 + filled }, wanted - filled, off_t(offset + Int64(filled)))
            }
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { throw .unreadable(path: path, reason: Self.lastError()) }
            guard got > 0 else { break }
            filled += got
        }
        return filled == wanted ? buffer : Array(buffer[..<filled])
    }

    /// Why an open file cannot serve as a source, or nil when it is a regular file (whose `status`
    /// is then filled in).
    private static func problem(with descriptor: Int32, status: inout stat) -> String? {
        guard fstat(descriptor, &status) == 0 else { return lastError() }
        return status.st_mode & S_IFMT == S_IFREG ? nil : "not a regular file"
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
