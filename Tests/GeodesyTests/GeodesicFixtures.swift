import Foundation

@testable import Geodesy

/// The golden cases in Fixtures/geodesic.json, made by tools/make_geodesy_fixtures.py with
/// geographiclib (the script describes the layout).
struct GeodesicFixtures: Decodable {
    struct Group: Decodable {
        var kind: String
        var cases: [[Double]]
    }

    struct Shape: Decodable {
        var a: Double
        var f: Double
    }

    struct Flattened: Decodable {
        var ellipsoid: Shape
        var inverse: [[Double]]
        var direct: [[Double]]
    }

    var geographiclib: String
    var ellipsoid: Shape
    var inverse: [Group]
    var direct: [Group]
    var flattened: Flattened

    static func load() throws -> GeodesicFixtures {
        guard let url = Bundle.module.url(forResource: "geodesic", withExtension: "json", subdirectory: "Fixtures")
        else {
            throw CocoaError(.fileNoSuchFile)
        }
        return try JSONDecoder().decode(GeodesicFixtures.self, from: Data(contentsOf: url))
    }
}

/// One inverse case: [lat1, lon1, lat2, lon2, s12, azi1, azi2, m12].
struct InverseCase {
    var start: Coordinate
    var end: Coordinate
    var meters: Double
    var initialBearing: Double
    var finalBearing: Double
    var reducedLength: Double

    init(_ c: [Double]) {
        start = Coordinate(latitude: c[0], longitude: c[1])
        end = Coordinate(latitude: c[2], longitude: c[3])
        (meters, initialBearing, finalBearing, reducedLength) = (c[4], c[5], c[6], c[7])
    }
}

/// One direct case: [lat1, lon1, azi1, s12, lat2, lon2, azi2].
struct DirectCase {
    var start: Coordinate
    var initialBearing: Double
    var meters: Double
    var destination: Coordinate
    var finalBearing: Double

    init(_ c: [Double]) {
        start = Coordinate(latitude: c[0], longitude: c[1])
        (initialBearing, meters) = (c[2], c[3])
        destination = Coordinate(latitude: c[4], longitude: c[5])
        finalBearing = c[6]
    }
}

/// The absolute difference of two angles in degrees, 360° counting as 0°.
func angleGap(_ x: Double, _ y: Double) -> Double {
    abs((x - y).remainder(dividingBy: 360))
}

/// Largest allowed length error, in metres, for a line `meters` long: 10 nm, plus rounding
/// that grows with the length (3e-16 of it, about one unit in the last place of 2e7 m).
func lengthTolerance(_ meters: Double) -> Double {
    1e-8 + 3e-16 * abs(meters)
}

/// Largest allowed bearing error, in degrees, for a line `meters` long: 1e-8°, except that
/// on lines under a few metres it is 2e-9 m / s radians. Rounding sin φ and cos φ to doubles
/// moves an end by up to about a nanometre (here and in geographiclib alike), which turns a
/// line of length s by up to 1e-9/s radians: on such lines that, not the algorithm, limits
/// the agreement.
func bearingTolerance(_ meters: Double) -> Double {
    max(1e-8, 2e-9 / meters / AngleMath.radiansPerDegree)
}

/// How far apart two nearby points are, in metres, from their latitude and longitude
/// differences (plenty accurate for the nanometre gaps compared here).
func gapMeters(_ p: Coordinate, _ q: Coordinate) -> Double {
    let radians = AngleMath.radiansPerDegree * Ellipsoid.wgs84.equatorialRadius
    let north = (p.latitude - q.latitude) * radians
    let east = angleGap(p.longitude, q.longitude) * radians * AngleMath.sinCos(degrees: q.latitude).cos
    return hypot(north, east)
}
