import AppFeatures
import Geodesy
import Routing
import SwiftUI

/// The map (UI4, T9): scheme, satellite or hybrid; the saved spots as pins; a tap picks a point
/// and shows everything about it (the nearest road and the weather arriving after); the distance
/// between two points; a route along roads by car or on foot, online or on the device's packs.
/// Drawn by ``MapCanvas``. The map pans itself, so the ring moves here only by its buttons; a
/// spot marked here is named in the new-spot sheet over the map, which returns here.
struct MapScreen: View {
    @Bindable var model: MapModel
    let models: ScreenModels

    var body: some View {
        VStack {
            Picker(models.help.label(MapModel.mode), selection: shownMode) {
                ForEach(model.modes, id: \.self) { Text(models.text("option.\($0.rawValue)")).tag($0) }
            }
            .control(MapModel.mode, help: models.help)
            MapCanvas(model: model, route: model.route?.points, models: models) { select($0) }
            if let selected = model.selected {
                PointInfoRows(
                    info: selected, distance: model.distanceText, conditions: model.conditionsText, models: models)
                Picker(models.help.label(MapModel.travelMode), selection: $model.travelMode) {
                    ForEach(TravelMode.allCases, id: \.self) { Text(models.text("option.\($0.rawValue)")).tag($0) }
                }
                .control(MapModel.travelMode, help: models.help)
                HStack {
                    ControlButton(MapModel.measure, systemImage: "ruler", help: models.help) { model.startMeasuring() }
                    ControlButton(
                        MapModel.route, systemImage: model.travelMode == .car ? "car" : "figure.walk", help: models.help
                    ) {
                        Task { await model.requestRoute() }
                    }
                }
                // Two to a row: four side by side squeeze each below a wet thumb on a phone.
                HStack {
                    ControlButton(MapModel.markSpot, systemImage: "mappin.and.ellipse", help: models.help) {
                        Task { await models.marking.begin(at: selected.coordinate) }
                    }
                    ControlButton(MapModel.clearSelection, systemImage: "xmark", help: models.help) {
                        model.clearSelection()
                    }
                }
            }
            if model.measuringFrom != nil { Label(models.text("map.measuring"), systemImage: "ruler") }
            if let measurement = model.measurement { Text("\(models.text("map.distance")): \(measurement.text)") }
            if let route = model.route { Text("\(models.text("map.route")): \(model.distanceText(route.meters))") }
            if let problem = model.routeProblem {
                Text(models.text(model.routeProblemKey(problem)))
            }
            ProblemNote(problem: model.positionUnknown ? models.text("location.unknown") : nil)
        }
        .navigationTitle(models.text("page.map"))
        .task { try? await model.load() }
        .task { await model.observe() }
    }

    private func select(_ coordinate: Coordinate) {
        model.select(coordinate)
        Task { await model.describeSelection() }
    }

    /// The mode picker shows the mode drawn and keeps the angler's choice.
    private var shownMode: Binding<MapMode> {
        let model = model
        return Binding(get: { @MainActor in model.shownMode }, set: { @MainActor in model.mode = $0 })
    }
}
