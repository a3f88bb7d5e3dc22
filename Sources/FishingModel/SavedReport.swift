import Foundation

/// A custom report the angler saved (T18): its title, formula and chart kind. Removing one puts
/// it in the diary's Trash (as `.report`). Synced like every record (T3; its columns are
/// `SavedReport.columns` in SyncProtocol), so the angler's other devices and the site's reports
/// page (issue 16) have it too.
public struct SavedReport: Sendable, Equatable, Identifiable {
    public var id: UUID
    public var title: String
    public var formula: String
    /// The chart kind's name (`bar`, `line`, `pie`, `table`).
    public var chart: String
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: UUID, title: String, formula: String, chart: String, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.title = title
        self.formula = formula
        self.chart = chart
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// What is wrong with a report's title and formula (the report engine judges the formula's
    /// meaning; this, its presence and length).
    public static func issues(title: String, formula: String) -> [ValidationIssue] {
        var issues = IssueCollector()
        issues.requireName(ReportField.title, title, maxLength: Limits.titleLength, what: "the report's name")
        if formula.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            issues.add(.missing(ReportField.formula, "the report's formula"))
        } else {
            issues.checkText(ReportField.formula, formula, maxLength: Limits.formulaLength, multiline: true)
        }
        return issues.issues
    }
}
