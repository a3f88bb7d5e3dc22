import DiaryStore
import Foundation
import ReportOutput
import Reports

extension HobbyStoryCLI {
    /// `report list` and `report run NAME|--formula F [--svg FILE] [--csv FILE]` (T18).
    static let reportCommands: [Command] = [
        Command(name: "report list") { c in
            let reports = BuiltInReports.all(currentYear: c.currentYear)
            c.outputList(
                reports, empty: "",
                json: {
                    .object(["slug": .string($0.slug), "title": .string($0.title), "formula": .string($0.formula)])
                },
                text: { "\($0.slug.padding(toLength: 24, withPad: " ", startingAt: 0)) \($0.title)  —  \($0.formula)" })
        },
        Command(name: "report run", optionalOperands: ["NAME"], spec: OptionSpec(values: ["formula", "svg", "csv"])) {
            c in
            let engine = try ReportEngine(databaseURL: try c.diary().fileURL)
            let result: ReportResult
            switch (c.operands.first, c.text("formula")) {
            case (let name?, nil):
                guard let report = BuiltInReports.named(name, currentYear: c.currentYear) else {
                    throw StoreError.notFound(entity: "report", id: "\(name) (see `hobbystory report list`)")
                }
                result = try c.reportResult { try engine.run(report) }
            case (nil, let formula?):
                result = try c.reportResult(formula: formula) { try engine.run(formula: formula) }
            default:
                throw UsageError("give a built-in report NAME or --formula \"…\", not both")
            }
            if let path = c.text("svg") {
                try OutputFile.write(SVGChartRenderer.render(result.chart), toPath: path)
            }
            if let path = c.text("csv") {
                try OutputFile.write(CSVWriter.csv(result.table), toPath: path)
            }
            if c.json {
                c.console.write(try ReportJSON(result).rendered())
            } else {
                c.console.write(Self.textTable(result.displayTable))
            }
        },
    ]

    /// A result as aligned text columns.
    static func textTable(_ table: ReportTable) -> String {
        let cells = [table.columns] + table.rows.map { $0.map(\.label) }
        guard table.rows.count > 0 else { return table.columns.joined(separator: "  ") + "\n(no rows)" }
        let widths = table.columns.indices.map { column in cells.map { $0[column].count }.max() ?? 0 }
        return cells.map { row in
            row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(
                separator: "  "
            )
            .trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }
}

/// `{"columns":[…],"rows":[[…]],"chart":{…}}`, the report JSON scripts rely on.
private struct ReportJSON: Encodable {
    let columns: [String]
    let rows: [[ReportValue]]
    let chart: ChartSpec

    init(_ result: ReportResult) {
        columns = result.table.columns
        rows = result.table.rows
        chart = result.chart
    }

    func rendered() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}

extension CommandContext {
    var currentYear: Int { Calendar(identifier: .gregorian).component(.year, from: cli.now()) }

    /// Runs a report, turning a formula error into exit 1 with a caret under the problem.
    func reportResult(formula: String? = nil, _ body: () throws -> ReportResult) throws -> ReportResult {
        do {
            return try body()
        } catch let error as ReportError {
            throw InvalidInput(description: formula.map { error.pointing(into: $0) } ?? error.description)
        }
    }
}
