import Diagnostics
import Foundation
import TestSupport
import Testing

@Suite("Diagnostics", .serialized)
struct DiagnosticsTests {
    let folder: URL

    init() throws { folder = try temporaryFolder("diag") }

    @Test("Given a file sink, when records and errors are written, then they read back in order with their metadata")
    func fileSinkRoundTrip() throws {
        let sink = try FileLogSink(folder: folder)
        sink.write(LogRecord(time: Date(), level: .info, category: "store", message: "saved", metadata: ["id": "1"]))
        sink.capture(
            CapturedError(time: Date(), category: "cli", type: "X", message: "boom", context: ["command": "trip add"]))
        #expect(sink.recentRecords().map(\.message) == ["saved"])
        #expect(sink.recentRecords().first?.metadata == ["id": "1"])
        #expect(sink.recentErrors().first?.context["command"] == "trip add")
    }

    @Test("Given a small bound, when many records are written, then the files stay bounded and the newest survive")
    func fileSinkIsBounded() throws {
        let sink = try FileLogSink(folder: folder, maximumBytes: 2_000)
        for i in 0..<500 { sink.write(LogRecord(time: Date(), level: .debug, category: "t", message: "record \(i)")) }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let total = try files.reduce(0) {
            $0
                + (try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent($1).path)[.size]
                    as! Int)
        }
        #expect(total <= 4_000)
        #expect(sink.recentRecords().last?.message == "record 499")
    }

    @Test(
        "Given a JSON-lines log file, when logrotate moves it away or deletes it, then later lines go to a new file at the path and none is lost"
    )
    func jsonLinesSinkFollowsRotation() throws {
        let path = folder.appendingPathComponent("portal.jsonl").path
        let sink = try JSONLinesLogSink(path: path, rotationCheckInterval: .zero)
        func log(_ message: String) { Logger(category: "http", sink: sink).info(message, ["route": "/v1/sync/pull"]) }
        func messages(_ path: String) throws -> [String] {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
                try JSONDecoder().decode([String: String].self, from: Data($0.utf8))["message"] ?? ""
            }
        }
        log("first")
        try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
        log("second")
        try FileManager.default.removeItem(atPath: path)
        log("third")
        #expect(try messages(path + ".1") == ["first"])
        #expect(try messages(path) == ["third"])

        let throttled = try JSONLinesLogSink(path: path + ".throttled")
        Logger(category: "http", sink: throttled).info("before")
        try FileManager.default.moveItem(atPath: path + ".throttled", toPath: path + ".throttled.1")
        Logger(category: "http", sink: throttled).info("within the second")
        #expect(try messages(path + ".throttled.1") == ["before", "within the second"])
    }

    @Test("Given the facade, when a logger captures an error, then the installed sink gets it with type and context")
    func loggerFacade() {
        let sink = MemoryLogSink()
        Diagnostics.install(sink)
        defer { Diagnostics.install(nil) }
        struct Sample: Error {}
        Logger(category: "test").capture(Sample(), context: ["step": "2"])
        let captured = sink.errors.first { $0.category == "test" }
        #expect(captured?.type == "Sample")
        #expect(captured?.context == ["step": "2"])
        #expect(sink.records.contains { $0.category == "test" && $0.level == .error })
    }

    @Test("Given a bundle, when encoded, then it is JSON with the version, platform, log and errors")
    func bundleEncodes() throws {
        let bundle = DiagnosticsBundle(
            appVersion: "9.9", databaseSchemaVersion: 1, databaseIntegrity: "ok",
            recentLog: [LogRecord(time: Date(), level: .info, category: "c", message: "m")], capturedErrors: [])
        let object = try JSONSerialization.jsonObject(with: try bundle.jsonData()) as? [String: Any]
        #expect(object?["appVersion"] as? String == "9.9")
        #expect((object?["platform"] as? String)?.isEmpty == false)
        #expect((object?["recentLog"] as? [Any])?.count == 1)
    }
}
