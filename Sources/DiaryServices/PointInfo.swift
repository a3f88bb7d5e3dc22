import FishingModel
import Foundation
import Geodesy
import Routing
import Weather

/// Everything about a chosen point (issue 15 §4, T9, T10), one answer for the map screen, the
/// CLI (`hobbystory point`) and the site: the coordinates, the place from the offline gazetteer,
/// the saved spots nearest to it, the nearest road from a map pack, the distance and bearing to
/// another point, and the conditions now.
public struct PointInfo: Sendable, Equatable {
    public var coordinate: Coordinate
    /// The coordinates as the reader writes them (decimal, DMS or degrees and decimal minutes).
    public var coordinates: String
    public var place: PlaceLabel?
    /// Up to five live spots, nearest first.
    public var nearestSpots: [NearSpot]
    public var nearestRoad: NearestRoad?
    public var distance: PointDistance?
    public var conditions: ConditionsSnapshot?

    /// A saved spot near the point: how far, and in which direction from the point.
    public struct NearSpot: Sendable, Equatable {
        public var spot: Spot
        public var meters: Double
        public var bearing: Double
    }

    /// The geodesic distance and initial bearing from the point to another.
    public struct PointDistance: Sendable, Equatable {
        public var other: Coordinate
        public var meters: Double
        public var bearing: Double
    }

    /// The parts computed at once, offline: coordinates, place and nearest spots.
    public static func make(
        _ coordinate: Coordinate, style: CoordinateStyle, labeler: (any PlaceLabeling)?, spots: [Spot]
    ) -> PointInfo {
        PointInfo(
            coordinate: coordinate, coordinates: coordinate.formatted(style),
            place: labeler?.label(latitude: coordinate.latitude, longitude: coordinate.longitude),
            nearestSpots: Array(nearest(spots, to: coordinate).prefix(5)))
    }

    /// Live spots by geodesic distance from a point, nearest first.
    public static func nearest(_ spots: [Spot], to here: Coordinate) -> [NearSpot] {
        spots.filter { $0.deletedAt == nil }
            .map { spot in
                let line = Geodesic.inverse(
                    from: here, to: Coordinate(latitude: spot.latitude, longitude: spot.longitude))
                return NearSpot(spot: spot, meters: line.meters, bearing: line.initialBearing)
            }
            .sorted { $0.meters < $1.meters }
    }
}

/// Fills in a ``PointInfo`` (issue 15 §4): the offline parts at once, the nearest road from the
/// installed pack that covers the point, and the conditions from the weather service within a
/// short budget (offline, the almanac's fields still come; see ``WeatherService``).
public struct PointInfoService: Sendable {
    let labeler: (any PlaceLabeling)?
    let packs: MapPackService?
    let weather: WeatherService?

    public init(labeler: (any PlaceLabeling)?, packs: MapPackService?, weather: WeatherService?) {
        self.labeler = labeler
        self.packs = packs
        self.weather = weather
    }

    public func info(
        at coordinate: Coordinate, style: CoordinateStyle = .decimal, spots: [Spot] = [], to other: Coordinate? = nil,
        by mode: TravelMode = .car, now: Date = Date(), budget: Duration = .seconds(3)
    ) async -> PointInfo {
        var info = PointInfo.make(coordinate, style: style, labeler: labeler, spots: spots)
        if let other {
            let line = Geodesic.inverse(from: coordinate, to: other)
            info.distance = PointInfo.PointDistance(other: other, meters: line.meters, bearing: line.initialBearing)
        }
        if let router = try? packs?.router(covering: [coordinate]) {
            info.nearestRoad = router.nearestRoad(to: coordinate, by: mode)
        }
        if let weather,
            case .success(let snapshot) = await weather.conditions(
                at: WeatherPlace(coordinate: coordinate), time: now, budget: budget)
        {
            info.conditions = snapshot
        }
        return info
    }
}
