import Foundation
import ReportOutput
import Testing

@Suite("Chart specs made from report results (T18)")
struct ChartSpecTests {
    func make(_ table: ReportTable, keyColumns: Int, unit: String? = nil) -> ChartSpec {
        ChartSpec.make(
            from: table, kind: .bar, title: "Report", valueLabel: "catches", unit: unit, keyColumns: keyColumns)
    }

    @Test(
        "Given a single number, when made with no key column, then there is one category named after the value and one series"
    )
    func noKeyColumn() {
        let chart = make(ReportTable(columns: ["total"], rows: [[.number(12.5)]]), keyColumns: 0, unit: "kg")
        #expect(chart.categories == ["catches"])
        #expect(chart.series == [ChartSeries(name: "total", values: [12.5])])
        #expect(chart.categoryLabel == nil)
        #expect(chart.unit == "kg")
        #expect(chart.kind == .bar && chart.title == "Report" && chart.valueLabel == "catches")
    }

    @Test("Given a single number with no rows, when made, then its one value is missing")
    func noKeyColumnNoRows() {
        let chart = make(ReportTable(columns: ["total"], rows: []), keyColumns: 0)
        #expect(chart.series == [ChartSeries(name: "total", values: [nil])])
    }

    @Test("Given one key column, when made, then categories keep row order and each value column is a series")
    func oneKeyColumn() {
        let table = ReportTable(
            columns: ["species", "catches", "avg weight"],
            rows: [
                [.text("Pike"), .integer(3), .number(2.5)],
                [.text("Perch"), .integer(5), .null],
                [.text("Roach"), .text("n/a"), .number(.nan)],
                [.text("Pike"), .integer(99), .number(99)],
            ])
        let chart = make(table, keyColumns: 1)
        #expect(chart.categoryLabel == "species")
        #expect(chart.categories == ["Pike", "Perch", "Roach"])
        #expect(
            chart.series == [
                ChartSeries(name: "catches", values: [3, 5, nil]),
                ChartSeries(name: "avg weight", values: [2.5, nil, nil]),
            ])
    }

    @Test(
        "Given key cells that are numbers or null, when made, then labels drop a trailing .0 and null reads as a dash")
    func keyLabels() {
        let table = ReportTable(
            columns: ["key", "n"],
            rows: [
                [.integer(2024), .integer(1)], [.number(2.5), .integer(2)], [.number(3.0), .integer(3)],
                [.null, .integer(4)],
            ])
        #expect(make(table, keyColumns: 1).categories == ["2024", "2.5", "3", "—"])
    }

    @Test("Given two key columns, when made, then the second key's values become series of the first value column")
    func twoKeyColumns() {
        let table = ReportTable(
            columns: ["month", "species", "catches", "weight"],
            rows: [
                [.text("Jan"), .text("Pike"), .integer(3), .number(1)],
                [.text("Jan"), .text("Perch"), .integer(1), .number(1)],
                [.text("Feb"), .text("Pike"), .integer(2), .number(1)],
                [.text("Mar"), .text("Perch"), .integer(4), .number(1)],
            ])
        let chart = make(table, keyColumns: 2)
        #expect(chart.categoryLabel == "month")
        #expect(chart.categories == ["Jan", "Feb", "Mar"])
        #expect(
            chart.series == [
                ChartSeries(name: "Pike", values: [3, 2, nil]),
                ChartSeries(name: "Perch", values: [1, nil, 4]),
            ])
    }

    @Test("Given a key count outside 0…2 or beyond the columns, when made, then it is clamped")
    func clampedKeyColumns() {
        let table = ReportTable(columns: ["a", "b", "c"], rows: [[.text("x"), .text("y"), .integer(1)]])
        #expect(make(table, keyColumns: 7) == make(table, keyColumns: 2))
        #expect(make(table, keyColumns: -1) == make(table, keyColumns: 0))
        let narrow = ReportTable(columns: ["a"], rows: [[.integer(5)]])
        #expect(make(narrow, keyColumns: 2) == make(narrow, keyColumns: 1))
        #expect(make(narrow, keyColumns: 1).series.isEmpty)
    }

    @Test("Given rows shorter than the columns, when made, then the missing cells have no value")
    func shortRows() {
        let table = ReportTable(columns: ["species", "catches"], rows: [[.text("Pike")], []])
        let chart = make(table, keyColumns: 1)
        #expect(chart.categories == ["Pike", "—"])
        #expect(chart.series == [ChartSeries(name: "catches", values: [nil, nil])])
    }

    @Test("Given a value label and unit, when the axis title is asked for, then the unit follows in brackets")
    func valueAxisTitle() {
        let table = ReportTable(columns: ["total"], rows: [])
        #expect(make(table, keyColumns: 0, unit: "kg").valueAxisTitle == "catches (kg)")
        #expect(make(table, keyColumns: 0).valueAxisTitle == "catches")
        #expect(make(table, keyColumns: 0, unit: "").valueAxisTitle == "catches")
    }

    @Test("Given a chart spec with missing values, when encoded and decoded as JSON, then it is unchanged")
    func jsonRoundTrip() throws {
        let chart = ChartSpec(
            kind: .line, title: "Weight", categoryLabel: "month", valueLabel: "weight", unit: "kg",
            categories: ["Jan", "Feb"], series: [ChartSeries(name: "Pike", values: [1.5, nil])])
        let data = try JSONEncoder().encode(chart)
        #expect(try JSONDecoder().decode(ChartSpec.self, from: data) == chart)
        #expect(String(decoding: data, as: UTF8.self).contains(#""kind":"line""#))
    }
}
