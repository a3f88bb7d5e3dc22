import AppFeatures
import SwiftUI

/// The spots (UI4, T8–T10), nearest first from where the angler stands; a new one marked on the
/// map or where they stand, in the new-spot sheet (``SpotMarkingSheet``), which returns here.
struct SpotsScreen: View {
    @Bindable var model: SpotsModel
    let models: ScreenModels

    var body: some View {
        List {
            Section(models.text("spots.new")) {
                ControlButton(SpotsModel.markOnMap, systemImage: "mappin.and.ellipse", help: models.help) {
                    Task { await models.marking.begin() }
                }
                ControlButton(SpotsModel.useCurrentLocation, systemImage: "location", help: models.help) {
                    Task {
                        if let here = await model.currentPosition() { await models.marking.begin(at: here) }
                    }
                }
                ProblemNote(problem: model.positionUnknown ? models.text("location.unknown") : nil)
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
