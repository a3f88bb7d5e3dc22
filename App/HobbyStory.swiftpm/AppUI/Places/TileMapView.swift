import AppFeatures
import DiaryServices
import Geodesy
import MapKit
import SwiftUI
import UIKit

/// The map drawn from tiles (T7, T9, T10): MapKit's map view with a raster source's tiles in
/// place of Apple's map, or the offline packs drawn on the device over it; the spots as pins,
/// the point being chosen as a pin of its own, and the route as a line. SwiftUI's `Map` takes no tile overlay, hence the UIKit view;
/// ``TileMapPoints`` turns a tap into a coordinate.
struct TileMapView: UIViewRepresentable {
    /// Where the tiles come from.
    enum Layer: Equatable {
        /// A provider's raster tiles.
        case remote(urlTemplate: String, tileSize: Int, maxZoom: Int)
        /// The installed packs, drawn here.
        case packs
    }

    let layer: Layer
    let packTiles: InstalledPackTiles?
    let pins: [MapModel.SpotPin]
    let route: [Coordinate]?
    /// A point being chosen (a new spot), drawn as its own pin.
    let chosen: Coordinate?
    let chosenTitle: String
    let points: TileMapPoints

    func makeCoordinator() -> Coordinator { Coordinator() }

    func makeUIView(context: Context) -> MKMapView {
        let view = MKMapView()
        view.delegate = context.coordinator
        points.mapView = view
        return view
    }

    func updateUIView(_ view: MKMapView, context: Context) {
        let drawn = context.coordinator
        if drawn.layer != layer {
            let tiles: MKTileOverlay
            switch layer {
            case .remote(let urlTemplate, let tileSize, let maxZoom):
                tiles = MKTileOverlay(urlTemplate: urlTemplate)
                tiles.tileSize = CGSize(width: tileSize, height: tileSize)
                tiles.maximumZ = maxZoom
                tiles.canReplaceMapContent = true
            case .packs:
                tiles = PackTileOverlay(tiles: packTiles)
                tiles.maximumZ = 20
            }
            view.removeOverlays(drawn.tiles.map { [$0] } ?? [])
            view.addOverlay(tiles, level: .aboveLabels)
            drawn.tiles = tiles
            drawn.layer = layer
        }
        if drawn.pins != pins {
            view.removeAnnotations(drawn.pinAnnotations)
            let annotations = pins.map { Self.pin($0.spot.name, $0.spot.latitude, $0.spot.longitude) }
            view.addAnnotations(annotations)
            drawn.pinAnnotations = annotations
            if drawn.pins.isEmpty { view.showAnnotations(annotations, animated: false) }
            drawn.pins = pins
        }
        if drawn.chosenPoint != chosen {
            view.removeAnnotations(drawn.chosen.map { [$0] } ?? [])
            let pin = chosen.map { Self.pin(chosenTitle, $0.latitude, $0.longitude) }
            view.addAnnotations(pin.map { [$0] } ?? [])
            drawn.chosen = pin
            drawn.chosenPoint = chosen
        }
        if drawn.routePoints != route {
            view.removeOverlays(drawn.route.map { [$0] } ?? [])
            let line = route.map { points in
                MKPolyline(
                    coordinates: points.map { CLLocationCoordinate2D(latitude: $0.latitude, longitude: $0.longitude) },
                    count: points.count)
            }
            if let line { view.addOverlay(line, level: .aboveLabels) }
            drawn.route = line
            drawn.routePoints = route
        }
    }

    private static func pin(_ title: String, _ latitude: Double, _ longitude: Double) -> MKPointAnnotation {
        let annotation = MKPointAnnotation()
        annotation.coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
        annotation.title = title
        return annotation
    }

    /// What the map view shows now, and how it draws each overlay.
    final class Coordinator: NSObject, MKMapViewDelegate {
        var tiles: MKTileOverlay?
        var layer: Layer?
        var pins: [MapModel.SpotPin] = []
        var pinAnnotations: [MKPointAnnotation] = []
        var route: MKPolyline?
        var chosen: MKPointAnnotation?
        var chosenPoint: Coordinate?
        var routePoints: [Coordinate]?

        func mapView(_ mapView: MKMapView, rendererFor overlay: any MKOverlay) -> MKOverlayRenderer {
            if let tiles = overlay as? MKTileOverlay { return MKTileOverlayRenderer(tileOverlay: tiles) }
            if let line = overlay as? MKPolyline {
                let renderer = MKPolylineRenderer(polyline: line)
                renderer.strokeColor = .systemBlue
                renderer.lineWidth = 4
                return renderer
            }
            return MKOverlayRenderer(overlay: overlay)
        }
    }
}

/// The installed packs as a tile overlay: each tile drawn on the device off the main thread
/// (MapKit takes the answer on any queue), nothing where no pack reaches, so Apple's map shows
/// there when online.
final class PackTileOverlay: MKTileOverlay {
    let tiles: InstalledPackTiles?

    init(tiles: InstalledPackTiles?) {
        self.tiles = tiles
        super.init(urlTemplate: nil)
    }

    override func loadTile(at path: MKTileOverlayPath, result: @escaping @Sendable (Data?, (any Error)?) -> Void) {
        let (tiles, scale) = (tiles, Int(path.contentScaleFactor.rounded()))
        DispatchQueue.global(qos: .userInitiated).async {
            do {
                result(try tiles?.png(z: path.z, x: path.x, y: path.y, scale: scale).map { Data($0) }, nil)
            } catch {
                result(nil, error)
            }
        }
    }
}

/// Reads the coordinate under a tap on the tile map: the map view, once made, converts points.
@MainActor
final class TileMapPoints {
    weak var mapView: MKMapView?

    func coordinate(at point: CGPoint) -> Coordinate? {
        guard let mapView else { return nil }
        let location = mapView.convert(point, toCoordinateFrom: mapView)
        return Coordinate(latitude: location.latitude, longitude: location.longitude)
    }
}
