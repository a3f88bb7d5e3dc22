import Foundation
import Testing

@testable import Geodesy

@Suite("Geodesic properties: round trips, symmetry, antipodes, tracks (T9, T10)")
struct GeodesicPropertyTests {
    /// A fixed spread of points: every latitude band, both hemispheres, both sides of the
    /// antimeridian, the poles.
    static let points: [Coordinate] = {
        var points: [Coordinate] = []
        for (i, latitude) in [-90, -89.5, -71.3, -45, -12.25, -1e-7, 0, 3.5, 33.3, 55.7558, 80.1, 90].enumerated() {
            for longitude in [-180, -179.9999, -120.5, -37.6, 0, 0.000001, 61.1, 151.2, 179.99] {
                points.append(Coordinate(latitude: latitude, longitude: longitude + Double(i)))
            }
        }
        return points.map { Coordinate(latitude: $0.latitude, longitude: AngleMath.normalizedLongitude($0.longitude)) }
    }()

    @Test("Given two points, when the inverse answer is fed to the direct problem, then it arrives at the second point")
    func directUndoesInverse() {
        for start in Self.points {
            for end in Self.points {
                let inverse = Geodesic.inverse(from: start, to: end)
                guard inverse.meters > 0 else { continue }
                let direct = Geodesic.direct(
                    from: start, initialBearing: inverse.initialBearing, meters: inverse.meters)
                #expect(Geodesic.inverse(from: direct.destination, to: end).meters <= 2e-8, "\(start) → \(end)")
                if abs(end.latitude) < 90 {
                    #expect(angleGap(direct.finalBearing, inverse.finalBearing) <= 1e-8, "\(start) → \(end)")
                }
            }
        }
    }

    @Test(
        "Given two points, when the path is taken backwards, then the distance is the same and the bearings are reversed"
    )
    func reversedPath() {
        for start in Self.points {
            for end in Self.points {
                let there = Geodesic.inverse(from: start, to: end)
                let back = Geodesic.inverse(from: end, to: start)
                #expect(there.meters == back.meters, "\(start) ↔ \(end)")
                guard there.meters > 0, abs(start.latitude) < 90, abs(end.latitude) < 90,
                    there.meters < 19_990_000
                else { continue }
                #expect(angleGap(back.initialBearing, there.finalBearing + 180) <= 1e-9, "\(start) ↔ \(end)")
                #expect(angleGap(back.finalBearing, there.initialBearing + 180) <= 1e-9, "\(start) ↔ \(end)")
            }
        }
    }

    @Test(
        "Given a pair of points, when mirrored north–south or east–west, then the distance does not change and the bearings mirror"
    )
    func mirroredPath() {
        for start in Self.points where abs(start.latitude) < 90 {
            for end in Self.points where abs(end.latitude) < 90 && end != start {
                let path = Geodesic.inverse(from: start, to: end)
                let flipped = Geodesic.inverse(
                    from: Coordinate(latitude: -start.latitude, longitude: start.longitude),
                    to: Coordinate(latitude: -end.latitude, longitude: end.longitude))
                let mirrored = Geodesic.inverse(
                    from: Coordinate(latitude: start.latitude, longitude: -start.longitude),
                    to: Coordinate(latitude: end.latitude, longitude: -end.longitude))
                #expect(abs(flipped.meters - path.meters) <= 1e-8 && abs(mirrored.meters - path.meters) <= 1e-8)
                guard path.meters < 19_990_000 else { continue }
                #expect(angleGap(flipped.initialBearing, 180 - path.initialBearing) <= 1e-9, "\(start) → \(end)")
                #expect(angleGap(mirrored.initialBearing, -path.initialBearing) <= 1e-9, "\(start) → \(end)")
            }
        }
    }

