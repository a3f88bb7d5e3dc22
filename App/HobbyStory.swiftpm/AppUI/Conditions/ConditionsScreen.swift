import AppFeatures
import SwiftUI

/// The conditions at a spot on a date (T14): weather, pressure trend, wind, humidity, Kp and the
/// magnetic field, moon and sun, the solunar periods — each line with where it came from; what
/// the device computes is there without a network; why something is missing comes first. The
/// screen is titled by the spot, its lines headed "Conditions".
struct ConditionsScreen: View {
    @Bindable var model: ConditionsModel
    let title: String
    let models: ScreenModels

    var body: some View {
        List {
            DatePicker(models.help.label(ConditionsModel.date), selection: $model.time)
                .control(ConditionsModel.date, help: models.help)
            ControlButton(ConditionsModel.refresh, systemImage: "arrow.clockwise", help: models.help) {
                Task { await model.refresh() }
            }
            .disabled(model.isRefreshing)
            if !model.warnings.isEmpty {
                Section {
                    ForEach(model.warnings, id: \.self) { Label($0, systemImage: "exclamationmark.triangle") }
                }
            }
            Section(models.text("conditions.title")) {
                ForEach(model.lines) { line in
                    VStack(alignment: .leading) {
                        LabeledValue(title: model.label(of: line.field), value: line.value)
                        Text(line.source).font(.caption).foregroundStyle(.secondary)
                    }
                }
            }
            if let rating = model.solunarRating {
                Section(models.text("conditions.rating", ["rating": "\(rating)"])) {
                    LabeledValue(
                        title: models.text("conditions.major"), value: model.majorPeriods.joined(separator: ", "))
                    LabeledValue(
                        title: models.text("conditions.minor"), value: model.minorPeriods.joined(separator: ", "))
                }
            }
        }
        .navigationTitle(title)
        .task { await model.refresh() }
    }
}
