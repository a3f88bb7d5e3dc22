import FishingModel
import Foundation
import Geodesy

/// How the angler writes coordinates.
public enum CoordinateNotation: String, Sendable, Codable, CaseIterable {
    case decimal, degreesMinutesSeconds, degreesDecimalMinutes

    var style: CoordinateStyle {
        switch self {
        case .decimal: .decimal
        case .degreesMinutesSeconds: .dms
        case .degreesDecimalMinutes: .ddm
        }
    }
}

/// Everything about a chosen point (T9, T10), computed on the device: the coordinates in the
/// angler's notation, the place (settlement, region, country) from the offline gazetteer, and
/// the saved spots nearest to it with their distances.
public struct PointInfo: Sendable, Equatable {
    public var coordinate: Coordinate
    public var coordinates: String
    public var place: PlaceLabel?
    /// Up to five live spots, nearest first, with their geodesic distance in metres.
    public var nearestSpots: [(spot: Spot, meters: Double)]

    public static func == (a: PointInfo, b: PointInfo) -> Bool {
        a.coordinate == b.coordinate && a.coordinates == b.coordinates && a.place == b.place
            && a.nearestSpots.map(\.spot.id) == b.nearestSpots.map(\.spot.id)
    }

    static func make(
        _ coordinate: Coordinate, notation: CoordinateNotation, labeler: (any PlaceLabeling)?, spots: [Spot]
    ) -> PointInfo {
        PointInfo(
            coordinate: coordinate, coordinates: coordinate.formatted(notation.style),
            place: labeler?.label(latitude: coordinate.latitude, longitude: coordinate.longitude),
            nearestSpots: Array(SpotDistances.sorted(spots, from: coordinate).prefix(5)))
    }
}

/// Live spots by geodesic distance from a point, nearest first.
enum SpotDistances {
    static func sorted(_ spots: [Spot], from here: Coordinate) -> [(spot: Spot, meters: Double)] {
        spots.filter { $0.deletedAt == nil }
            .map {
                (
                    $0,
                    Geodesic.inverse(from: here, to: Coordinate(latitude: $0.latitude, longitude: $0.longitude)).meters
                )
            }
            .sorted { $0.1 < $1.1 }
    }
}
