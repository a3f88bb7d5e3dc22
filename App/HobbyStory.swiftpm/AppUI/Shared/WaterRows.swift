import AppFeatures
import FishingModel
import SwiftUI

/// The water's rows of the catch and trip forms (issue 34 §5): temperature, clarity and level
/// typed in the angler's units — the level on a keyboard with a minus sign, since water below its
/// usual level is a negative figure — and which way the water is going, chosen from three.
struct WaterRows: View {
    @Binding var form: WaterForm
    let controls: WaterControls
    let models: ScreenModels
    /// The unit a figure is typed in.
    let unit: (WaterForm.Figure) -> String
    /// The message under a figure's field, when it has a problem.
    let problem: (WaterForm.Figure) -> String?

    var body: some View {
        figure(.temperature, $form.temperatureText)
        figure(.clarity, $form.clarityText)
        figure(.level, $form.levelText)
        Picker(models.help.label(controls.trend), selection: $form.trend) {
            Text("—").tag(WaterTrend?.none)
            ForEach(WaterTrend.allCases, id: \.self) { trend in
                Text(models.text("water.trend.\(trend.rawValue)")).tag(WaterTrend?.some(trend))
            }
        }
        .control(controls.trend, help: models.help)
    }

    @ViewBuilder private func figure(_ figure: WaterForm.Figure, _ text: Binding<String>) -> some View {
        let control = controls.control(figure)
        LabeledContent(models.help.label(control)) {
            HStack {
                TextField("", text: text)
                    .multilineTextAlignment(.trailing)
                    .keyboardType(figure == .level ? .numbersAndPunctuation : .decimalPad)
                Text(unit(figure)).foregroundStyle(.secondary)
            }
        }
        .control(control, help: models.help)
        FieldErrorNote(message: problem(figure))
    }
}
