import Diagnostics
import DiaryServices
import Foundation
import Observation

/// Error reports in the settings (T6, issue 18): the question put once — send reports after
/// each sync or not —, the switch to change the answer, exactly what would be sent shown before
/// it goes, and "Report a problem" with the angler's own words.
@MainActor
@Observable
public final class ErrorReportsModel: DeclaresControls {
    public static let share = Control("errorReports.share", .toggle)
    public static let preview = Control("errorReports.preview", .button)
    public static let comment = Control("errorReports.comment", .field)
    public static let send = Control("errorReports.send", .button)
    public static let controls = [share, preview, comment, send]

    /// Whether reports go after each sync; nil until the angler answered the question.
    public private(set) var sharing: Bool?
    /// How many problems wait in the diary's queue.
    public private(set) var queued = 0
    /// The JSON that would be sent now, once asked for.
    public private(set) var previewText: String?
    /// What the angler writes for "Report a problem".
    public var comment = ""
    /// Said after a problem report went.
    public private(set) var sentNote: String?
    public private(set) var problem: String?
    public private(set) var isSending = false

    /// The diary's error reports, also fed by the app's MetricKit subscriber.
    public let service: DiagnosticsService
    private let language: Language

    public init(service: DiagnosticsService, language: Language) {
        self.service = service
        self.language = language
    }

    public private(set) var loaded = false

    /// The question is put once: when the diary, loaded, has no answer yet.
    public var needsQuestion: Bool { loaded && sharing == nil }

    /// "Report a problem" needs words: a report nobody explains is hard to act on.
    public var canSend: Bool { !isSending && !comment.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }

    public func load() async {
        await run {
            let (sharing, queued) = try await self.service.diary.read {
                (try $0.diagnostics.sharing(), try $0.diagnostics.queued().count)
            }
            self.sharing = sharing
            self.queued = queued
            self.loaded = true
        }
    }

    /// The answer to the question, or a change of mind in the settings.
    public func setSharing(_ on: Bool) async {
        await run {
            try await self.service.diary.write { try $0.diagnostics.setSharing(on) }
            self.sharing = on
        }
    }

    /// Shows exactly what would leave the device, with the comment as written so far.
    public func showPreview() async {
        let comment = comment.isEmpty ? nil : comment
        await run {
            let upload = try await self.service.preview(comment: comment)
            self.previewText = String(decoding: try DiagnosticsWire.encode(upload, pretty: true), as: UTF8.self)
        }
    }

    /// Sends the queue and the problem report to the portal the diary syncs with.
    public func sendProblemReport() async {
        guard canSend else { return }
        isSending = true
        defer { isSending = false }
        await run {
            try await self.service.send(comment: self.comment)
            self.comment = ""
            self.previewText = nil
            self.queued = try await self.service.diary.read { try $0.diagnostics.queued().count }
            self.sentNote = Catalog.shared.text("errorReports.sent", self.language)
        }
    }

    private func run(_ body: @MainActor () async throws -> Void) async {
        problem = await ProblemMessages(language: language).problem(running: body)
    }
}
