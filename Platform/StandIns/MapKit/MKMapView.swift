// The UIKit map view of MapKit (Apple: `MKMapView`) with tile overlays, lines and pins, for the
// app's raster map sources (issue 15), written from Apple's public documentation.
import Foundation
import SwiftUI
import UIKit

/// A point of the flat map projection (Apple: `MKMapPoint`).
public struct MKMapPoint: Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A size on the flat map projection (Apple: `MKMapSize`).
public struct MKMapSize: Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A rectangle of the flat map projection (Apple: `MKMapRect`).
public struct MKMapRect: Sendable {
    public var origin: MKMapPoint
    public var size: MKMapSize
    public init(origin: MKMapPoint, size: MKMapSize) {
        self.origin = origin
        self.size = size
    }
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: MKMapPoint(x: x, y: y), size: MKMapSize(width: width, height: height))
    }
}

/// Something a map view draws over the map (Apple: `MKOverlay`, an `MKAnnotation`; here it
/// declares the annotation's `coordinate` itself, as the stand-in's `MKAnnotation` must require
/// `title`, which Apple's overlays need not have).
public protocol MKOverlay: NSObjectProtocol {
    var coordinate: CLLocationCoordinate2D { get }
    var boundingMapRect: MKMapRect { get }
}

/// A point of interest on a map (Apple: `MKAnnotation`).
public protocol MKAnnotation: NSObjectProtocol {
    var coordinate: CLLocationCoordinate2D { get }
    var title: String? { get }
}

/// A pin with a title (Apple: `MKPointAnnotation`).
open class MKPointAnnotation: NSObject, MKAnnotation {
    open var coordinate = CLLocationCoordinate2D(latitude: 0, longitude: 0)
    open var title: String?
    public override init() { super.init() }
}

/// Which tile a tile overlay is asked for (Apple: `MKTileOverlayPath`).
public struct MKTileOverlayPath: Sendable {
    public var x: Int
    public var y: Int
    public var z: Int
    /// Screen pixels per point (2 or 3 on an iPhone).
    public var contentScaleFactor: CGFloat
    public init(x: Int, y: Int, z: Int, contentScaleFactor: CGFloat) {
        self.x = x
        self.y = y
        self.z = z
        self.contentScaleFactor = contentScaleFactor
    }
}

/// Map images in the `{z}/{x}/{y}` tiling, fetched from an address template or made by a
/// subclass's ``loadTile(at:result:)`` (Apple: `MKTileOverlay`).
open class MKTileOverlay: NSObject, MKOverlay {
    public let urlTemplate: String?
    /// The tiles' size in points (256 × 256 unless set).
    open var tileSize = CGSize(width: 256, height: 256)
    open var minimumZ = 0
    open var maximumZ = 21
    /// Whether the tiles replace Apple's map rather than lie over it.
    open var canReplaceMapContent = false
    /// The centre of the world the tiles cover (Apple: read-only).
    open var coordinate: CLLocationCoordinate2D { CLLocationCoordinate2D(latitude: 0, longitude: 0) }
    /// The whole world, in map points (Apple: read-only).
    open var boundingMapRect: MKMapRect { MKMapRect(x: 0, y: 0, width: 268_435_456, height: 268_435_456) }

    public init(urlTemplate: String?) {
        self.urlTemplate = urlTemplate
        super.init()
    }

    /// Hands the tile's image data (PNG, JPEG) to `result`, on any queue, asynchronously; by
    /// default fetched from the template.
    open func loadTile(at path: MKTileOverlayPath, result: @escaping @Sendable (Data?, (any Error)?) -> Void) {
        result(nil, nil)
    }
}

extension MKPolyline: MKOverlay {
    /// The line's first point (Apple: its centre, from `MKShape`).
    public var coordinate: CLLocationCoordinate2D { stored.first ?? CLLocationCoordinate2D(latitude: 0, longitude: 0) }
    /// The line's bounds in map points (Linux: no projection, so empty).
    public var boundingMapRect: MKMapRect { MKMapRect(x: 0, y: 0, width: 0, height: 0) }
}

