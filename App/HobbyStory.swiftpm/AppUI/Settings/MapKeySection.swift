import AppFeatures
import MapSources
import SwiftUI

/// The key of a paid map source (T7, issue 15 §1), a section each: the state of its key, where
/// to make one, the field to paste it, Save, Check and Remove (asked first, UI5).
struct MapKeySection: View {
    @Bindable var model: MapKeyModel
    let models: ScreenModels

    var body: some View {
        Section(models.text("mapKeys.section", ["source": model.source.name])) {
            Text(model.statusText)
            if let masked = model.maskedKey {
                Text(masked).font(.footnote).foregroundStyle(.secondary)
            }
            if let account = model.source.key.flatMap({ URL(string: $0.accountURL) }) {
                Link(models.help.label(MapKeyModel.getKey), destination: account)
                    .control(MapKeyModel.getKey, help: models.help)
            }
            SecureField(models.help.label(MapKeyModel.keyField), text: $model.entered)
                .control(MapKeyModel.keyField, help: models.help)
            ControlButton(MapKeyModel.save, systemImage: "key", help: models.help) { Task { await model.save() } }
                .disabled(!model.canSave)
            if model.key != nil {
                ControlButton(MapKeyModel.check, systemImage: "checkmark.seal", help: models.help) {
                    Task { await model.checkKey() }
                }
                ControlButton(MapKeyModel.remove, role: .destructive, help: models.help) {
                    Task { await model.request(MapKeyModel.remove) }
                }
            }
            ProblemNote(problem: model.problem)
        }
        .confirmation(model.confirmation, help: models.help) { model.dismissConfirmation() }
    }
}
