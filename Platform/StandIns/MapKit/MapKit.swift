// A stand-in for Apple's MapKit for SwiftUI, written from Apple's public documentation, for the
// app's views to type-check on Linux and show in wireframes (issue 14 §3–4).
@_exported import CoreLocation
import Foundation
import SwiftUI

/// What part of the world a map shows (Apple: `MapCameraPosition`).
public struct MapCameraPosition: Equatable, Sendable {
    let name: String
    public static let automatic = MapCameraPosition(name: "automatic")
    public static let userLocation = MapCameraPosition(name: "userLocation")
    public static func region(_ region: MKCoordinateRegion) -> MapCameraPosition {
        MapCameraPosition(name: "region \(region.center.latitude), \(region.center.longitude)")
    }
}

/// A region around a centre (Apple: `MKCoordinateRegion`).
public struct MKCoordinateRegion: Equatable, Sendable {
    public var center: CLLocationCoordinate2D
    public init(
        center: CLLocationCoordinate2D, latitudinalMeters: CLLocationDistance, longitudinalMeters: CLLocationDistance
    ) {
        self.center = center
    }
}

/// How a map is drawn (Apple: `MapStyle`).
public struct MapStyle: Sendable {
    let name: String
    public static let standard = MapStyle(name: "standard")
    public static let imagery = MapStyle(name: "imagery")
    public static let hybrid = MapStyle(name: "hybrid")
}

/// What a map shows on it (Apple: `MapContent`).
@MainActor @preconcurrency public protocol MapContent {}

/// A pin with a title (Apple: `Marker`).
nonisolated public struct Marker: MapContent, _WireframeItem {
    let title: String
    let coordinate: CLLocationCoordinate2D
    public init<S: StringProtocol>(_ title: S, coordinate: CLLocationCoordinate2D) {
        self.title = String(title)
        self.coordinate = coordinate
    }
    public init<S: StringProtocol>(_ title: S, systemImage: String, coordinate: CLLocationCoordinate2D) {
        self.init(title, coordinate: coordinate)
    }
    public var _wireframeItem: WireframeNode { .pin(title, coordinate) }
}

/// A line through points: a route (Apple: `MapPolyline`).
nonisolated public struct MapPolyline: MapContent, _WireframeItem {
    let coordinates: [CLLocationCoordinate2D]
    public init(coordinates: [CLLocationCoordinate2D]) { self.coordinates = coordinates }
    public var _wireframeItem: WireframeNode { .route(coordinates) }
}

extension WireframeNode {
    /// A pin the wireframes draw where it stands: its title, its latitude and longitude. Not
    /// Apple API.
    public static func pin(_ title: String, _ coordinate: CLLocationCoordinate2D) -> WireframeNode {
        WireframeNode(
            "pin", text: title,
            attributes: ["latitude": String(coordinate.latitude), "longitude": String(coordinate.longitude)])
    }

    /// A line through points, kept as `lat,lon` pairs. Not Apple API.
    public static func route(_ coordinates: [CLLocationCoordinate2D]) -> WireframeNode {
        WireframeNode(
            "route", text: "route through \(coordinates.count) points",
            attributes: ["points": coordinates.map { "\($0.latitude),\($0.longitude)" }.joined(separator: " ")])
    }
}

/// Map content in a row, as a builder made it.
nonisolated public struct TupleMapContent<T>: MapContent {
    let value: T
}

/// Builds map content (Apple: `MapContentBuilder`).
@resultBuilder public struct MapContentBuilder {
    public static func buildExpression<C: MapContent>(_ content: C) -> C { content }
    public static func buildBlock() -> TupleMapContent<()> { TupleMapContent(value: ()) }
    public static func buildBlock<C: MapContent>(_ content: C) -> C { content }
    public static func buildBlock<each C: MapContent>(_ content: repeat each C) -> TupleMapContent<(repeat each C)> {
        TupleMapContent(value: (repeat each content))
    }
    public static func buildOptional<C: MapContent>(_ content: C?) -> TupleMapContent<C?> {
        TupleMapContent(value: content)
    }
}

extension ForEach: MapContent where Content: MapContent {}

