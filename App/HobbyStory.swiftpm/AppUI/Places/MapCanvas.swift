import AppFeatures
import Geodesy
import MapKit
import SwiftUI

/// The map itself (UI4, T7, T9, T10), as the map page and the new-spot sheet draw it: Apple's
/// map, a paid source's tiles or the offline packs, with the attribution their terms ask for; the
/// saved spots as pins, a route as a line, a point being chosen as its own pin; a tap hands its
/// coordinate to `tapped`.
struct MapCanvas: View {
    let model: MapModel
    var route: [Coordinate]? = nil
    /// A point being chosen (a new spot), drawn as a pin titled `chosenTitle`.
    var chosen: Coordinate? = nil
    var chosenTitle = ""
    let models: ScreenModels
    let tapped: (Coordinate) -> Void
    @State private var position: MapCameraPosition = .automatic
    @State private var tilePoints = TileMapPoints()

    var body: some View {
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
    }

    /// The map from tiles, with the attribution their source's terms ask for under it.
    @ViewBuilder
    private func tileMap(_ layer: TileMapView.Layer, _ attribution: String) -> some View {
        TileMapView(
            layer: layer, packTiles: model.packTiles, pins: model.pins, route: route,
            chosen: chosen, chosenTitle: chosenTitle, points: tilePoints
        )
        .onTapGesture { point in
            if let coordinate = tilePoints.coordinate(at: point) { tapped(coordinate) }
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
                if let chosen {
                    Marker(
                        chosenTitle, systemImage: "mappin.and.ellipse",
                        coordinate: Self.location(chosen.latitude, chosen.longitude))
                }
                if let route {
                    MapPolyline(coordinates: route.map { Self.location($0.latitude, $0.longitude) })
                }
            }
            .mapStyle(Self.style(mode))
            .onTapGesture { point in
                if let coordinate = proxy.convert(point, from: .local) {
                    tapped(Coordinate(latitude: coordinate.latitude, longitude: coordinate.longitude))
                }
            }
        }
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