    @Test(
        "Given two points on the equator half the world apart, when measured, then the path runs over a pole, half a meridian long"
    )
    func equatorialAntipodes() {
        let halfMeridian = 20_003_931.458_625_45
        for longitude in [-180.0, -97.5, 0, 12.25, 179.5] {
            let start = Coordinate(latitude: 0, longitude: longitude)
            let end = Coordinate(latitude: 0, longitude: AngleMath.normalizedLongitude(longitude + 180))
            let result = Geodesic.inverse(from: start, to: end)
            #expect(abs(result.meters - halfMeridian) <= 1e-8)
            #expect(result.initialBearing == 0 && result.finalBearing == 180)
        }
        let alongEquator = Geodesic.inverse(
            from: Coordinate(latitude: 0, longitude: 0), to: Coordinate(latitude: 0, longitude: 179))
        #expect(abs(alongEquator.meters - Ellipsoid.wgs84.equatorialRadius * 179 * AngleMath.radiansPerDegree) <= 1e-8)
        #expect(alongEquator.initialBearing == 90 && alongEquator.finalBearing == 90)
    }

    @Test(
        "Given points ever nearer to each other's antipode, when measured, then the iteration converges, the path closes and no path beats half a meridian"
    )
    func nearlyAntipodalConvergence() {
        let halfMeridian = 20_003_931.458_625_45
        for latitude in [0.0, -1e-9, -0.001, -0.5, -15, -45, -75, -89.999] {
            for exponent in stride(from: -14.0, through: -0.5, by: 0.5) {
                let offset = pow(10, exponent)
                for (dLatitude, dLongitude) in [
                    (offset, 0.0), (0, -offset), (-offset, offset), (offset / 3, offset * 7),
                ] {
                    let start = Coordinate(latitude: latitude, longitude: 10)
                    let end = Coordinate(
                        latitude: max(-90, min(90, -latitude + dLatitude)), longitude: -170 + dLongitude)
                    let result = Geodesic.inverse(from: start, to: end)
                    #expect(result.meters <= halfMeridian + 1e-8 && result.meters > 19_700_000, "\(start) → \(end)")
                    let arrival = Geodesic.direct(
                        from: start, initialBearing: result.initialBearing, meters: result.meters)
                    #expect(Geodesic.inverse(from: arrival.destination, to: end).meters <= 2e-8, "\(start) → \(end)")
                }
            }
        }
    }

    @Test(
        "Given a deliberately poor starting azimuth, when iterating, then the bracket and bisection still reach the solution"
    )
    func bisectionRecoversFromPoorStart() {
        let cases: [(Double, Double, Double)] = [
            (-30, 29.9, 179.8), (-0.5, 0.4, 179.7), (-60, 10, 120), (-1e-5, 0, 179.9),
        ]
        for (latitude1, latitude2, lambda12) in cases {
            let expected = Ellipsoid.wgs84.inverse(
                latitude1: latitude1, longitude1: 0, latitude2: latitude2, longitude2: lambda12)
            for start in [0.0, 1e-6, 45, 90, 179.999999, 180] {
                let result = Ellipsoid.wgs84.iterate(
                    latitude1: latitude1, latitude2: latitude2, lambda12: lambda12, startingBearing: start)
                #expect(abs(result.distance - expected.distance) <= 1e-8, "start \(start)°")
                #expect(angleGap(result.initialBearing, expected.initialBearing) <= 1e-8, "start \(start)°")
            }
        }
    }

    @Test(
        "Given the astroid equation, when solved, then its root satisfies it for points inside and outside the astroid")
    func astroidRoot() {
        for x in [-3.0, -1.2, -1, -0.7, -0.1, -1e-9, 0] {
            for y in [-2.0, -0.9, -0.3, -1e-3, -1e-12] {
                let mu = Ellipsoid.astroidRoot(x: x, y: y)
                let residual = x * x / ((1 + mu) * (1 + mu)) + y * y / (mu * mu) - 1
                #expect(mu > 0 && abs(residual) <= 1e-12, "x \(x), y \(y)")
            }
        }
    }

