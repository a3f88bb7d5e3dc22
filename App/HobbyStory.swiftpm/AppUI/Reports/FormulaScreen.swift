import AppFeatures
import ReportOutput
import Reports
import SwiftUI

/// Your report (T18; issue 33 §4): the builder's choices, the formula they write — visible,
/// editable, checked as the angler types (the problem and where it is, with "did you mean"), with
/// examples while it is empty — the result drawn at once, and saved as a custom report. On a
/// wide screen the choices stand beside the formula and its result, each half the width (issue 33 §2).
struct FormulaScreen: View {
    @Bindable var model: ReportsModel
    let models: ScreenModels
    @Environment(\.horizontalSizeClass) private var width

    var body: some View {
        Group {
            if width == .regular {
                HStack(alignment: .top, spacing: 0) {
                    Form { ReportBuilderSections(model: model, models: models) }.frame(maxWidth: .infinity)
                    Form { formulaAndResult }.frame(maxWidth: .infinity)
                }
            } else {
                Form {
                    ReportBuilderSections(model: model, models: models)
                    formulaAndResult
                }
            }
        }
        .navigationTitle(models.text("page.formula"))
        .task { try? await model.load() }
    }

    /// The formula the choices wrote, its result and its saving.
    @ViewBuilder private var formulaAndResult: some View {
        Section(models.help.label(ReportsModel.formula)) {
            TextField(models.help.label(ReportsModel.formula), text: $model.formulaText, axis: .vertical)
                .control(ReportsModel.formula, help: models.help)
            if model.formulaText.isEmpty {
                Text(models.text("reports.formulaExamples")).font(.footnote).foregroundStyle(.secondary)
            }
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
            if let note = model.savedNote {
                Label(note, systemImage: "checkmark.circle.fill").foregroundStyle(.secondary)
            }
        }
        ProblemNote(problem: model.problem)
        ProblemNote(problem: model.readOnlyReason)
    }
}
