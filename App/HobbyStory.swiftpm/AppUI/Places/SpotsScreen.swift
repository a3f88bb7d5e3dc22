import AppFeatures
import SwiftUI

/// The spots (UI4, T8–T10), nearest first from where the angler stands; a new one marked where
/// they stand or on the map, labelled offline, with the saved spots nearby shown before saving.
struct SpotsScreen: View {
    @Bindable var model: SpotsModel
    let models: ScreenModels

    var body: some View {
        List {
            Section(models.text("spots.new")) {
                ControlButton(SpotsModel.useCurrentLocation, systemImage: "location", help: models.help) {
                    Task { await model.pickCurrentLocation() }
                }
                ProblemNote(problem: model.positionUnknown ? models.text("location.unknown") : nil)
                ControlButton(SpotsModel.markOnMap, systemImage: "mappin.and.ellipse", help: models.help) {
                    models.router.select(page: "map")
                }
                if let marking = model.marking {
                    PointInfoRows(info: marking, distance: model.distanceText, models: models)
                    TextField(models.help.label(SpotsModel.name), text: $model.newName)
                        .control(SpotsModel.name, help: models.help)
                    FieldErrorNote(message: model.fieldErrors[.name])
                    Picker(models.help.label(SpotsModel.waterBodyType), selection: $model.newWaterBodyTypeId) {
                        Text("—").tag(String?.none)
                        ForEach(model.waterBodyTypes, id: \.id) { Text(model.name(of: $0)).tag(String?.some($0.id)) }
                    }
                    .control(SpotsModel.waterBodyType, help: models.help)
                    ControlButton(SpotsModel.save, help: models.help) { Task { await model.saveMarked() } }
                }
            }
            if model.spots.isEmpty {
                EmptyListNote(key: "spots.none", systemImage: "mappin", models: models)
            }
            ForEach(model.spots, id: \.spot.id) { row in
                Button {
                    models.router.current.navigate(to: .spotConditions(row.spot.id))
                } label: {
                    VStack(alignment: .leading) {
                        Text(row.spot.name).font(.headline)
                        if let meters = row.meters { Text(model.distanceText(meters)).font(.caption) }
                    }
                }
                .control(SpotsModel.open, help: models.help)
            }
        }
        .navigationTitle(models.text("page.spots"))
        .task { try? await model.load() }
        .task { await model.observe() }
    }
}
