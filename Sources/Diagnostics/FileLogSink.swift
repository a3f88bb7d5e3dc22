import Foundation
import Synchronization

/// Writes records and captured errors as JSON lines into a folder, each kept under a size bound:
/// when `log.jsonl` passes the bound it becomes `log.1.jsonl` (replacing the older one), so a
/// profile's logs never grow past about twice the bound (T6).
public final class FileLogSink: LogSink {
    public let folder: URL
    public let maximumBytes: Int
    private let lock = Mutex<Void>(())

    static let logName = "log"
    static let errorsName = "errors"

    public init(folder: URL, maximumBytes: Int = 512 * 1024) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.folder = folder
        self.maximumBytes = maximumBytes
    }

    public func write(_ record: LogRecord) { append(record, to: Self.logName) }
    public func capture(_ error: CapturedError) { append(error, to: Self.errorsName) }

    /// The most recent log records, oldest first, at most `limit`.
    public func recentRecords(limit: Int = 500) -> [LogRecord] { read(Self.logName, limit: limit) }

    /// The most recent captured errors, oldest first, at most `limit`.
    public func recentErrors(limit: Int = 100) -> [CapturedError] { read(Self.errorsName, limit: limit) }

    private func url(_ name: String, generation: Int = 0) -> URL {
        folder.appendingPathComponent(generation == 0 ? "\(name).jsonl" : "\(name).\(generation).jsonl")
    }

    private func append(_ item: some Encodable, to name: String) {
        guard var line = try? DiagnosticsWire.encode(item) else { return }
        line.append(0x0A)
        lock.withLock { _ in
            let current = url(name)
            let size = (try? FileManager.default.attributesOfItem(atPath: current.path)[.size] as? Int) ?? 0
            if size + line.count > maximumBytes {
                let previous = url(name, generation: 1)
                try? FileManager.default.removeItem(at: previous)
                try? FileManager.default.moveItem(at: current, to: previous)
            }
            if !FileManager.default.fileExists(atPath: current.path) {
                _ = FileManager.default.createFile(atPath: current.path, contents: nil)
            }
            guard let handle = try? FileHandle(forWritingTo: current) else { return }
            defer { try? handle.close() }
            _ = try? handle.seekToEnd()
            try? handle.write(contentsOf: line)
        }
    }

    private func read<T: Decodable & Sendable>(_ name: String, limit: Int) -> [T] {
        lock.withLock { _ in
            var items: [T] = []
            for url in [url(name, generation: 1), url(name)] {
                guard let data = try? Data(contentsOf: url) else { continue }
                for line in data.split(separator: 0x0A) {
                    if let item = try? DiagnosticsWire.decode(T.self, from: line) { items.append(item) }
                }
            }
            return Array(items.suffix(limit))
        }
    }
}
