import AppFeatures
import SwiftUI

/// The spots (UI4, T8–T10), nearest first from where the angler stands; a new one marked on the
/// map or where they stand, in the new-spot sheet (``SpotMarkingSheet``), which returns here. On
/// a wide screen the map of the spots stands beside the list, and a tap on it starts a new spot
/// there (issue 33 §2).
struct SpotsScreen: View {
    @Bindable var model: SpotsModel
    let models: ScreenModels
    @Environment(\.horizontalSizeClass) private var width

    /// The list's width beside the map on a wide screen.
    static let listWidth: CGFloat = 380

    var body: some View {
        Group {
            if width == .regular {
                HStack(alignment: .top, spacing: 0) {
                    list.frame(width: Self.listWidth)
                    MapCanvas(model: models.map, models: models) { point in
                        Task { await models.marking.begin(at: point) }
                    }
                }
            } else {
                list
            }
        }
        .navigationTitle(models.text("page.spots"))
        .task { try? await model.load() }
        .task { await model.observe() }
    }

    private var list: some View {
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
    }
}
