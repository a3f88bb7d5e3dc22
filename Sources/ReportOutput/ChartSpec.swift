/// How a report result is drawn (T18, built-in visual reporting).
public enum ChartKind: String, Codable, Sendable, CaseIterable {
    /// Vertical bars from a zero baseline, grouped side by side when there are several series.
    case bar
    /// One line with point markers per series; a missing value breaks the line.
    case line
    /// Wedges of the first series' positive values, with percentages and a legend.
    case pie
    /// The numbers themselves, categories down and series across.
    case table
}

/// One named row of values of a chart (T18), aligned with ``ChartSpec/categories``: `values[i]`
/// belongs to `categories[i]`, and nil means "no value" (no bar, a gap in a line).
public struct ChartSeries: Codable, Sendable, Equatable {
    /// The legend entry: a value column's name, or a value of the second grouping dimension.
    public var name: String
    /// One value per category, in category order; nil where there is none.
    public var values: [Double?]

    public init(name: String, values: [Double?]) {
        self.name = name
        self.values = values
    }
}

/// A plain value description of a chart (T18, built-in visual reporting): what to draw, not how.
/// ``SVGChartRenderer`` draws it here; the SwiftUI layer will draw the same value with Swift
/// Charts. Build one from a report result with ``make(from:kind:title:valueLabel:unit:keyColumns:)``.
public struct ChartSpec: Codable, Sendable, Equatable {
    /// How to draw it: bars, lines, a pie or a table.
    public var kind: ChartKind
    /// The chart's heading, e.g. "Catches by species, 2025".
    public var title: String
    /// The x-axis title (the grouping dimension); nil for a single number.
    public var categoryLabel: String?
    /// The y-axis title, e.g. "catches", "weight".
    public var valueLabel: String
    /// The unit of the values, e.g. "kg", "cm", "%"; nil for counts.
    public var unit: String?
    /// The x-axis labels in display order.
    public var categories: [String]
    /// One series per value column, or one per value of a second grouping dimension.
    public var series: [ChartSeries]

    public init(
        kind: ChartKind, title: String, categoryLabel: String?, valueLabel: String, unit: String?,
        categories: [String], series: [ChartSeries]
    ) {
        self.kind = kind
        self.title = title
        self.categoryLabel = categoryLabel
        self.valueLabel = valueLabel
        self.unit = unit
        self.categories = categories
        self.series = series
    }

    /// The value axis title with its unit: "weight (kg)", or just "catches" without a unit.
    public var valueAxisTitle: String {
        guard let unit, !unit.isEmpty else { return valueLabel }
        return "\(valueLabel) (\(unit))"
    }

    /// Turns a report result into a chart description.
    ///
    /// - `keyColumns` 0: a single number — categories `[valueLabel]`, one series named after
    ///   the first column, holding the first row's first cell.
    /// - `keyColumns` 1: categories are the distinct labels of column 0 in row order; one series
    ///   per value column (columns 1…), named after the column.
    /// - `keyColumns` 2: categories are the distinct labels of column 0; one series per distinct
    ///   label of column 1 (in row order), holding the first value column (column 2); a
    ///   combination without a row has no value.
    ///
    /// Labels are ``ReportValue/label``: text as is, numbers without a trailing ".0", null as
    /// "—". When two rows share a key, the first one's value is kept. A cell that is text, null
    /// or not finite has no value. `keyColumns` is clamped to 0…2 and to the column count.
    public static func make(
        from table: ReportTable, kind: ChartKind, title: String, valueLabel: String, unit: String?,
        keyColumns: Int
    ) -> ChartSpec {
        let keys = min(max(keyColumns, 0), 2, table.columns.count)
        let cell = { (row: [ReportValue], column: Int) -> ReportValue in
            column < row.count ? row[column] : .null
        }
        let categories: [String]
        let series: [ChartSeries]
        switch keys {
        case 0:
            categories = [valueLabel]
            let value = table.rows.first.flatMap { cell($0, 0).quantity }
            series = [ChartSeries(name: table.columns.first ?? valueLabel, values: [value])]
        case 1:
            let keyed = Distinct(table.rows.map { cell($0, 0).label })
            categories = keyed.labels
            series = table.columns.indices.dropFirst().map { column in
                var values = [Double?](repeating: nil, count: categories.count)
                for (index, row) in table.rows.enumerated() where keyed.isFirst(row: index) {
                    values[keyed.position[index]] = cell(row, column).quantity
                }
                return ChartSeries(name: table.columns[column], values: values)
            }
        default:
            let keyed = Distinct(table.rows.map { cell($0, 0).label })
            let named = Distinct(table.rows.map { cell($0, 1).label })
            categories = keyed.labels
            var grid = [[Double?]](
                repeating: [Double?](repeating: nil, count: categories.count), count: named.labels.count)
            var seen = Set<[Int]>()
            for (index, row) in table.rows.enumerated() {
                let name = named.position[index]
                let category = keyed.position[index]
                guard seen.insert([name, category]).inserted else { continue }
                grid[name][category] = cell(row, 2).quantity
            }
            series = zip(named.labels, grid).map { ChartSeries(name: $0, values: $1) }
        }
        return ChartSpec(
            kind: kind, title: title, categoryLabel: keys == 0 ? nil : table.columns[0],
            valueLabel: valueLabel, unit: unit, categories: categories, series: series)
    }
}

/// The distinct labels of one key column in first-seen order, and for each row the position of
/// its label among them.
private struct Distinct {
    var labels: [String] = []
    var position: [Int] = []
    private var firstRow: [Int] = []

    init(_ rowLabels: [String]) {
        var index: [String: Int] = [:]
        for (row, label) in rowLabels.enumerated() {
            if let known = index[label] {
                position.append(known)
            } else {
                index[label] = labels.count
                position.append(labels.count)
                labels.append(label)
                firstRow.append(row)
            }
        }
    }

    /// Whether `row` is the first row with its label.
    func isFirst(row: Int) -> Bool { firstRow[position[row]] == row }
}
