// A stand-in for Apple's MapKit for SwiftUI, written from Apple's public documentation, for the
// app's views to type-check on Linux and show in wireframes (issue 14 §3–4).
@_exported import CoreLocation
import Foundation
import SwiftUI

/// What part of the world a map shows (Apple: `MapCameraPosition`).
public struct MapCameraPosition: Equatable {
    let name: String
    public static var automatic: MapCameraPosition { MapCameraPosition(name: "automatic") }
    public static func userLocation(followsHeading: Bool = false, fallback: MapCameraPosition) -> MapCameraPosition {
        MapCameraPosition(name: "userLocation")
    }
    public static func region(_ region: MKCoordinateRegion) -> MapCameraPosition {
        MapCameraPosition(name: "region \(region.center.latitude), \(region.center.longitude)")
    }
}

/// A region around a centre (Apple: `MKCoordinateRegion`).
public struct MKCoordinateRegion: Sendable {
    public var center: CLLocationCoordinate2D
    public init(
        center: CLLocationCoordinate2D, latitudinalMeters: CLLocationDistance, longitudinalMeters: CLLocationDistance
    ) {
        self.center = center
    }
}

/// How a map is drawn (Apple: `MapStyle`).
public struct MapStyle {
    let name: String
    public static var standard: MapStyle { MapStyle(name: "standard") }
    public static var imagery: MapStyle { MapStyle(name: "imagery") }
    public static var hybrid: MapStyle { MapStyle(name: "hybrid") }
}

/// What a map shows on it (Apple: `MapContent`). The framework's pins and lines (`Body == Never`)
/// are listed by the wireframe; content of the app is made of them through its `body`.
@MainActor @preconcurrency public protocol MapContent {
    associatedtype Body: MapContent
    @MapContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Nothing: the body of the framework's map content.
extension Never: MapContent {}

/// A pin with a title (Apple: `Marker`).
nonisolated public struct Marker: MapContent, _WireframeItem {
    public typealias Body = Never
    /// A pin has no body (Apple's is hidden from callers): the wireframe lists it.
    public var body: Never { fatalError("Marker is primitive map content and has no body") }
    let title: String
    let coordinate: CLLocationCoordinate2D
    @MainActor @preconcurrency public init<S: StringProtocol>(_ title: S, coordinate: CLLocationCoordinate2D) {
        self.title = String(title)
        self.coordinate = coordinate
    }
    @MainActor @preconcurrency public init<S: StringProtocol>(
        _ title: S, systemImage: String, coordinate: CLLocationCoordinate2D
    ) {
        self.init(title, coordinate: coordinate)
    }
    public var _wireframeItem: WireframeNode { .pin(title, coordinate) }
}

/// A line through points: a route (Apple: `MapPolyline`).
nonisolated public struct MapPolyline: MapContent, _WireframeItem {
    public typealias Body = Never
    /// A line has no body (Apple's is hidden from callers): the wireframe lists it.
    public var body: Never { fatalError("MapPolyline is primitive map content and has no body") }
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

/// Map content in a row, as a builder made it (Apple: `TupleMapContent`).
nonisolated public struct TupleMapContent<T>: MapContent {
    public typealias Body = Never
    /// Content in a row has no body of its own (Apple's is hidden from callers): the wireframe lists
    /// what is inside.
    public var body: Never { fatalError("TupleMapContent is primitive map content and has no body") }
    let value: T
}

/// No map content (Apple: `EmptyMapContent`).
@MainActor @preconcurrency public struct EmptyMapContent: MapContent {
    public typealias Body = Never
    /// Nothing has no body (Apple's is hidden from callers).
    public var body: Never { fatalError("EmptyMapContent is primitive map content and has no body") }
    public init() {}
    nonisolated init(builder: Void) {}
}

/// Map content, or none, as an `if` chose (Apple: `Optional` is map content when its wrapped value
/// is).
extension Optional: MapContent where Wrapped: MapContent {
    /// Chosen content has no body of its own (Apple's is hidden from callers): the wireframe lists
    /// what is inside.
    public var body: Never { fatalError("Optional is primitive map content and has no body") }
}

/// Builds map content (Apple: `MapContentBuilder`).
@resultBuilder public struct MapContentBuilder {
    public static func buildExpression<C: MapContent>(_ content: C) -> C { content }
    public static func buildBlock() -> EmptyMapContent { EmptyMapContent(builder: ()) }
    public static func buildBlock<C: MapContent>(_ content: C) -> C { content }
    public static func buildBlock<each C: MapContent>(_ content: repeat each C) -> TupleMapContent<(repeat each C)> {
        TupleMapContent(value: (repeat each content))
    }
    public static func buildIf<C: MapContent>(_ content: C?) -> C? { content }
}

extension ForEach: MapContent where Content: MapContent {
    /// A ForEach of pins has no body (Apple's is hidden from callers): the wireframe lists its pins.
    public var body: Never { fatalError("ForEach is primitive map content and has no body") }
}

extension ForEach where ID == Data.Element.ID, Content: MapContent, Data.Element: Identifiable {
    @MainActor public init(_ data: Data, @MapContentBuilder content: @escaping (Data.Element) -> Content) {
        self = ._wireframeEach(data, content: content)
    }
}

/// A map (Apple: `Map`): a labelled box in the wireframe, listing what is on it.
@MainActor @preconcurrency public struct Map<Content: View>: View, _WireframePrimitive {
    let position: MapCameraPosition
    let content: Content

    @MainActor @preconcurrency public init<C: MapContent>(
        position: Binding<MapCameraPosition>, @MapContentBuilder content: () -> C
    ) where Content == MapContentView<Never, C> {
        self.position = position.wrappedValue
        self.content = MapContentView(content: content())
    }

    /// Apple's Map has a body (an opaque view); the wireframe draws the map itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }

    nonisolated public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        MainActor.assumeIsolated {
            [WireframeNode("map", text: "Map — \(position.name)", children: _WireframeItems.items(in: content))]
        }
    }
}

/// The view a map makes of its builder's content (Apple: `MapContentView`); the wireframe lists
/// the content inside, never its body.
@MainActor @preconcurrency public struct MapContentView<SelectionValue: Hashable, Content: MapContent>: View {
    let content: Content
    /// Apple's has a body (an opaque view); its map draws the content, never through it.
    public var body: some View { EmptyView() }
}

/// Converts between a map's screen points and coordinates (Apple: `MapProxy`).
public struct MapProxy {
    @MainActor public func convert(_ point: CGPoint, from space: CoordinateSpace) -> CLLocationCoordinate2D? { nil }
}

/// Gives its content a proxy of the map inside it (Apple: `MapReader`).
nonisolated public struct MapReader<Content: View>: View, _WireframePrimitive {
    let content: (MapProxy) -> Content
    @MainActor @preconcurrency public init(@ViewBuilder content: @escaping (MapProxy) -> Content) {
        self.content = content
    }
    /// Apple's MapReader has a body (an opaque view); the wireframe draws the reader's content
    /// itself (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        context.evaluate(content(MapProxy()))
    }
}

extension View {
    @MainActor @preconcurrency public func mapStyle(_ value: MapStyle) -> some View {
        _wireframeAttribute("mapStyle", value.name)
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
    public enum Code: UInt, Sendable {
        case unknown = 1
        case serverFailure, loadingThrottled, placemarkNotFound, directionsNotFound, decodingFailed
    }
    public let code: Code
    public init(_ code: Code) { self.code = code }
}
