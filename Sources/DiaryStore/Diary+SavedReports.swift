import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol

extension Diary {
    static let reportSQL = RecordSQL(SavedReport.columns)

    /// The live saved reports, by title.
    public func savedReports() throws -> [SavedReport] {
        try database.query(
            Self.reportSQL.select + " WHERE deleted_at IS NULL ORDER BY title COLLATE NOCASE, id",
            as: Self.reportSQL.record)
    }

    /// Saves a new report, or replaces the title, formula and chart of the one with `id`. The
    /// formula must already have been checked by the report engine; the title is checked here.
    @discardableResult
    public func saveReport(id: UUID? = nil, title: String, formula: String, chart: String) throws -> SavedReport {
        let issues = SavedReport.issues(title: title, formula: formula)
        if !issues.isEmpty { throw ValidationError(entity: "report", issues: issues) }
        let now = currentTime()
        let reportId = id ?? UUID()
        try database.transaction {
            let existing = try savedReport(reportId)
            if let existing, existing.deletedAt != nil {
                throw StoreError.inTrash(entity: "report", label: existing.title)
            }
            let report = SavedReport(
                id: reportId, title: title.trimmingCharacters(in: .whitespaces), formula: formula, chart: chart,
                createdAt: now, updatedAt: now)
            // An update keeps the report's created_at.
            if existing == nil {
                try insertRecord(Self.reportSQL, report, id: reportId, at: now)
            } else {
                try updateRecord(Self.reportSQL, report, id: reportId, at: now)
            }
        }
        guard let saved = try savedReports().first(where: { $0.id == reportId }) else {
            throw StoreError.notFound(entity: "report", id: reportId.uuidString.lowercased())
        }
        return saved
    }

    /// A saved report's title and whether it is in the Trash, or nil when there is none.
    func savedReport(_ id: UUID) throws -> (title: String, deletedAt: Date?)? {
        try database.queryFirst("SELECT title, deleted_at FROM saved_reports WHERE id = ?", [SQLiteValue(id)]).map {
            (try $0.text(0), try $0.optionalDate(1))
        }
    }
}
