import AppFeatures
import Geodesy
import MapKit
import SwiftUI
import UIKit

/// The map drawn from a raster source's tiles (T7, T9): MapKit's map view with the source's
/// tiles in place of Apple's map, the spots as pins and the route as a line. SwiftUI's `Map`
/// takes no tile overlay, hence the UIKit view; ``TileMapPoints`` turns a tap into a coordinate.
struct TileMapView: UIViewRepresentable {
    let urlTemplate: String
    let tileSize: Int
    let maxZoom: Int
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
        if drawn.tiles?.urlTemplate != urlTemplate || drawn.tiles?.maximumZ != maxZoom {
            let tiles = MKTileOverlay(urlTemplate: urlTemplate)
            tiles.tileSize = CGSize(width: tileSize, height: tileSize)
            tiles.maximumZ = maxZoom
            tiles.canReplaceMapContent = true
            view.removeOverlays(drawn.tiles.map { [$0] } ?? [])
            view.addOverlay(tiles, level: .aboveLabels)
            drawn.tiles = tiles
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