extension ForEach where ID == Data.Element.ID, Content: MapContent, Data.Element: Identifiable {
    public init(_ data: Data, @MapContentBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data: data, content: content)
    }
}

/// A map (Apple: `Map`): a labelled box in the wireframe, listing what is on it.
nonisolated public struct Map<Content: MapContent>: View, _WireframePrimitive {
    public typealias Body = Never
    let position: MapCameraPosition
    let content: Content

    public init(position: Binding<MapCameraPosition>, @MapContentBuilder content: () -> Content) {
        self.position = position.wrappedValue
        self.content = content()
    }

    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [WireframeNode("map", text: "Map — \(position.name)", children: _WireframeItems.items(in: content))]
    }
}

/// Converts between a map's screen points and coordinates (Apple: `MapProxy`).
public struct MapProxy {
    @MainActor public func convert(_ point: CGPoint, from space: CoordinateSpace) -> CLLocationCoordinate2D? { nil }
}

/// Gives its content a proxy of the map inside it (Apple: `MapReader`).
nonisolated public struct MapReader<Content: View>: View, _WireframePrimitive {
    public typealias Body = Never
    let content: (MapProxy) -> Content
    public init(@ViewBuilder _ content: @escaping (MapProxy) -> Content) { self.content = content }
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        context.evaluate(content(MapProxy()))
    }
}

extension View {
    nonisolated public func mapStyle(_ style: MapStyle) -> some View {
        _wireframeAttribute("mapStyle", style.name)
    }
}

/// A place on the map for directions (Apple: `MKPlacemark`).
open class MKPlacemark: NSObject {
    public let coordinate: CLLocationCoordinate2D
    public init(coordinate: CLLocationCoordinate2D) { self.coordinate = coordinate }
}

/// A point of interest or a place, as directions take it (Apple: `MKMapItem`).
open class MKMapItem: NSObject {
    public let placemark: MKPlacemark
    public init(placemark: MKPlacemark) { self.placemark = placemark }
}

/// A line of points (Apple: `MKMultiPoint`, `MKPolyline`).
open class MKMultiPoint: NSObject {
    var storedCount = 0
    /// The points, which the wireframes draw (Apple hands them out through `getCoordinates`).
    var stored: [CLLocationCoordinate2D] = []
    public var pointCount: Int { storedCount }
    public func getCoordinates(_ coords: UnsafeMutablePointer<CLLocationCoordinate2D>, range: NSRange) {}
    var coordinates: [CLLocationCoordinate2D] { stored }
}
open class MKPolyline: MKMultiPoint {}

/// One way from the source to the destination (Apple: `MKRoute`).
open class MKRoute: NSObject {
    public var polyline: MKPolyline { MKPolyline() }
    public var distance: CLLocationDistance { 0 }
    public var expectedTravelTime: TimeInterval { 0 }
}

/// How the traveller moves (Apple: `MKDirectionsTransportType`).
public struct MKDirectionsTransportType: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let automobile = MKDirectionsTransportType(rawValue: 1)
    public static let walking = MKDirectionsTransportType(rawValue: 2)
}

/// Routes along roads from Apple's servers (Apple: `MKDirections`).
open class MKDirections: NSObject {
    /// What to route (Apple: `MKDirections.Request`).
    open class Request: NSObject {
        open var source: MKMapItem?
        open var destination: MKMapItem?
        open var transportType: MKDirectionsTransportType = .automobile
        open var requestsAlternateRoutes = false
    }
    /// The routes found (Apple: `MKDirections.Response`).
    open class Response: NSObject {
        open var routes: [MKRoute] { [] }
    }

    public init(request: Request) {}

    /// Asks Apple's servers (Linux: no servers; always the server failure the app maps to offline).
    open func calculate() async throws -> Response { throw MKError(.serverFailure) }
}

/// Why MapKit could not answer (Apple: `MKError`).
public struct MKError: Error, Sendable {
    public enum Code: Int, Sendable {
        case unknown = 1
        case serverFailure, loadingThrottled, placemarkNotFound, directionsNotFound, decodingFailed
    }
    public let code: Code
    public init(_ code: Code) { self.code = code }
}
