/// The result of a report (T18, built-in visual reporting): named columns, group key column(s)
/// first and value column(s) last, and rows of cells in display order. It is what
/// ``ChartSpec/make(from:kind:title:valueLabel:unit:keyColumns:)`` turns into a chart and what
/// ``CSVWriter`` exports.
public struct ReportTable: Codable, Sendable, Equatable {
    /// Column names: the group key column(s) first, the value column(s) last.
    public var columns: [String]
    /// The rows, each meant to hold one cell per column.
    public var rows: [[ReportValue]]

    public init(columns: [String], rows: [[ReportValue]]) {
        self.columns = columns
        self.rows = rows
    }
}
