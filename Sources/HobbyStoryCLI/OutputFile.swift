import Foundation

/// Writes a file the CLI produces (a chart, a table, a diagnostics bundle) whole or not at all:
/// into a hidden file beside it, then renamed over it. Foundation's `.atomic` writes on Linux go
/// through a `TemporaryDirectory.*` folder in the system's temporary directory and leave it
/// behind; this leaves nothing.
enum OutputFile {
    static func write(_ data: Data, to url: URL) throws {
        let partial = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).partial")
        do {
            try data.write(to: partial)
            guard rename(partial.path, url.path) == 0 else {
                throw CocoaError(
                    .fileWriteUnknown,
                    userInfo: [
                        NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: String(cString: strerror(errno)),
                    ])
            }
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
    }

    static func write(_ text: String, toPath path: String) throws {
        try write(Data(text.utf8), to: URL(fileURLWithPath: path))
    }
}
