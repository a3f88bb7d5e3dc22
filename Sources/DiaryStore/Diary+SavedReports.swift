import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol

/// A custom report the angler saved (T18): its title, formula and chart kind. Removing one puts
/// it in the Trash (``Diary/moveToTrash(_:_:)`` with `.report`). Synced like every record (T3),
/// so the angler's other devices and the site's reports page (issue 16) have it too.
public struct SavedReport: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var title: String
    public var formula: String
    /// The chart kind's name (`bar`, `line`, `pie`, `table`).
    public var chart: String
    public var createdAt: Date
    public var updatedAt: Date

    /// A saved report's columns (T18); its Trash state stays on the device.
    static let columns = RecordColumns<SavedReport>(
        .report,
        blank: SavedReport(id: .blank, title: "", formula: "", chart: "", createdAt: .blank, updatedAt: .blank),
        [
            .column("id", \.id),
            .column("title", \.title),
            .column("formula", \.formula),
            .column("chart", \.chart),
            .column("created_at", \.createdAt),
            .column("updated_at", \.updatedAt),
        ])
}

extension Diary {

    /// The live saved reports, by title.
    public func savedReports() throws -> [SavedReport] {
        try database.query(
            "SELECT \(SavedReport.columns.names.joined(separator: ", ")) FROM saved_reports WHERE deleted_at IS NULL ORDER BY title COLLATE NOCASE, id"
        ) { row in try SavedReport.columns.record { Self.fieldValue(row[$0]) } }
    }

    /// Saves a new report, or replaces the title, formula and chart of the one with `id`. The
    /// formula must already have been checked by the report engine; the title is checked here.
    @discardableResult
    public func saveReport(id: UUID? = nil, title: String, formula: String, chart: String) throws -> SavedReport {
        let issues = Self.reportIssues(title: title, formula: formula)
        if !issues.isEmpty { throw ValidationError(entity: "report", issues: issues) }
        let now = currentTime()
        let reportId = id ?? UUID()
        try database.transaction {
            if let existing = try savedReport(reportId), existing.deletedAt != nil {
                throw StoreError.inTrash(entity: "report", label: existing.title)
            }
            let report = SavedReport(
                id: reportId, title: title.trimmingCharacters(in: .whitespaces), formula: formula, chart: chart,
                createdAt: now, updatedAt: now)
            let names = SavedReport.columns.names
            try database.execute(
                """
                INSERT INTO saved_reports(\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))
                ON CONFLICT(id) DO UPDATE SET \(names.filter { !["id", "created_at"].contains($0) }.map { "\($0) = excluded.\($0)" }.joined(separator: ", "))
                """, SavedReport.columns.values(of: report).map(Self.sqliteValue))
            try recordChange(.report, reportId, .upsert, at: now)
        }
        guard let saved = try savedReports().first(where: { $0.id == reportId }) else {
            throw StoreError.notFound(entity: "report", id: reportId.uuidString.lowercased())
        }
        return saved
    }

    /// What is wrong with a report's title and formula (the report engine judges the formula's
    /// meaning; this, its presence and length).
    static func reportIssues(title: String, formula: String) -> [ValidationIssue] {
        var issues = IssueCollector()
        issues.requireName(ReportField.title, title, maxLength: Limits.titleLength, what: "the report's name")
        if formula.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            issues.add(.missing(ReportField.formula, "the report's formula"))
        } else {
            issues.checkText(ReportField.formula, formula, maxLength: Limits.formulaLength, multiline: true)
        }
        return issues.issues
    }

    /// A saved report's title and whether it is in the Trash, or nil when there is none.
    func savedReport(_ id: UUID) throws -> (title: String, deletedAt: Date?)? {
        try database.queryFirst("SELECT title, deleted_at FROM saved_reports WHERE id = ?", [SQLiteValue(id)]).map {
            (try $0.text(0), try $0.optionalDate(1))
        }
    }
}
