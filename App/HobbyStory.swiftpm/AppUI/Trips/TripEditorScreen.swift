import AppFeatures
import FishingModel
import SwiftUI

/// A trip's form (T19): the spot and the start are marked as required before saving, each
/// problem shows under its field as soon as it exists, and leaving with unsaved changes asks.
struct TripEditorScreen: View {
    @Bindable var model: TripEditorModel
    let models: ScreenModels
    /// Called when the form is left (saved, or cancelled without changes): its model is dropped.
    let left: @MainActor () -> Void

    var body: some View {
        Form {
            Picker(label(TripEditorModel.spot), selection: $model.draft.spotId) {
                Text("—").tag(UUID?.none)
                ForEach(model.spots) { spot in Text(spot.name).tag(UUID?.some(spot.id)) }
            }
            .control(TripEditorModel.spot, help: models.help)
            FieldErrorNote(message: model.fieldErrors[.spotId])
            ControlButton(TripEditorModel.markSpot, systemImage: "mappin.and.ellipse", help: models.help) {
                Task { await models.marking.begin { await model.useNewSpot($0) } }
            }
            DatePicker(label(TripEditorModel.start), selection: $model.draft.startAt.or(model.now))
                .control(TripEditorModel.start, help: models.help)
            FieldErrorNote(message: model.fieldErrors[.start])
            if model.draft.endAt == nil {
                // An open trip's end is empty, not "now" in disguise.
                ControlButton(TripEditorModel.setEnd, systemImage: "flag.checkered", help: models.help) {
                    model.setEnd()
                }
            } else {
                DatePicker(label(TripEditorModel.end), selection: $model.draft.endAt.or(model.now))
                    .control(TripEditorModel.end, help: models.help)
                ControlButton(TripEditorModel.clearEnd, systemImage: "xmark", help: models.help) { model.clearEnd() }
            }
            FieldErrorNote(message: model.fieldErrors[.end])
            TextField(label(TripEditorModel.title), text: $model.draft.title.orEmpty)
                .control(TripEditorModel.title, help: models.help)
            FieldErrorNote(message: model.fieldErrors[.title])
            TextField(label(TripEditorModel.companions), text: $model.draft.companions.orEmpty)
                .control(TripEditorModel.companions, help: models.help)
            FieldErrorNote(message: model.fieldErrors[.companions])
            TextField(label(TripEditorModel.notes), text: $model.draft.notes.orEmpty, axis: .vertical)
                .control(TripEditorModel.notes, help: models.help)
            FieldErrorNote(message: model.fieldErrors[.notes])
            Section(models.text("water.section")) {
                WaterRows(
                    form: $model.water, controls: TripEditorModel.water, models: models, unit: model.unit(of:),
                    problem: { model.fieldErrors[$0.field(in: TripField.self)] })
            }
            ProblemNote(problem: model.problem)
            ProblemNote(problem: model.readOnlyReason)
        }
        .navigationTitle(models.text(model.editing == nil ? "trips.newTitle" : "page.tripDetail"))
        .navigationBarTitleDisplayMode(.inline)
        .navigationBarBackButtonHidden()
        .formBar(model, save: TripEditorModel.save, discard: TripEditorModel.discard, help: models.help) { leave() }
        .confirmation(model.confirmation, help: models.help) { model.dismissConfirmation() }
        .task { try? await model.load() }
    }

    /// Back to where the form was opened from.
    private func leave() {
        models.router.current.back()
        left()
    }

    private func label(_ control: Control) -> String {
        models.help.label(control, requiredIn: TripEditorModel.requiredControls)
    }
}
