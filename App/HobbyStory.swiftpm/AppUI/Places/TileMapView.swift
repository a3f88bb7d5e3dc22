import AppFeatures
import DiaryServices
import Geodesy
import MapKit
import SwiftUI
import UIKit

/// The map drawn from tiles (T7, T9, T10): MapKit's map view with a raster source's tiles in
/// place of Apple's map, or the offline packs drawn on the device over it; the spots as pins
/// and the route as a line. SwiftUI's `Map` takes no tile overlay, hence the UIKit view;
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
            view.removeAnnotations(view.annotations)
            let annotations = pins.map { pin in
                let annotation = MKPointAnnotation()
                annotation.coordinate = CLLocationCoordinate2D(
                    latitude: pin.spot.latitude, longitude: pin.spot.longitude)
                annotation.title = pin.spot.name
                return annotation
            }
            view.addAnnotations(annotations)
            if drawn.pins.isEmpty { view.showAnnotations(annotations, animated: false) }
            drawn.pins = pins
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

    /// What the map view shows now, and how it draws each overlay.
    final class Coordinator: NSObject, MKMapViewDelegate {
        var tiles: MKTileOverlay?
        var layer: Layer?
        var pins: [MapModel.SpotPin] = []
        var route: MKPolyline?
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
