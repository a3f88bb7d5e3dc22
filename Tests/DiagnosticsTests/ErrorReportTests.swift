import Diagnostics
import Foundation
import Testing

/// Error reports as a device makes them (T6, issue 18): fingerprints that group the same problem
/// whatever its message, nothing personal in what would leave the device, and the upload's rules.
@Suite("Error reports")
struct ErrorReportTests {
    enum ExportProblem: Error, CustomStringConvertible {
        case damaged(path: String, found: String)
        case full
        var description: String {
            switch self {
            case .damaged(let path, _): "the photo at \(path) is damaged"
            case .full: "the disk is full"
            }
        }
    }

    struct CodedProblem: Error { var code: Int32 }

    static let device = DeviceDescription(
        appVersion: "1.2.3", build: "45", os: "iOS", osVersion: "18.1", model: "iPhone15,2", schemaVersion: 13)

    @Test(
        "Given the same error case with different messages, then its fingerprint is the same; another case, site or command differs"
    )
    func fingerprints() {
        let one = ErrorIdentity(
            of: ExportProblem.damaged(path: "/a/pike.jpg", found: "ab"), site: "CLI.swift report",
            operation: "media export")
        let two = ErrorIdentity(
            of: ExportProblem.damaged(path: "/b/perch.jpg", found: "cd"), site: "CLI.swift report",
            operation: "media export")
        #expect(one == two)
        #expect(one.fingerprint == two.fingerprint)
        #expect(Fingerprint.isValid(one.fingerprint))
        #expect(one.code == "damaged")
        #expect(one.title == "ExportProblem.damaged")
        #expect(one.type.hasSuffix("ErrorReportTests.ExportProblem"))
        let others = [
            ErrorIdentity(of: ExportProblem.full, site: "CLI.swift report", operation: "media export"),
            ErrorIdentity(
                of: ExportProblem.damaged(path: "", found: ""), site: "Other.swift f()", operation: "media export"),
            ErrorIdentity(
                of: ExportProblem.damaged(path: "", found: ""), site: "CLI.swift report", operation: "media import"),
            ErrorIdentity(of: CodedProblem(code: 19), site: "CLI.swift report", operation: "media export"),
        ]
        #expect(Set(others.map(\.fingerprint) + [one.fingerprint]).count == 5)
        #expect(others[3].code == "19")
        #expect(
            ErrorIdentity(of: ExportProblem.damaged(path: "", found: ""), site: "s", operation: "anna@example.org")
                .operation == "‹other›")
    }

    @Test(
        "Given a logger with a reporting sink, when an error is captured, then a report is queued with its site, command and earlier records as breadcrumbs"
    )
    func sinkQueuesReports() throws {
        let queued = Queue()
        let memory = MemoryLogSink()
        let sink = ReportingLogSink(inner: memory, device: Self.device) { queued.append($0) }
        let log = Logger(category: "cli", sink: sink)
        log.info("opening", ["command": "media export"])
        log.capture(ExportProblem.damaged(path: "/x", found: "y"), context: ["command": "media export"])
        let report = try #require(queued.reports.first)
        #expect(queued.reports.count == 1)
        #expect(memory.errors.count == 1, "the error file still gets it")
        #expect(report.identity.operation == "media export")
        #expect(report.identity.site.hasPrefix("DiagnosticsTests/ErrorReportTests.swift sinkQueuesReports"))
        #expect(report.breadcrumbs.map(\.message) == ["opening"])
        #expect(report.device == Self.device)
        #expect(report.occurrences == 1)
        let later = report.merged(
            with: ErrorReport(
                kind: .error, identity: report.identity, firstSeen: report.firstSeen.addingTimeInterval(60),
                device: Self.device, breadcrumbs: []))
        #expect(later.occurrences == 2)
        #expect(later.id == report.id, "a repeat keeps the queue entry's id")
        #expect(later.lastSeen == report.firstSeen.addingTimeInterval(60))
    }

    @Test(
        "Given log records full of notes, titles, emails, tokens, PINs, file names and coordinates, then none of it is in what would be sent"
    )
    func privacy() throws {
        let secrets = [
            "anna.petrova@example.org", "Secret pike hole by the old mill", "Tayna's birthday trip",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl", "4821", "IMG_0042.HEIC",
            "/var/mobile/Containers/Data/Application/photo.jpg", "55.751244", "37.618423",
            "0f0e8a5e-2f4c-4c1a-9a57-5d1f0b6c1d2e", "https://maps.example.org/?q=55.75,37.61",
        ]
        let records = [
            LogRecord(
                time: Date(), level: .info, category: "store", message: "saved \"Secret pike hole by the old mill\"",
                metadata: ["notes": secrets[1], "title": secrets[2], "email": secrets[0], "command": "trip add"]),
            LogRecord(
                time: Date(), level: .notice, category: "sync",
                message: "signed in as \(secrets[0]) with \(secrets[3])",
                metadata: ["token": secrets[3], "pin": secrets[4], "status": "401"]),
            LogRecord(
                time: Date(), level: .info, category: "media", message: "imported \(secrets[5]) from \(secrets[6])",
                metadata: ["file": secrets[5]]),
            LogRecord(
                time: Date(), level: .info, category: "spot",
                message: "spot at \(secrets[7]), \(secrets[8]) pin \(secrets[4])",
                metadata: ["id": secrets[9], "command": "spot add --notes '\(secrets[1])'"]),
            LogRecord(
                time: Date(), level: .warning, category: "map", message: "opened \(secrets[10]) for ‘\(secrets[2])’"),
            LogRecord(
                time: Date(), level: .error, category: "cli",
                message: "Tayna's note «Secret pike hole by the old mill»",
                metadata: ["errorType": "ValidationError"]),
        ]
        let identity = ErrorIdentity(type: "M.E", code: "c", site: "s", operation: "trip add")
        let captured = CapturedError(time: Date(), category: "cli", type: "E", message: secrets.joined(separator: " "))
        let report = ErrorReport(captured: captured, identity: identity, recent: records, device: Self.device)
        let upload = DiagnosticsUpload(
            installation: UUID(), device: Self.device, reports: [report],
            problem: ProblemReport(
                comment: "It crashed", integrity: "ok", syncState: "signed in",
                recentLog: records.map(PrivacyScrubber.breadcrumb)))
        let sent = String(decoding: try DiagnosticsWire.encode(upload), as: UTF8.self)
        for secret in secrets + ["Tayna", "pike hole", "IMG_0042", "birthday", "55.75", "37.61"] {
            #expect(!sent.contains(secret), "\(secret) must not leave the device")
        }
        #expect(sent.contains("55.8") && sent.contains("37.6"), "coordinates keep 0.1°")
        #expect(sent.contains("\"status\":\"401\""), "allowed metadata passes")
        #expect(sent.contains("captured ValidationError"), "a captured error's record says its type, not its message")
        try upload.validate()
    }

    @Test("Given versions, then they compare by number, and texts that are not versions are refused")
    func versions() {
        #expect(AppVersion("1.10")! > AppVersion("1.9")!)
        #expect(AppVersion("1.2")! == AppVersion("1.2.0")!)
        #expect(AppVersion("2")! > AppVersion("1.99.99")!)
        for bad in ["", "1.", "v1.2", "1.2.3.4.5", "1.2a", "1234567", "١.٢"] {
            #expect(AppVersion(bad) == nil, "\(bad)")
        }
        #expect(["1.2", "1.10", "1.9"].sorted(by: AppVersion.isNewer) == ["1.10", "1.9", "1.2"])
        #expect(AppVersion.leading(in: "1.0 (wireframe)") == "1.0" && AppVersion.leading(in: "beta") == "0")
        #expect(DeviceDescription.current(appVersion: "2.1.", build: "", schemaVersion: 1).appVersion == "2.1")
    }

    @Test("Given uploads that break a rule, then validation names the field, its value and the rule")
    func validation() {
        let identity = ErrorIdentity(type: "M.E", code: "c", site: "s", operation: "")
        let good = ErrorReport(
            kind: .error, identity: identity, firstSeen: Date(), device: Self.device, breadcrumbs: [])
        func refusal(_ change: (inout DiagnosticsUpload) -> Void) -> String? {
            var upload = DiagnosticsUpload(installation: UUID(), device: Self.device, reports: [good])
            change(&upload)
            do {
                try upload.validate()
                return nil
            } catch { return error.description }
        }
        #expect(refusal { _ in } == nil)
        #expect(refusal { $0.reports[0].fingerprint = "ZZZZ" }?.hasPrefix("reports[0].fingerprint \"ZZZZ\"") == true)
        #expect(refusal { $0.reports[0].occurrences = 0 }?.contains("must be 1–1000000") == true)
        #expect(refusal { $0.device.appVersion = "latest" }?.contains("device.appVersion") == true)
        #expect(refusal { $0.reports = Array(repeating: good, count: 51) }?.contains("at most 50") == true)
        // 1,800 characters but 4,500 bytes: limits count bytes.
        #expect(
            refusal {
                $0.problem = ProblemReport(
                    comment: String(repeating: "ё€", count: 900), integrity: "", syncState: "", recentLog: [])
            }?
            .contains("problem.comment") == true)
        #expect(refusal { $0.reports[0].identity.type = "bad\u{0}type" }?.contains("control characters") == true)
        #expect(
            refusal { $0.reports[0].lastSeen = good.firstSeen.addingTimeInterval(-1) }?.contains("lastSeen") == true)
        #expect("ёё€".prefix(bytes: 5) == "ёё")
    }
}

/// Reports a sink handed over, in order.
final class Queue: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [ErrorReport] = []
    func append(_ report: ErrorReport) { lock.withLock { items.append(report) } }
    var reports: [ErrorReport] { lock.withLock { items } }
}
