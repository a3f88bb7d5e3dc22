import Foundation

/// A file an export writes, whole or not at all (issue 34 §1): its bytes go a megabyte at a time
/// into a hidden file beside the destination, which is renamed into place when complete; a file
/// already at the destination is never replaced.
final class ExportFile {
    let destination: URL
    private let partial: URL
    private let handle: FileHandle
    private var buffer = Data()
    private(set) var bytes: Int64 = 0
    private var finished = false

    init(_ destination: URL) throws(InterchangeError) {
        self.destination = destination
        guard !FileManager.default.fileExists(atPath: destination.path) else {
            throw .destinationExists(destination.path)
        }
        partial = destination.deletingLastPathComponent().appendingPathComponent(
            ".\(destination.lastPathComponent).\(UUID().uuidString.prefix(8)).partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: partial.path)
        else {
            throw .io(
                path: destination.path, reason: "cannot create a file in \(partial.deletingLastPathComponent().path)")
        }
        self.handle = handle
    }

    deinit {
        if !finished {
            try? handle.close()
            try? FileManager.default.removeItem(at: partial)
        }
    }

    func write(_ text: String) throws(InterchangeError) { try write(Data(text.utf8)) }

    func write(_ data: Data) throws(InterchangeError) {
        buffer.append(data)
        bytes += Int64(data.count)
        if buffer.count >= 1 << 20 { try flush() }
    }

    private func flush() throws(InterchangeError) {
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw .io(path: destination.path, reason: "could not be written (\(error.localizedDescription))")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left, syncs it to storage and renames it into place.
    func finish() throws(InterchangeError) {
        try flush()
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw .io(path: destination.path, reason: "could not be written (\(error.localizedDescription))")
        }
        guard rename(partial.path, destination.path) == 0 else {
            throw .io(path: destination.path, reason: String(cString: strerror(errno)))
        }
        finished = true
    }
}
