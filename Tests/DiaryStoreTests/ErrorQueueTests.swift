import Diagnostics
import DiaryStore
import Foundation
import SQLiteDB
import Testing

/// The diary's queue of error reports (T6, issue 18): one entry per problem with a count,
/// bounded, dropped only for what the portal accepted and not seen again since; the angler's
/// choice; and the installation id reports go under.
@Suite("Error report queue (T6)")
struct ErrorQueueTests {
    static let device = DeviceDescription(
        appVersion: "1.0", build: "1", os: "iOS", osVersion: "18.1", model: "iPhone15,2", schemaVersion: 13)

    func report(_ code: String, at time: Date) -> ErrorReport {
        ErrorReport(
            kind: .error, identity: ErrorIdentity(type: "M.E", code: code, site: "s", operation: "media export"),
            firstSeen: time, device: Self.device, breadcrumbs: [])
    }

    @Test(
        "Given the same problem three times and another once, then the queue holds two reports with counts, newest first"
    )
    func deduplicates() throws {
        let f = try DiaryFixture()
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        for minute in 0..<3 {
            try f.diary.diagnostics.queue(report("damaged", at: start.addingTimeInterval(Double(minute) * 60)))
        }
        try f.diary.diagnostics.queue(report("io", at: start.addingTimeInterval(30)))
        let queued = try f.diary.diagnostics.queued()
        #expect(queued.map(\.identity.code) == ["damaged", "io"])
        #expect(queued.map(\.occurrences) == [3, 1])
        #expect(queued[0].firstSeen == start && queued[0].lastSeen == start.addingTimeInterval(120))
    }

    @Test("Given more problems than the bound, then the least recently seen leave the queue")
    func bounded() throws {
        let f = try DiaryFixture()
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        for index in 0..<(DiagnosticsLimits.queuedReports + 5) {
            try f.diary.diagnostics.queue(report("case\(index)", at: start.addingTimeInterval(Double(index))))
        }
        let queued = try f.diary.diagnostics.queued()
        #expect(queued.count == DiagnosticsLimits.queuedReports)
        #expect(!queued.contains { $0.identity.code == "case4" } && queued.contains { $0.identity.code == "case5" })
    }

    @Test(
        "Given a sent report that happened again before the answer, then only what the portal accepted unchanged leaves"
    )
    func removesWhatWasAccepted() throws {
        let f = try DiaryFixture()
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        try f.diary.diagnostics.queue(report("damaged", at: start))
        try f.diary.diagnostics.queue(report("io", at: start))
        try f.diary.diagnostics.queue(report("full", at: start))
        let sent = try f.diary.diagnostics.queued()
        try f.diary.diagnostics.queue(report("damaged", at: start.addingTimeInterval(5)))
        let io = try #require(sent.first { $0.identity.code == "io" })
        try f.diary.diagnostics.removeSent(sent, accepted: Set(sent.map(\.id)).subtracting([io.id]))
        let left = try f.diary.diagnostics.queued()
        #expect(left.map(\.identity.code).sorted() == ["damaged", "io"])
        let damaged = try #require(left.first { $0.identity.code == "damaged" })
        #expect(damaged.occurrences == 2 && damaged.id == sent.first { $0.identity.code == "damaged" }?.id)
    }

    @Test(
        "Given a new diary, then sharing is undecided until chosen, and the installation id is stable and not the sync id"
    )
    func choiceAndInstallation() throws {
        let f = try DiaryFixture()
        #expect(try f.diary.diagnostics.sharing() == nil)
        try f.diary.diagnostics.setSharing(true)
        #expect(try f.diary.diagnostics.sharing() == true)
        try f.diary.diagnostics.setSharing(false)
        #expect(try f.diary.diagnostics.sharing() == false)
        let id = try f.diary.diagnostics.installation()
        #expect(try f.diary.diagnostics.installation() == id)
        #expect(id != (try f.diary.replicaId()))
    }

    @Test("Given a report queued through a second connection, then the diary sees it, and the schema refuses a bad row")
    func secondConnectionAndSchema() throws {
        let f = try DiaryFixture()
        try DiaryDiagnostics.queue(report("damaged", at: Date()), inDiaryAt: f.diary.fileURL)
        #expect(try f.diary.diagnostics.queued().count == 1)
        let database = try Database(path: f.diary.fileURL.path)
        #expect(throws: SQLiteError.self) {
            try database.execute(
                "INSERT INTO error_reports(fingerprint, id, occurrences, last_seen, report) VALUES ('abc', ?, 0, 0, 'x')",
                [.text(UUID().uuidString)])
        }
    }
}