    @Test("Given the same point twice, when measured, then the distance is 0 and both bearings are 0 by convention")
    func coincidentPoints() {
        for point in Self.points {
            #expect(
                Geodesic.inverse(from: point, to: point)
                    == GeodesicInverse(meters: 0, initialBearing: 0, finalBearing: 0))
        }
        let pole = Geodesic.inverse(
            from: Coordinate(latitude: 90, longitude: 10), to: Coordinate(latitude: 90, longitude: -75))
        #expect(pole == GeodesicInverse(meters: 0, initialBearing: 0, finalBearing: 0))
        let sameDirection = Geodesic.inverse(
            from: Coordinate(latitude: 40, longitude: -180), to: Coordinate(latitude: 40, longitude: 180))
        #expect(sameDirection.meters == 0)
    }

    @Test("Given a track, when its length is taken, then it is the sum of its legs, 0 for fewer than two points")
    func polylineLength() {
        let track = [
            Coordinate(latitude: 55.7558, longitude: 37.6173), Coordinate(latitude: 55.7601, longitude: 37.6189),
            Coordinate(latitude: 55.7601, longitude: 37.6189), Coordinate(latitude: 55.7702, longitude: 37.5907),
            Coordinate(latitude: -33.86, longitude: 151.2),
        ]
        var sum = 0.0
        for (a, b) in zip(track, track.dropFirst()) {
            sum += Geodesic.inverse(from: a, to: b).meters
        }
        #expect(Geodesic.length(of: track) == sum)
        #expect(Geodesic.length(of: []) == 0)
        #expect(Geodesic.length(of: [track[0]]) == 0)
        #expect(Geodesic.length(of: Array(track.prefix(2))) == Geodesic.inverse(from: track[0], to: track[1]).meters)
    }

    @Test(
        "Given points laid along one geodesic, when the track through them is measured, then it is as long as the geodesic"
    )
    func trackAlongOneGeodesic() {
        let start = Coordinate(latitude: 52.1, longitude: 104.3)
        let total = 3_456_789.0
        let track = (0...40).map {
            Geodesic.direct(from: start, initialBearing: 247.5, meters: total * Double($0) / 40).destination
        }
        #expect(abs(Geodesic.length(of: track) - total) <= 1e-7)
    }

    @Test(
        "Given a latitude outside -90…90 or a value that is not finite, when measured, then the answer is NaN rather than a wrong number"
    )
    func invalidInput() {
        let good = Coordinate(latitude: 10, longitude: 20)
        for bad in [
            Coordinate(latitude: 91, longitude: 0), Coordinate(latitude: .nan, longitude: 0),
            Coordinate(latitude: 0, longitude: .infinity),
        ] {
            #expect(Geodesic.inverse(from: good, to: bad).meters.isNaN)
            #expect(Geodesic.inverse(from: bad, to: good).initialBearing.isNaN)
            #expect(Geodesic.direct(from: bad, initialBearing: 0, meters: 1).destination.latitude.isNaN)
        }
        #expect(Geodesic.direct(from: good, initialBearing: .nan, meters: 1).finalBearing.isNaN)
        #expect(Geodesic.direct(from: good, initialBearing: 0, meters: .infinity).destination.longitude.isNaN)
    }

    @Test("Given longitudes written beyond ±180, when measured, then they count modulo 360°")
    func longitudesModulo360() {
        let a = Geodesic.inverse(
            from: Coordinate(latitude: 10, longitude: 370), to: Coordinate(latitude: -5, longitude: -350))
        let b = Geodesic.inverse(
            from: Coordinate(latitude: 10, longitude: 10), to: Coordinate(latitude: -5, longitude: 10))
        #expect(abs(a.meters - b.meters) <= 1e-8 && angleGap(a.initialBearing, b.initialBearing) <= 1e-12)
    }
}
