import AppFeatures
import ReportOutput
import Reports
import SwiftUI

/// The formula editor (T18): checked as the angler types (the problem and where it is, with "did
/// you mean"), run, drawn, and saved as a custom report.
struct FormulaScreen: View {
    @Bindable var model: ReportsModel
    let models: ScreenModels

    var body: some View {
        Form {
            Section(models.help.label(ReportsModel.formula)) {
                TextField(models.help.label(ReportsModel.formula), text: $model.formulaText, axis: .vertical)
                    .control(ReportsModel.formula, help: models.help)
                if let problem = model.formulaProblem {
                    Text(
                        problem.position.map {
                            "\(models.text("reports.position", ["position": "\($0 + 1)"])): \(problem.message)"
                        } ?? problem.message
                    )
                    .font(.callout)
                    .foregroundStyle(.red)
                }
                Picker(models.help.label(ReportsModel.chartKind), selection: $model.chart) {
                    ForEach(ChartKind.allCases, id: \.self) { Text(models.text("chart.\($0.rawValue)")).tag($0) }
                }
                .control(ReportsModel.chartKind, help: models.help)
                ControlButton(ReportsModel.run, systemImage: "play", help: models.help) {
                    Task { await model.runFormula() }
                }
                .disabled(!model.canRun)
            }
            if let result = model.result {
                Section(result.chart.title) {
                    ReportChart(spec: result.chart)
                    ReportTableRows(table: result.displayTable)
                }
            }
            Section(models.help.label(ReportsModel.save)) {
                TextField(models.help.label(ReportsModel.title), text: $model.titleText)
                    .control(ReportsModel.title, help: models.help)
                ControlButton(ReportsModel.save, systemImage: "square.and.arrow.down", help: models.help) {
                    Task { await model.saveReport() }
                }
                .disabled(!model.canSave)
            }
            ProblemNote(problem: model.problem)
            ProblemNote(problem: model.readOnlyReason)
        }
        .navigationTitle(models.text("page.formula"))
    }
}