extension MKPolyline {
    /// A line through `count` coordinates (Apple: `init(coordinates:count:)`).
    public convenience init(coordinates: UnsafePointer<CLLocationCoordinate2D>, count: Int) {
        self.init()
        storedCount = count
        stored = Array(UnsafeBufferPointer(start: coordinates, count: count))
    }
}

/// Draws an overlay (Apple: `MKOverlayRenderer`).
open class MKOverlayRenderer: NSObject {
    public let overlay: any MKOverlay
    public init(overlay: any MKOverlay) { self.overlay = overlay }
}

/// Draws a tile overlay's images (Apple: `MKTileOverlayRenderer`).
open class MKTileOverlayRenderer: MKOverlayRenderer {
    public init(tileOverlay: MKTileOverlay) { super.init(overlay: tileOverlay) }
}

/// Draws a line (Apple: `MKPolylineRenderer`).
open class MKPolylineRenderer: MKOverlayRenderer {
    open var strokeColor: UIColor?
    open var lineWidth: CGFloat = 0
    public init(polyline: MKPolyline) { super.init(overlay: polyline) }
}

/// Where overlays sit among the map's own layers (Apple: `MKOverlayLevel`).
public enum MKOverlayLevel: Int, Sendable {
    case aboveRoads, aboveLabels
}

/// What a map view asks of the app (Apple: `MKMapViewDelegate`; its methods are optional at
/// Apple and required here).
@MainActor public protocol MKMapViewDelegate: NSObjectProtocol {
    func mapView(_ mapView: MKMapView, rendererFor overlay: any MKOverlay) -> MKOverlayRenderer
}

/// MapKit's map view (Apple: `MKMapView`). The wireframe lists its tile layers, lines and pins.
open class MKMapView: UIView, _WireframeItem {
    open weak var delegate: (any MKMapViewDelegate)?
    public private(set) var overlays: [any MKOverlay] = []
    public private(set) var annotations: [any MKAnnotation] = []

    public override init() { super.init() }

    open func addOverlay(_ overlay: any MKOverlay, level: MKOverlayLevel) { overlays.append(overlay) }
    open func removeOverlays(_ overlays: [any MKOverlay]) {
        self.overlays.removeAll { kept in overlays.contains { $0 === kept } }
    }
    open func addAnnotations(_ annotations: [any MKAnnotation]) { self.annotations += annotations }
    open func removeAnnotations(_ annotations: [any MKAnnotation]) {
        self.annotations.removeAll { kept in annotations.contains { $0 === kept } }
    }
    /// Moves the camera so the annotations are all in view.
    open func showAnnotations(_ annotations: [any MKAnnotation], animated: Bool) {}
    /// The coordinate under a point of `view` (Linux: no map is laid out, so always 0, 0).
    open func convert(_ point: CGPoint, toCoordinateFrom view: UIView?) -> CLLocationCoordinate2D {
        CLLocationCoordinate2D(latitude: 0, longitude: 0)
    }

    nonisolated public var _wireframeItem: WireframeNode {
        MainActor.assumeIsolated {
            let tiles = overlays.compactMap { $0 as? MKTileOverlay }.map { overlay in
                WireframeNode(
                    "tiles",
                    text:
                        "tiles \(overlay.urlTemplate ?? "drawn by \(type(of: overlay))") (\(Int(overlay.tileSize.width)) px, to zoom \(overlay.maximumZ))"
                        + (overlay.canReplaceMapContent ? "" : " over Apple's map"))
            }
            let lines = overlays.compactMap { $0 as? MKPolyline }.map { WireframeNode.route($0.coordinates) }
            let pins = annotations.map { pin in WireframeNode.pin(pin.title ?? "", pin.coordinate) }
            return WireframeNode("map", text: "Map — MKMapView", children: tiles + lines + pins)
        }
    }
}
