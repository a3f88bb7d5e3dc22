import FishingModel
import Foundation
import TestSupport
import Testing

/// The place a shared link may carry (issue 34 §4): squares of about 1 km and 10 km that hold the
/// spot, the same square for every point in it, and nothing finer allowed through.
@Suite("Share precision")
struct SharePrecisionTests {
    /// Metres between two points on a sphere of the Earth's mean radius (the grid is "about" a
    /// size; a sphere is precise enough to check it).
    static func metres(_ a: SharedPoint, _ b: SharedPoint) -> Double {
        let (la, lb) = (a.latitude * .pi / 180, b.latitude * .pi / 180)
        let dLat = lb - la
        let dLon = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(la) * cos(lb) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
    }

    @Test(
        "Given points all over the globe, when moved into their 1 km and 10 km squares, then each square holds its point, is about its size on the ground, and gives its centre back unchanged",
        arguments: [SharePrecision.about1km, .about10km])
    func squaresHoldTheirPoints(precision: SharePrecision) throws {
        var random = SeededRandom(seed: 34)
        let side = try #require(precision.cellMeters)
        for _ in 0..<5_000 {
            let latitude = random.nextDouble() * 170 - 85
            let longitude = random.nextDouble() * 360 - 180
            let square = ShareGrid(cellMeters: side).square(latitude: latitude, longitude: longitude)
            #expect(square.south <= latitude && latitude <= square.north)
            #expect(square.west <= longitude && longitude <= square.east)
            let centre = try #require(precision.sharedPoint(latitude: latitude, longitude: longitude))
            let height = Self.metres(
                SharedPoint(latitude: square.south, longitude: centre.longitude),
                SharedPoint(latitude: square.north, longitude: centre.longitude))
            let width = Self.metres(
                SharedPoint(latitude: centre.latitude, longitude: square.west),
                SharedPoint(latitude: centre.latitude, longitude: square.east))
            #expect(abs(height - side) / side < 0.01, "\(height) m tall")
            // The last column before the antimeridian is what is left of the band: narrower.
            if square.east < 180 { #expect(abs(width - side) / side < 0.02, "\(width) m wide") }
            #expect(Self.metres(centre, SharedPoint(latitude: latitude, longitude: longitude)) <= side * 0.72)
            #expect(precision.sharedPoint(latitude: centre.latitude, longitude: centre.longitude) == centre)
            #expect(precision.allows(centre))
        }
    }

    @Test(
        "Given many catches from one spot, when each is shared at 1 km, then every link carries one and the same point")
    func oneSquareForOneSpot() throws {
        let spot = (latitude: 60.178_31, longitude: 24.927_64)
        var random = SeededRandom(seed: 7)
        let square = ShareGrid(cellMeters: 1_000).square(latitude: spot.latitude, longitude: spot.longitude)
        let shared = Set(
            (0..<200).compactMap { _ -> String? in
                let latitude = square.south + random.nextDouble() * (square.north - square.south)
                let longitude = square.west + random.nextDouble() * (square.east - square.west)
                return SharePrecision.about1km.sharedPoint(latitude: latitude, longitude: longitude)
                    .map { "\($0.latitude),\($0.longitude)" }
            })
        #expect(shared.count == 1, "averaging the links gives nothing finer than the square")
    }

    @Test("Given a precision, then only the points it can produce are allowed and region or none carry no point")
    func allowedPoints() throws {
        let exact = try #require(SharePrecision.exact.sharedPoint(latitude: 56.123_456_7, longitude: 37.987_654_3))
        #expect(exact == SharedPoint(latitude: 56.123_46, longitude: 37.987_65))
        #expect(SharePrecision.exact.allows(exact))
        #expect(!SharePrecision.about1km.allows(exact), "a spot is not a square's centre")
        #expect(!SharePrecision.about10km.allows(SharePrecision.about1km.sharedPoint(latitude: 56.1, longitude: 37.9)))
        for precision in [SharePrecision.region, .none] {
            #expect(precision.sharedPoint(latitude: 56, longitude: 37) == nil)
            #expect(precision.allows(nil))
            #expect(!precision.allows(SharedPoint(latitude: 56, longitude: 37)))
        }
        #expect(!SharePrecision.exact.allows(nil))
        #expect(SharePrecision.exact.sharedPoint(latitude: .nan, longitude: 0) == nil)
        #expect(SharePrecision.about1km.sharedPoint(latitude: 91, longitude: 0) == nil)
    }

    @Test("Given the poles and the antimeridian, then their squares lie on the globe and give their centres back")
    func edgesOfTheGlobe() throws {
        for (latitude, longitude) in [(90.0, 180.0), (-90.0, -180.0), (89.999_9, 179.999), (0, 180), (-0.000_1, -180)] {
            for precision in [SharePrecision.about1km, .about10km] {
                let centre = try #require(precision.sharedPoint(latitude: latitude, longitude: longitude))
                #expect(abs(centre.latitude) <= 90 && abs(centre.longitude) <= 180)
                #expect(precision.allows(centre), "\(latitude), \(longitude) at \(precision)")
            }
        }
    }
}
