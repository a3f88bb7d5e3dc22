import AppFeatures
import SwiftUI

/// A new spot marked on the map (UI4, T8–T10; issue 33 §1), in a sheet over the screen that
/// asked: the map, where a tap chooses the point; the point's place and the saved spots already
/// near it; its name and water. Cancel leaves without saving; Use this point saves the spot and
/// hands it back (a trip's form takes it). Either way the angler is back where they were.
struct SpotMarkingSheet: View {
    @Bindable var model: SpotMarkingModel
    let models: ScreenModels

    var body: some View {
        NavigationStack {
            List {
                Section {
                    MapCanvas(
                        model: models.map, chosen: model.marking?.coordinate, chosenTitle: models.text("spots.newPin"),
                        models: models
                    ) { model.pick($0) }
                }
                if let marking = model.marking {
                    Section {
                        PointInfoRows(info: marking, distance: model.distanceText, models: models)
                    }
                    Section {
                        TextField(models.help.label(SpotMarkingModel.name), text: $model.newName)
                            .control(SpotMarkingModel.name, help: models.help)
                        FieldErrorNote(message: model.fieldErrors[.name])
                        Picker(models.help.label(SpotMarkingModel.waterBodyType), selection: $model.newWaterBodyTypeId)
                        {
                            Text("—").tag(String?.none)
                            ForEach(model.waterBodyTypes, id: \.id) {
                                Text(model.name(of: $0)).tag(String?.some($0.id))
                            }
                        }
                        .control(SpotMarkingModel.waterBodyType, help: models.help)
                    }
                } else {
                    Label(models.text("spots.tapTheMap"), systemImage: "hand.tap")
                    FieldErrorNote(message: model.fieldErrors[.name])
                }
            }
            .navigationTitle(models.text("spots.new"))
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    ControlButton(SpotMarkingModel.cancel, help: models.help) { model.cancel() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    ControlButton(SpotMarkingModel.use, help: models.help) { Task { await model.use() } }
                        .disabled(model.marking == nil)
                }
                HelpModeButton.barItem(models.help)
            }
        }
    }
}
