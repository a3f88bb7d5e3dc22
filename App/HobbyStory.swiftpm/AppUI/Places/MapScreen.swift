import AppFeatures
import Geodesy
import MapKit
import Routing
import SwiftUI

/// The map (UI4, T9): scheme, satellite or hybrid; the saved spots as pins; a tap picks a point
/// and shows everything about it (the nearest road and the weather arriving after); the distance
/// between two points; a route along roads by car or on foot, online or on the device's packs.
/// Drawn by MapKit: Apple's maps, a paid source's tiles or the offline packs, with the
/// attribution their terms ask for (T7, T10). The map pans itself, so the ring moves here only
/// by its buttons.
struct MapScreen: View {
    @Bindable var model: MapModel
    let models: ScreenModels
    @State private var position: MapCameraPosition = .automatic
    @State private var tilePoints = TileMapPoints()

    var body: some View {
        VStack {
            Picker(models.help.label(MapModel.mode), selection: shownMode) {
                ForEach(model.modes, id: \.self) { Text(models.text("option.\($0.rawValue)")).tag($0) }
            }
            .control(MapModel.mode, help: models.help)
            switch model.drawing {
            case .apple(let mode):
                appleMap(mode)
            case .tiles(let template, let tileSize, let maxZoom, let attribution):
                tileMap(.remote(urlTemplate: template, tileSize: tileSize, maxZoom: maxZoom), attribution)
            case .packs(let attribution):
                tileMap(.packs, attribution)
            case nil:
                Text(models.text("map.sourceUnavailable"))
            }
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
                        models.router.select(page: "spots")
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

    /// The map from tiles, with the attribution their source's terms ask for under it.
    @ViewBuilder
    private func tileMap(_ layer: TileMapView.Layer, _ attribution: String) -> some View {
        TileMapView(
            layer: layer, packTiles: model.packTiles, pins: model.pins, route: model.route?.points, points: tilePoints
        )
        .onTapGesture { point in
            if let coordinate = tilePoints.coordinate(at: point) { select(coordinate) }
        }
        Text(attribution).font(.footnote).foregroundStyle(.secondary)
    }

    /// Apple's map in `mode`, its taps read through `MapReader`.
    private func appleMap(_ mode: MapMode) -> some View {
        MapReader { proxy in
            Map(position: $position) {
                ForEach(model.pins) { pin in
                    Marker(pin.spot.name, coordinate: Self.location(pin.spot.latitude, pin.spot.longitude))
                }
                if let route = model.route {
                    MapPolyline(coordinates: route.points.map { Self.location($0.latitude, $0.longitude) })
                }
            }
            .mapStyle(Self.style(mode))
            .onTapGesture { point in
                if let coordinate = proxy.convert(point, from: .local) {
                    select(Coordinate(latitude: coordinate.latitude, longitude: coordinate.longitude))
                }
            }
        }
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

    private static func style(_ mode: MapMode) -> MapStyle {
        switch mode {
        case .standard: .standard
        case .satellite: .imagery
        case .hybrid: .hybrid
        }
    }

    private static func location(_ latitude: Double, _ longitude: Double) -> CLLocationCoordinate2D {
        CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
    }
}
