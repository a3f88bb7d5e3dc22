import Foundation

/// A real `hobbystory-portal` process on a free port of 127.0.0.1 (T3): over SQLite in `data`,
/// or over PostgreSQL at `databaseURL`, with its JSON log in `data/portal-log.jsonl`. Used by the
/// tests that sync CLI devices through it and by the hostile and fuzzing runs against it.
public final class PortalProcess: @unchecked Sendable {
    public let data: URL
    public let databaseURL: String?
    private(set) public var process: Process
    private(set) public var url = ""

    public init(data: URL, databaseURL: String? = nil, port: Int = 0, arguments: [String] = []) throws {
        self.data = data
        self.databaseURL = databaseURL
        process = Process()
        try start(port: port, arguments: arguments)
    }

    deinit { if process.isRunning { stop() } }

    /// Starts (again) on `port`, reading the address it prints.
    public func start(port: Int, arguments: [String] = []) throws {
        process = Process()
        process.executableURL = builtProduct("hobbystory-portal")
        process.arguments =
            ["--data", data.path, "--port", String(port), "--log-file", logFile.path]
            + (databaseURL.map { ["--database-url", $0] } ?? []) + arguments
        process.environment = killedChildEnvironment(temporaryFolder: data)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "http://[^ ]+", options: .regularExpression) else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "portal said: \(text)"])
        }
        url = String(text[range])
    }

    public var port: Int { Int(url.split(separator: ":").last ?? "") ?? 0 }
    public var logFile: URL { data.appendingPathComponent("portal-log.jsonl") }
    /// The SQLite database, when the portal runs over SQLite.
    public var sqliteFile: URL? { databaseURL == nil ? data.appendingPathComponent("portal.sqlite") : nil }

    /// The most memory the process has held (VmHWM), in bytes; nil once it has exited.
    public var peakResidentBytes: Int? {
        guard
            let status = try? String(
                contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return nil }
        return kilobytes * 1024
    }

    public func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    public func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}
