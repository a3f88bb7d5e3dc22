/// The answer to "how far is it from A to B, and in which direction?" on the WGS84 ellipsoid:
/// the length of the shortest path and the bearings at both of its ends (T9 distance between
/// points, computed on the device without any map service: T10).
public struct GeodesicInverse: Sendable, Equatable {
    /// Length of the shortest path (the geodesic), in metres.
    public var meters: Double
    /// Bearing at the start, in degrees clockwise from true north, on [0, 360).
    public var initialBearing: Double
    /// Bearing at the end, in the direction of travel, in degrees on [0, 360).
    public var finalBearing: Double

    public init(meters: Double, initialBearing: Double, finalBearing: Double) {
        self.meters = meters
        self.initialBearing = initialBearing
        self.finalBearing = finalBearing
    }
}

/// The answer to "where do I arrive if I go this far on this bearing?" on the WGS84 ellipsoid
/// (T9: placing a point at a distance and bearing from a spot; T10: works offline).
public struct GeodesicDirect: Sendable, Equatable {
    /// The point reached; its longitude is reduced to [-180, 180].
    public var destination: Coordinate
    /// Bearing on arrival, in the direction of travel, in degrees on [0, 360).
    public var finalBearing: Double

    public init(destination: Coordinate, finalBearing: Double) {
        self.destination = destination
        self.finalBearing = finalBearing
    }
}

/// Distances and bearings on the WGS84 ellipsoid (a = 6 378 137 m, f = 1/298.257223563) by
/// Karney's algorithms ("Algorithms for geodesics", J. Geodesy 87, 43–55, 2013): accurate to
/// a few nanometres for any pair of points, antipodal ones included, and computed on the
/// device (T9 distance between points and along a track; T10 offline location data).
///
/// Latitudes must lie in -90...90 (`Coordinate(validatingLatitude:longitude:)` guarantees it);
/// any other latitude, or a non-finite value, gives NaN results. Longitudes are used modulo
/// 360° here. Bearings at a pole are the limits as the pole is approached along the meridian
/// of the given longitude.
public enum Geodesic {
    /// The shortest path from one point to another. When the points coincide (the same
    /// coordinates, or the same pole whatever the longitudes) the distance is 0 and both
    /// bearings are 0 by convention, since no direction is defined.
    public static func inverse(from start: Coordinate, to end: Coordinate) -> GeodesicInverse {
        guard start.hasUsableLatitude, end.hasUsableLatitude,
            start.longitude.isFinite, end.longitude.isFinite
        else {
            return GeodesicInverse(meters: .nan, initialBearing: .nan, finalBearing: .nan)
        }
        let solution = Ellipsoid.wgs84.inverse(
            latitude1: start.latitude, longitude1: start.longitude,
            latitude2: end.latitude, longitude2: end.longitude)
        return GeodesicInverse(
            meters: solution.distance, initialBearing: solution.initialBearing,
            finalBearing: solution.finalBearing)
    }

    /// The point `meters` metres from `start` along the geodesic that leaves it on
    /// `initialBearing` (degrees clockwise from true north, any finite value). A negative
    /// distance goes backwards along the same geodesic.
    public static func direct(from start: Coordinate, initialBearing: Double, meters: Double) -> GeodesicDirect {
        guard start.hasUsableLatitude, start.longitude.isFinite, initialBearing.isFinite, meters.isFinite else {
            return GeodesicDirect(destination: Coordinate(latitude: .nan, longitude: .nan), finalBearing: .nan)
        }
        let solution = Ellipsoid.wgs84.direct(
            latitude: start.latitude, longitude: start.longitude, bearing: initialBearing, distance: meters)
        return GeodesicDirect(
            destination: Coordinate(latitude: solution.latitude, longitude: solution.longitude),
            finalBearing: solution.finalBearing)
    }

    /// Length in metres of the polyline through `path` (a recorded track or a planned route),
    /// each leg being a geodesic; 0 for fewer than two points.
    public static func length(of path: [Coordinate]) -> Double {
        zip(path, path.dropFirst()).reduce(0) { total, leg in
            total + inverse(from: leg.0, to: leg.1).meters
        }
    }
}

extension Coordinate {
    fileprivate var hasUsableLatitude: Bool { (-90...90).contains(latitude) }
}
