import AppFeatures
import ReportOutput
import SwiftUI

/// The report builder's choices (issue 33 §4; T18): what to count and by what, then which years,
/// spot, species and fish, the order and how many. Each choice rewrites the formula below it and
/// shows the result at once; a formula written beyond the builder says so instead.
struct ReportBuilderSections: View {
    @Bindable var model: ReportsModel
    let models: ScreenModels

    var body: some View {
        if let recipe = model.builder {
            Section(models.text("reports.builder")) {
                picker(ReportsModel.measure, \.measure, ReportRecipe.Measure.allCases, model.name)
                picker(ReportsModel.dimension, \.dimension, [nil] + recipe.dimensions) {
                    $0.map(model.name) ?? models.text("recipe.total")
                }
                if let dimension = recipe.dimension {
                    picker(ReportsModel.thenBy, \.thenBy, [nil] + recipe.dimensions.filter { $0 != dimension }) {
                        $0.map(model.name) ?? models.text("recipe.none")
                    }
                }
                picker(ReportsModel.also, \.also, [nil] + recipe.alsoMeasures) {
                    $0.map(model.name) ?? models.text("recipe.none")
                }
            }
            Section(models.text("reports.filters")) {
                picker(ReportsModel.year, \.years, model.yearOptions, model.yearsText)
                picker(ReportsModel.spot, \.spot, [nil] + model.spotOptions) { $0 ?? models.text("recipe.allSpots") }
                if recipe.filtersCatches {
                    picker(ReportsModel.species, \.species, [nil] + model.speciesOptions) {
                        $0 ?? models.text("recipe.allSpecies")
                    }
                    picker(ReportsModel.released, \.released, [nil, true, false], model.releasedText)
                }
                if recipe.dimension != nil {
                    Toggle(models.help.label(ReportsModel.largestFirst), isOn: choice(\.largestFirst))
                        .control(ReportsModel.largestFirst, help: models.help)
                    picker(ReportsModel.top, \.top, [nil] + ReportRecipe.tops, model.topText)
                }
            }
        } else {
            Section(models.text("reports.builder")) {
                Text(models.text("recipe.handWritten")).font(.callout).foregroundStyle(.secondary)
            }
        }
    }

    /// One choice as a picker of its options, each shown by `name`.
    private func picker<Value: Hashable>(
        _ control: Control, _ path: WritableKeyPath<ReportRecipe, Value>, _ options: [Value],
        _ name: @escaping (Value) -> String
    ) -> some View {
        Picker(models.help.label(control), selection: choice(path)) {
            ForEach(options, id: \.self) { Text(name($0)).tag($0) }
        }
        .control(control, help: models.help)
    }

    /// A binding to one choice: reading shows the builder's, writing changes it and reruns.
    private func choice<Value>(_ path: WritableKeyPath<ReportRecipe, Value>) -> Binding<Value> {
        let model = model
        return Binding(
            get: { @MainActor in (model.builder ?? ReportRecipe())[keyPath: path] },
            set: { @MainActor value in Task { await model.choose { $0[keyPath: path] = value } } })
    }
}
