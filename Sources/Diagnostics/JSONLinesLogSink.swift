import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A server's log (T6): one JSON object per line — `time`, `level`, `category`, `message` and the
/// record's metadata as top-level keys — to standard error or appended to a file.
///
/// Rotation-safe: before a line the sink checks that its path still names the file it has open
/// (at most once per `rotationCheckInterval`, a second by default, so a busy server does not
/// `stat` per line); once logrotate (or anyone) has moved or removed it, the sink opens a new file
/// at the path, so no `copytruncate` and no signal are needed. Lines written between the move and
/// the check land in the moved file: none is lost. Records below `minimumLevel` are dropped.
/// A captured error is already logged as an error line with its type and context (see
/// ``Logger/capture(_:context:)``), so ``capture(_:)`` writes nothing more.
public final class JSONLinesLogSink: LogSink {
    private struct Output {
        var descriptor: Int32
        var device: UInt64 = 0
        var inode: UInt64 = 0
        var checkedAt = ContinuousClock.now
    }

    /// The file written, or nil for standard error.
    public let path: String?
    public let minimumLevel: LogLevel
    public let rotationCheckInterval: Duration
    private let output: Mutex<Output>

    /// Logs to standard error.
    public init(minimumLevel: LogLevel = .info) {
        path = nil
        self.minimumLevel = minimumLevel
        rotationCheckInterval = .zero
        output = Mutex(Output(descriptor: STDERR_FILENO))
    }

    /// Appends to the file at `path` (created when missing); throws when it cannot be opened.
    public init(path: String, minimumLevel: LogLevel = .info, rotationCheckInterval: Duration = .seconds(1)) throws {
        self.path = path
        self.minimumLevel = minimumLevel
        self.rotationCheckInterval = rotationCheckInterval
        output = Mutex(try Self.openFile(path))
    }

    deinit {
        output.withLock { output in
            if path != nil { close(output.descriptor) }
        }
    }

    public func write(_ record: LogRecord) {
        guard record.level >= minimumLevel else { return }
        var line = Self.line(for: record)
        line.append(0x0A)
        output.withLock { output in
            if let path {
                let now = ContinuousClock.now
                if now - output.checkedAt >= rotationCheckInterval {
                    output.checkedAt = now
                    if Self.identity(ofPath: path).map({ $0 != (output.device, output.inode) }) ?? true,
                        let reopened = try? Self.openFile(path)
                    {
                        close(output.descriptor)
                        output = reopened
                    }
                }
            }
            writeAll(line, to: output.descriptor)
        }
    }

    public func capture(_ error: CapturedError) {}

    /// The record as one line of JSON (no newline): metadata keys beside the fixed ones, never
    /// replacing them.
    static func line(for record: LogRecord) -> Data {
        var object: [String: String] = record.metadata
        object["time"] = record.time.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        object["level"] = record.level.rawValue
        object["category"] = record.category
        object["message"] = record.message
        return (try? encoder.encode(object)) ?? Data("{\"message\":\"unencodable log record\"}".utf8)
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private static func openFile(_ path: String) throws -> Output {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o640)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var status = stat()
        fstat(descriptor, &status)
        return Output(descriptor: descriptor, device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    private static func identity(ofPath path: String) -> (UInt64, UInt64)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (UInt64(status.st_dev), UInt64(status.st_ino))
    }
}

/// Writes all of `data` (a log line, written whole so lines from several threads never mix).
private func writeAll(_ data: Data, to descriptor: Int32) {
    data.withUnsafeBytes { buffer in
        var written = 0
        while written < buffer.count {
            let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
