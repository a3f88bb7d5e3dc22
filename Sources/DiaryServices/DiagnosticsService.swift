import Diagnostics
import DiaryStore
import Foundation
import SyncClient
import SyncProtocol

/// Error reports from the device to the portal (T6, issue 18), the same for the app's settings
/// and `hobbystory diagnostics`: what would be sent (shown before it goes), the angler's choice,
/// sending the queue after a sync when they agreed, and "Report a problem" with a comment.
/// The diary is used through its queue; the network is awaited with no transaction open.
public struct DiagnosticsService: Sendable {
    public let diary: DiaryQueue
    /// This build and device, as every report from it says.
    public let device: DeviceDescription
    /// The profile's folder (its `logs/` hold the recent log a problem report carries).
    public let profileFolder: URL
    public let transport: @Sendable (URL) -> any SyncTransport

    public init(
        diary: DiaryQueue, device: DeviceDescription, profileFolder: URL,
        transport: @escaping @Sendable (URL) -> any SyncTransport
    ) {
        self.diary = diary
        self.device = device
        self.profileFolder = profileFolder
        self.transport = transport
    }

    /// The log sink that queues this profile's captured errors as reports; the program installs
    /// it with ``Diagnostics/install(_:)``.
    public static func sink(logsOf profileFolder: URL, diaryAt diaryURL: URL, device: DeviceDescription) throws
        -> ReportingLogSink
    {
        let inner = try FileLogSink(folder: profileFolder.appendingPathComponent("logs"))
        return ReportingLogSink(inner: inner, device: device) { report in
            try? DiaryDiagnostics.queue(report, inDiaryAt: diaryURL)
        }
    }

    /// Queues the crashes and hangs of a MetricKit diagnostic payload (its JSON), reported by the
    /// app's binary `appBinary` (issue 18); returns how many.
    @discardableResult
    public func receive(metricKitPayload json: Data, appBinary: String) async throws -> Int {
        let reports = try MetricKitPayload.reports(from: json, appBinary: appBinary, device: device)
        try await diary.write { diary in
            for report in reports { try diary.diagnostics.queue(report) }
        }
        return reports.count
    }

    /// Exactly what ``send(comment:portal:)`` would send now, with the comment given.
    public func preview(comment: String? = nil) async throws -> DiagnosticsUpload {
        let (device, folder) = (device, profileFolder)
        return try await diary.read { diary in
            DiagnosticsUpload(
                installation: try diary.diagnostics.installation(), device: device,
                reports: try diary.diagnostics.queued(),
                problem: try comment.map { try Self.problem($0, diary: diary, profileFolder: folder) })
        }
    }

    /// Sends the queue — and a problem report when `comment` is given — to `portal`, or else to
    /// the diary's own portal; signed in when it is the diary's own, anonymously otherwise. Then
    /// drops from the queue what the portal accepted.
    @discardableResult
    public func send(comment: String? = nil, portal: URL? = nil) async throws -> DiagnosticsReceipt {
        let account = try await diary.read { try $0.sync.account() }
        let own = account.flatMap { URL(string: $0.portalURL) }
        guard let address = portal ?? own else { throw DiagnosticsProblem.noPortal }
        let upload = try await preview(comment: comment)
        try upload.validate()
        let receipt = try await PortalClient(transport: transport(address)).sendDiagnostics(
            upload, token: address == own ? account?.token : nil)
        try await diary.write { try $0.diagnostics.removeSent(upload.reports, accepted: Set(receipt.accepted)) }
        return receipt
    }

    /// After a sync: sends the queue when the angler agreed — and, with nothing queued, once a
    /// day all the same, as the installation's sign of life in its version (for "crash-free
    /// devices"). A failure stays quiet and the queue waits.
    public func sendAfterSync(now: Date = Date()) async {
        let due = try? await diary.read { diary -> Bool in
            guard try diary.diagnostics.sharing() == true else { return false }
            let last = try diary.diagnostics.lastSent()
            return try !diary.diagnostics.queued().isEmpty || last.map { now.timeIntervalSince($0) > 86_400 } ?? true
        }
        guard due == true else { return }
        do {
            try await send()
            try await diary.write { try $0.diagnostics.setLastSent(now) }
        } catch {
            Logger(category: "diagnostics").notice(
                "error reports not sent", ["errorType": String(describing: type(of: error))])
        }
    }

    private static func problem(_ comment: String, diary: Diary, profileFolder: URL) throws -> ProblemReport {
        let log = try FileLogSink(folder: profileFolder.appendingPathComponent("logs"))
        let account = try diary.sync.account()
        let pending = try diary.outbox.pending(limit: 100_000).count
        let state =
            "\(account == nil ? "not signed in" : "signed in"); \(pending) pending, "
            + "\(try diary.outbox.rejections().count) refused, \(try diary.outbox.parked().count) waiting; last sync "
            + (account?.lastSyncAt.map { ISO8601DateFormatter().string(from: $0) } ?? "never")
        return ProblemReport(
            comment: comment.prefix(bytes: DiagnosticsLimits.commentBytes),
            integrity: String(try diary.integrityCheck().prefix(200)), syncState: state,
            recentLog: log.recentRecords(limit: DiagnosticsLimits.problemLogRecords).map(PrivacyScrubber.breadcrumb))
    }
}

/// Why error reports could not be sent.
public enum DiagnosticsProblem: Error, Sendable, Equatable, CustomStringConvertible {
    case noPortal

    public var description: String {
        switch self {
        case .noPortal: "this diary is not signed in to a portal, so there is nowhere to send the reports"
        }
    }
}
