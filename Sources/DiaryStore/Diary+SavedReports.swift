import FishingModel
import Foundation
import SQLiteDB

/// A custom report the angler saved (T18): its title, formula and chart kind. Kept on this
/// device (sync does not carry reports yet).
public struct SavedReport: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var title: String
    public var formula: String
    /// The chart kind's name (`bar`, `line`, `pie`, `table`).
    public var chart: String
    public var createdAt: Date
    public var updatedAt: Date
}

extension DiarySchema {
    /// Saved custom reports (T18). A removed one keeps its row with `deleted_at` until the angler
    /// empties the Trash, so removing is undoable.
    static let savedReports = """
        CREATE TABLE saved_reports (
            id TEXT PRIMARY KEY CHECK (length(id) = 36),
            title TEXT NOT NULL CHECK (length(trim(title)) BETWEEN 1 AND \(Limits.titleLength)),
            formula TEXT NOT NULL CHECK (length(trim(formula)) BETWEEN 1 AND \(Limits.formulaLength)),
            chart TEXT NOT NULL CHECK (chart IN ('bar', 'line', 'pie', 'table')),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL CHECK (updated_at >= created_at),
            deleted_at INTEGER CHECK (deleted_at IS NULL OR deleted_at >= created_at)
        );
        """
}

extension Diary {
    static let savedReportColumns = "id, title, formula, chart, created_at, updated_at"

    /// The live saved reports, by title.
    public func savedReports() throws -> [SavedReport] {
        try database.query(
            "SELECT \(Self.savedReportColumns) FROM saved_reports WHERE deleted_at IS NULL ORDER BY title COLLATE NOCASE, id"
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
        var issues = IssueCollector()
        issues.requireName("title", title, maxLength: Limits.titleLength, what: "the report's name")
        if formula.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            issues.add(.missing("formula", "the report's formula"))
        } else {
            issues.checkText("formula", formula, maxLength: Limits.formulaLength, multiline: true)
        }
        try issues.check("report")
        let now = currentTime()
        let reportId = id ?? UUID()
        try database.transaction {
            try database.execute(
                """
                INSERT INTO saved_reports(id, title, formula, chart, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET title = excluded.title, formula = excluded.formula,
                    chart = excluded.chart, updated_at = excluded.updated_at, deleted_at = NULL
                """,
                [
                    SQLiteValue(reportId), .text(title.trimmingCharacters(in: .whitespaces)), .text(formula),
                    .text(chart),
                    SQLiteValue(now), SQLiteValue(now),
                ])
        }
        guard let saved = try savedReports().first(where: { $0.id == reportId }) else {
            throw StoreError.notFound(entity: "report", id: reportId.uuidString.lowercased())
        }
        return saved
    }

    /// Removes a saved report, undoably (``restoreReport(_:)``).
    public func removeReport(_ id: UUID) throws {
        try database.transaction {
            try database.execute(
                "UPDATE saved_reports SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL",
                [SQLiteValue(currentTime()), SQLiteValue(id)])
            guard database.changes == 1 else {
                throw StoreError.notFound(entity: "report", id: id.uuidString.lowercased())
            }
        }
    }

    public func restoreReport(_ id: UUID) throws {
        try database.transaction {
            try database.execute("UPDATE saved_reports SET deleted_at = NULL WHERE id = ?", [SQLiteValue(id)])
        }
    }
}
