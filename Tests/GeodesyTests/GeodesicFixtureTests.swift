import Testing

@testable import Geodesy

@Suite("Geodesics against geographiclib's golden fixtures (T9 distance between points)")
struct GeodesicFixtureTests {
    let fixtures: GeodesicFixtures

    init() throws {
        fixtures = try GeodesicFixtures.load()
    }

    @Test("Given the fixture file, when loaded, then it holds the promised cases for WGS84")
    func fixtureShape() {
        #expect(fixtures.inverse.reduce(0) { $0 + $1.cases.count } >= 2000)
        #expect(fixtures.direct.reduce(0) { $0 + $1.cases.count } >= 500)
        #expect(fixtures.ellipsoid.a == Ellipsoid.wgs84.equatorialRadius)
        #expect(fixtures.ellipsoid.f == Ellipsoid.wgs84.flattening)
        #expect(fixtures.inverse.map(\.kind).contains("nearly antipodal"))
    }

    @Test(
        "Given every inverse fixture, when solved, then the distance agrees within 10 nm and the bearings within 1e-8°")
    func inverseMatchesGeographiclib() {
        for group in fixtures.inverse {
            var worstLength = 0.0
            var worstBearing = 0.0
            for c in group.cases.map(InverseCase.init) {
                let result = Geodesic.inverse(from: c.start, to: c.end)
                worstLength = max(worstLength, abs(result.meters - c.meters) / lengthTolerance(c.meters))
                let gap = max(
                    angleGap(result.initialBearing, c.initialBearing), angleGap(result.finalBearing, c.finalBearing))
                worstBearing = max(worstBearing, gap / bearingTolerance(c.meters))
                #expect((0..<360).contains(result.initialBearing) && (0..<360).contains(result.finalBearing))
            }
            #expect(worstLength <= 1, "\(group.kind): worst distance error is \(worstLength) of the tolerance")
            #expect(worstBearing <= 1, "\(group.kind): worst bearing error is \(worstBearing) of the tolerance")
        }
    }

    @Test("Given every inverse fixture, when solved, then the reduced length m12 agrees within 10 nm")
    func reducedLengthMatchesGeographiclib() {
        for group in fixtures.inverse {
            let worst =
                group.cases.map(InverseCase.init).map { c in
                    let result = Ellipsoid.wgs84.inverse(
                        latitude1: c.start.latitude, longitude1: c.start.longitude,
                        latitude2: c.end.latitude, longitude2: c.end.longitude)
                    return abs(result.reducedLength - c.reducedLength) / lengthTolerance(c.meters)
                }.max() ?? 0
            #expect(worst <= 1, "\(group.kind): worst m12 error is \(worst) of the tolerance")
        }
    }

    @Test(
        "Given every direct fixture, when solved, then the destination agrees within 10 nm and the bearing within 1e-8°"
    )
    func directMatchesGeographiclib() {
        for group in fixtures.direct {
            for c in group.cases.map(DirectCase.init) {
                let result = Geodesic.direct(from: c.start, initialBearing: c.initialBearing, meters: c.meters)
                let gap = gapMeters(result.destination, c.destination)
                #expect(gap <= lengthTolerance(c.meters), "\(group.kind) \(c.start) \(c.initialBearing)° \(c.meters) m")
                #expect(angleGap(result.finalBearing, c.finalBearing) <= 1e-8, "\(group.kind) \(c.start)")
                #expect((-180...180).contains(result.destination.longitude))
            }
        }
    }

    @Test("Given an ellipsoid with f = 1/10, when compared with geographiclib, then every sixth-order term is right")
    func flattenedEllipsoidMatches() {
        let shape = fixtures.flattened.ellipsoid
        let ellipsoid = Ellipsoid(equatorialRadius: shape.a, flattening: shape.f)
        for c in fixtures.flattened.inverse.map(InverseCase.init) {
            let result = ellipsoid.inverse(
                latitude1: c.start.latitude, longitude1: c.start.longitude,
                latitude2: c.end.latitude, longitude2: c.end.longitude)
            #expect(abs(result.distance - c.meters) <= lengthTolerance(c.meters))
            #expect(abs(result.reducedLength - c.reducedLength) <= lengthTolerance(c.meters))
            #expect(angleGap(result.initialBearing, c.initialBearing) <= 1e-8)
            #expect(angleGap(result.finalBearing, c.finalBearing) <= 1e-8)
        }
        for c in fixtures.flattened.direct.map(DirectCase.init) {
            let result = ellipsoid.direct(
                latitude: c.start.latitude, longitude: c.start.longitude, bearing: c.initialBearing, distance: c.meters)
            let reached = Coordinate(latitude: result.latitude, longitude: result.longitude)
            #expect(gapMeters(reached, c.destination) <= lengthTolerance(c.meters))
            #expect(angleGap(result.finalBearing, c.finalBearing) <= 1e-8)
        }
    }
}
