import Diagnostics
import Foundation
import SQLiteDB

/// The diary's side of error reports (T6, issue 18): the queue, the angler's choice whether they
/// are sent, and the random installation id they are sent under.
/// One area of the ``Diary``, sharing its connection.
public struct DiaryDiagnostics {
    let diary: Diary
}

extension Diary {
    /// Error reports waiting to be sent, and the angler's choice whether they are.
    public var diagnostics: DiaryDiagnostics { DiaryDiagnostics(diary: self) }
    static let diagnosticsSharingKey = "diagnostics_sharing"
    static let diagnosticsInstallationKey = "diagnostics_installation"
    static let diagnosticsLastSentKey = "diagnostics_last_sent"
}

extension DiaryDiagnostics {
    /// Adds `report` to the queue, or counts it into the queued report with its fingerprint.
    public func queue(_ report: ErrorReport) throws {
        try diary.database.transaction { try Self.queue(report, in: diary.database) }
    }

    /// Queues `report` in the diary at `url` through a connection of its own, for a log sink
    /// that may capture while the program's connection is busy; waits at most a second.
    public static func queue(_ report: ErrorReport, inDiaryAt url: URL) throws {
        let database = try Database(path: url.path, busyTimeoutMilliseconds: 1_000)
        try database.transaction { try queue(report, in: database) }
    }

    /// The queued reports, most recently seen first: exactly what the next send carries.
    public func queued() throws -> [ErrorReport] {
        try diary.database.query("SELECT report FROM error_reports ORDER BY last_seen DESC, fingerprint") { row in
            try DiagnosticsWire.decode(ErrorReport.self, from: Data(try row.text(0).utf8))
        }
    }

    /// Takes out of the queue the reports the portal holds: those of `sent` it `accepted`, unless
    /// the problem happened again since (then the report stays, to be sent again under the same
    /// id with its larger count — the portal keeps the latest count of an id).
    public func removeSent(_ sent: [ErrorReport], accepted: Set<UUID>) throws {
        try diary.database.transaction {
            for report in sent where accepted.contains(report.id) {
                try diary.database.execute(
                    "DELETE FROM error_reports WHERE id = ? AND occurrences = ?",
                    [SQLiteValue(report.id), .integer(Int64(report.occurrences))])
            }
        }
    }

    /// Whether the angler agreed to send error reports: nil until they were asked.
    public func sharing() throws -> Bool? {
        try diary.meta(Diary.diagnosticsSharingKey).map { $0 == "on" }
    }

    public func setSharing(_ on: Bool) throws {
        try diary.setMeta(Diary.diagnosticsSharingKey, on ? "on" : "off")
    }

    /// When the queue last reached the portal after a sync; nil before the first time.
    public func lastSent() throws -> Date? {
        try diary.meta(Diary.diagnosticsLastSentKey).flatMap(Double.init).map { Date(timeIntervalSince1970: $0) }
    }

    public func setLastSent(_ time: Date) throws {
        try diary.setMeta(Diary.diagnosticsLastSentKey, String(time.timeIntervalSince1970))
    }

    /// The random id this diary's reports are sent under, made on first use; unrelated to the
    /// sync device id, so reports cannot be tied to an account by it.
    public func installation() throws -> UUID {
        try diary.database.transaction {
            try diary.database.execute(
                "INSERT INTO diary_meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING",
                [.text(Diary.diagnosticsInstallationKey), SQLiteValue(UUID())])
            let text = try diary.database.scalar(
                "SELECT value FROM diary_meta WHERE key = ?", [.text(Diary.diagnosticsInstallationKey)]
            ).stringValue
            guard let text, let id = UUID(uuidString: text) else {
                throw StoreError.notFound(entity: "diagnostics installation id", id: "-")
            }
            return id
        }
    }

    private static func queue(_ report: ErrorReport, in database: Database) throws {
        let existing = try database.scalar(
            "SELECT report FROM error_reports WHERE fingerprint = ?", [.text(report.fingerprint)]
        ).stringValue
        let queued =
            try existing.map { try DiagnosticsWire.decode(ErrorReport.self, from: Data($0.utf8)).merged(with: report) }
            ?? report
        let json = String(decoding: try DiagnosticsWire.encode(queued), as: UTF8.self)
        try database.execute(
            """
            INSERT INTO error_reports(fingerprint, id, occurrences, last_seen, report) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT(fingerprint) DO UPDATE SET occurrences = excluded.occurrences,
                last_seen = excluded.last_seen, report = excluded.report
            """,
            [
                .text(queued.fingerprint), SQLiteValue(queued.id), .integer(Int64(queued.occurrences)),
                SQLiteValue(queued.lastSeen), .text(json),
            ])
        try database.execute(
            """
            DELETE FROM error_reports WHERE fingerprint NOT IN
                (SELECT fingerprint FROM error_reports ORDER BY last_seen DESC, fingerprint LIMIT ?)
            """, [.integer(Int64(DiagnosticsLimits.queuedReports))])
    }
}
