import AppFeatures
import Diagnostics
import DiaryServices
import DiaryStore
import Foundation
import SyncClient
import Testing

/// The settings' error reports (T6, issue 18): asked once, changeable, shown before they go,
/// "Report a problem" needing words, and MetricKit's crashes joining the same queue.
@MainActor
@Suite("Error reports in the settings (T6)")
struct ErrorReportsModelTests {
    /// A portal that accepts every report it is sent, and remembers the uploads.
    final class AcceptingPortal: SyncTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var received: [DiagnosticsUpload] = []
        var uploads: [DiagnosticsUpload] { lock.withLock { received } }

        func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
            guard let body = request.body, let upload = try? DiagnosticsWire.decode(DiagnosticsUpload.self, from: body)
            else { return SyncHTTPResponse(status: 400, body: Data()) }
            lock.withLock { received.append(upload) }
            let receipt = DiagnosticsReceipt(accepted: upload.reports.map(\.id), problem: UUID())
            return SyncHTTPResponse(status: 200, body: (try? DiagnosticsWire.encode(receipt)) ?? Data())
        }
    }

    static let device = DeviceDescription(
        appVersion: "1.0", build: "1", os: "iOS", osVersion: "18.1", model: "iPhone15,2", schemaVersion: 13)

    func model(_ f: AppFixture, portal: AcceptingPortal = AcceptingPortal()) -> ErrorReportsModel {
        ErrorReportsModel(
            service: DiagnosticsService(diary: f.diary, device: Self.device, profileFolder: f.folder) { _ in portal },
            language: .english)
    }

    @Test(
        "Given a diary never asked, then the question shows once loaded and not after an answer, which the switch changes"
    )
    func askedOnce() async throws {
        let f = try AppFixture()
        let reports = model(f)
        #expect(!reports.needsQuestion, "not before the diary was read")
        await reports.load()
        #expect(reports.needsQuestion)
        await reports.setSharing(false)
        #expect(!reports.needsQuestion && reports.sharing == false)
        let again = model(f)
        await again.load()
        #expect(!again.needsQuestion, "asked once per diary")
        await again.setSharing(true)
        #expect(try await f.diary.read { try $0.diagnostics.sharing() } == true)
    }

    @Test(
        "Given a crash from MetricKit and a comment, then the preview shows both, and sending needs words and a portal")
    func previewAndSend() async throws {
        let f = try AppFixture()
        let portal = AcceptingPortal()
        let reports = model(f, portal: portal)
        let crash = Data(
            """
            {"timeStampEnd": "2026-11-30 08:15:00 +0000", "crashDiagnostics": [{"diagnosticMetaData":
              {"appVersion": "1.0", "exceptionType": 1, "signal": 11},
             "callStackTree": {"callStacks": [{"threadAttributed": true,
               "callStackRootFrames": [{"binaryName": "HobbyStory", "offsetIntoBinaryTextSegment": 42}]}]}}]}
            """.utf8)
        #expect(try await reports.service.receive(metricKitPayload: crash, appBinary: "HobbyStory") == 1)
        await reports.load()
        #expect(reports.queued == 1)
        #expect(!reports.canSend, "a problem report needs words")
        reports.comment = "The app closed while I saved a pike"
        await reports.showPreview()
        let preview = try #require(reports.previewText)
        #expect(preview.contains("exception1-signal11") && preview.contains("The app closed while I saved a pike"))

        await reports.sendProblemReport()
        #expect(reports.problem == Catalog.shared.text("error.diagnostics.noPortal", .english), "not signed in")
        #expect(portal.uploads.isEmpty && reports.queued == 1)

        try await f.diary.write {
            try $0.sync.saveAccount(
                portalURL: "http://portal.test", email: "anna@example.org", accountId: UUID(), token: "t")
        }
        await reports.sendProblemReport()
        #expect(reports.problem == nil && reports.sentNote != nil)
        #expect(reports.queued == 0 && reports.comment.isEmpty)
        #expect(portal.uploads.first?.problem?.comment == "The app closed while I saved a pike")
        #expect(portal.uploads.first?.reports.first?.kind == .crash)
    }

    @Test(
        "Given sharing on, then after syncs the queue goes when it holds something, and otherwise once a day; off, never"
    )
    func afterSync() async throws {
        let f = try AppFixture()
        let portal = AcceptingPortal()
        let service = DiagnosticsService(diary: f.diary, device: Self.device, profileFolder: f.folder) { _ in portal }
        try await f.diary.write {
            try $0.sync.saveAccount(
                portalURL: "http://portal.test", email: "anna@example.org", accountId: UUID(), token: "t")
        }
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        await service.sendAfterSync(now: start)
        #expect(portal.uploads.isEmpty, "not before the angler agreed")
        try await f.diary.write { try $0.diagnostics.setSharing(true) }
        await service.sendAfterSync(now: start)
        await service.sendAfterSync(now: start.addingTimeInterval(3_600))
        #expect(portal.uploads.count == 1, "an empty queue goes once a day, as a sign of life")
        let report = ErrorReport(
            kind: .error, identity: ErrorIdentity(type: "M.E", code: "c", site: "s", operation: ""),
            firstSeen: start, device: Self.device, breadcrumbs: [])
        try await f.diary.write { try $0.diagnostics.queue(report) }
        await service.sendAfterSync(now: start.addingTimeInterval(7_200))
        #expect(portal.uploads.count == 2 && portal.uploads.last?.reports.map(\.id) == [report.id])
        await service.sendAfterSync(now: start.addingTimeInterval(7_200 + 86_401))
        #expect(portal.uploads.count == 3)
    }
}
