import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import MapSources
import Observation
import Routing

/// How the map is drawn (T9: satellite and scheme).
public enum MapMode: String, Sendable, Codable, CaseIterable {
    case standard, satellite, hybrid
}

/// The map screen's state (UI4, T8–T10): its mode, the spots with their catch counts, the point
/// the angler tapped with everything about it, the distance between two chosen points, and a
/// route along roads from here to a point through a ``RouteProvider``.
@MainActor
@Observable
public final class MapModel: DeclaresControls {
    public static let mode = Control("map.mode", .picker)
    public static let measure = Control("map.measure", .button)
    public static let route = Control("map.route", .button)
    public static let travelMode = Control("map.travelMode", .picker)
    public static let markSpot = Control("map.markSpot", .button, opens: "spots.new")
    public static let clearSelection = Control("map.clearSelection", .button)
    public static let controls = [mode, measure, travelMode, route, markSpot, clearSelection]

    /// A spot on the map with how many fish were caught there.
    public struct SpotPin: Sendable, Equatable, Identifiable {
        public let spot: Spot
        public let fishCount: Int
        public var id: UUID { spot.id }
    }

    public var mode: MapMode = .standard
    public private(set) var pins: [SpotPin] = []
    public private(set) var selected: PointInfo?
    /// The first point of a measurement, waiting for the second.
    public private(set) var measuringFrom: Coordinate?
    /// The last measurement: both points and the geodesic distance, in the angler's units.
    public private(set) var measurement: (from: Coordinate, to: Coordinate, meters: Double, text: String)?
    public private(set) var route: Route?
    public private(set) var routeProblem: RouteProblem?
    /// A route was asked for with no position to start from: said instead of a route.
    public private(set) var positionUnknown = false
    /// How the angler travels to the selected point.
    public var travelMode = TravelMode.car

    /// The map drawn from the installed packs, for ``MapDrawing/packs(attribution:)``.
    public let packTiles: InstalledPackTiles?
    private let diary: DiaryQueue
    private let source: @MainActor () -> (source: MapSource?, key: String?)
    private let labeler: (any PlaceLabeling)?
    private let location: any LocationProviding
    private let routes: any RouteProvider
    private let points: PointInfoService?
    private let notation: CoordinateNotation
    private let formatter: MeasureFormatter

    public init(
        diary: DiaryQueue, labeler: (any PlaceLabeling)?, location: any LocationProviding, routes: any RouteProvider,
        points: PointInfoService? = nil, notation: CoordinateNotation = .decimal, formatter: MeasureFormatter,
        packTiles: InstalledPackTiles? = nil,
        source: @escaping @MainActor () -> (source: MapSource?, key: String?) = { (nil, nil) }
    ) {
        self.diary = diary
        self.packTiles = packTiles
        self.source = source
        self.labeler = labeler
        self.location = location
        self.routes = routes
        self.points = points
        self.notation = notation
        self.formatter = formatter
    }

    /// The modes the settings' map source draws (T9), for the mode picker.
    public var modes: [MapMode] { MapDrawing.modes(of: source().source) }

    /// The mode shown: the chosen one, or the source's first when it does not draw that one.
    public var shownMode: MapMode { MapDrawing.mode(mode, of: source().source) }

    /// What the map is drawn from now (T7); nil when the source cannot be drawn (its key gone).
    public var drawing: MapDrawing? {
        let current = source()
        return MapDrawing.make(source: current.source, mode: mode, key: current.key)
    }

    public func load() async throws {
        let (spots, fish) = try await diary.read { diary in
            (try diary.spots.list(), try diary.summaries.fishCountsBySpot())
        }
        pins = spots.map { SpotPin(spot: $0, fishCount: fish[$0.id] ?? 0) }
    }

    public func observe() async {
        for await change in diary.changes() where !change.isDisjoint(with: [.spots, .trips, .catches]) {
            try? await load()
        }
    }

    /// A tap on the map (through `MapReader`): the point's information, or the second end of a
    /// measurement when one was started.
    public func select(_ coordinate: Coordinate) {
        if let start = measuringFrom {
            let meters = Geodesic.inverse(from: start, to: coordinate).meters
            measurement = (start, coordinate, meters, distanceText(meters))
            measuringFrom = nil
        }
        selected = PointInfo.make(coordinate, style: notation.style, labeler: labeler, spots: pins.map(\.spot))
    }

    /// The slower parts of the selected point's information (issue 15 §4): the nearest road in a
    /// map pack on the device and the conditions now; kept only if the point is still selected.
    public func describeSelection() async {
        guard let points, let chosen = selected else { return }
        let full = await points.info(
            at: chosen.coordinate, style: notation.style, spots: pins.map(\.spot), by: travelMode)
        if selected?.coordinate == chosen.coordinate { selected = full }
    }

    /// The catalogue key of the message for a route problem: no network, outside the packs on
    /// the device, too far from a road, or no road between the points.
    public func routeProblemKey(_ problem: RouteProblem) -> String {
        switch problem {
        case .offline: "map.offline"
        case .outsideArea: "map.outsidePacks"
        case .noRoad: "map.noRoad"
        case .noRoute, .failed: "map.noRoute"
        }
    }

    /// The selected point's weather now, in the angler's units ("12 °C · 4 m/s"), if known.
    public var conditionsText: String? {
        guard let conditions = selected?.conditions else { return nil }
        let parts = [
            conditions.temperature.map(formatter.temperature(celsius:)),
            conditions.windSpeed.map(formatter.windSpeed(metresPerSecond:)),
        ]
        return parts.contains { $0 != nil } ? parts.compactMap { $0 }.joined(separator: " · ") : nil
    }

    /// Starts measuring from the selected point: the next tap is the other end.
    public func startMeasuring() {
        measuringFrom = selected?.coordinate
        measurement = nil
    }

    public func clearSelection() {
        selected = nil
        measuringFrom = nil
        route = nil
        routeProblem = nil
        positionUnknown = false
    }

    /// A route along roads from the device's position to the selected point.
    public func requestRoute() async {
        guard let target = selected?.coordinate else { return }
        guard let here = await location.currentCoordinate() else {
            (route, routeProblem, positionUnknown) = (nil, nil, true)
            return
        }
        positionUnknown = false
        do {
            route = try await routes.route(from: here, to: target, by: travelMode)
            routeProblem = nil
        } catch {
            route = nil
            routeProblem = error
        }
    }

    /// A distance as the angler reads it (``MeasureFormatter/distance(_:)``).
    public func distanceText(_ meters: Double) -> String { formatter.distance(meters) }
}
