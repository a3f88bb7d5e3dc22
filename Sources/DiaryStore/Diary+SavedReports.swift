import FishingModel
import Foundation
import SQLiteDB

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
}

extension Diary {
    /// The columns a saved report is read and synced by.
    static let savedReportColumns = ["id", "title", "formula", "chart", "created_at", "updated_at"]

    /// The live saved reports, by title.
    public func savedReports() throws -> [SavedReport] {
        try database.query(
            "SELECT \(Self.savedReportColumns.joined(separator: ", ")) FROM saved_reports WHERE deleted_at IS NULL ORDER BY title COLLATE NOCASE, id"
        ) { row in
            SavedReport(
                id: try row.uuid(0), title: try row.text(1), formula: try row.text(2), chart: try row.text(3),
                createdAt: try row.date(4), updatedAt: try row.date(5))
        }
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
            try database.execute(
                """
                INSERT INTO saved_reports(id, title, formula, chart, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET title = excluded.title, formula = excluded.formula,
                    chart = excluded.chart, updated_at = excluded.updated_at
                """,
                [
                    SQLiteValue(reportId), .text(title.trimmingCharacters(in: .whitespaces)), .text(formula),
                    .text(chart),
                    SQLiteValue(now), SQLiteValue(now),
                ])
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
        issues.requireName("title", title, maxLength: Limits.titleLength, what: "the report's name")
        if formula.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            issues.add(.missing("formula", "the report's formula"))
        } else {
            issues.checkText("formula", formula, maxLength: Limits.formulaLength, multiline: true)
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
