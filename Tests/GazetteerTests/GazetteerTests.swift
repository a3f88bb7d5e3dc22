import Foundation
import Geodesy
import TestSupport
import Testing

@testable import Gazetteer

@Suite("Offline gazetteer (T9, T10)")
struct GazetteerTests {
    let gazetteer: Gazetteer

    init() throws { gazetteer = try Gazetteer.bundled() }

    /// The nearest settlement by scanning every one: the oracle for the k-d tree.
    func bruteForceNearest(_ latitude: Double, _ longitude: Double) -> Int {
        let q = Gazetteer.unitVector(latitude, longitude)
        var best = (index: -1, distance: Double.infinity)
        for i in 0..<gazetteer.count {
            let s = gazetteer.settlement(at: i)
            let d = Gazetteer.unitVector(s.latitude, s.longitude) - q
            let squared = (d * d).sum()
            if squared < best.distance { best = (i, squared) }
        }
        return best.index
    }

    @Test("Given the bundled data, when loaded, then it holds the GeoNames cities1000 settlements")
    func loads() {
        #expect(gazetteer.count > 150_000)
    }

    @Test("Given random points, when the nearest settlement is looked up, then it equals a brute-force scan")
    func matchesBruteForce() {
        var generator = SeededRandom(seed: 42)
        for _ in 0..<300 {
            let latitude = Double.random(in: -90...90, using: &generator)
            let longitude = Double.random(in: -180...180, using: &generator)
            #expect(
                gazetteer.nearestIndex(latitude: latitude, longitude: longitude)
                    == bruteForceNearest(latitude, longitude),
                "at \(latitude), \(longitude)")
        }
    }

    @Test(
        "Given points at the antimeridian and the poles, when looked up, then the answer is the true nearest",
        arguments: [
            (-16.5, 179.99), (-16.5, -179.99), (65.7, -168.9), (64.5, 179.9), (89.9, 0), (-89.9, 45), (78.2, 15.6),
        ])
    func hardPlaces(latitude: Double, longitude: Double) {
        #expect(
            gazetteer.nearestIndex(latitude: latitude, longitude: longitude) == bruteForceNearest(latitude, longitude))
    }

    @Test("Given a point near Dubna, when described, then distance, direction, region and country are named")
    func describesNearby() throws {
        let place = try gazetteer.place(latitude: 56.77, longitude: 37.22)
        #expect(place.settlement == "Dubna")
        #expect(place.region == "Moscow Oblast")
        #expect(place.country == "Russian Federation")
        #expect(place.countryCode == "RU")
        #expect(abs(place.distanceKm - 3.8733) < 0.0001, "geographiclib: 3.8733 km")
        #expect(abs(place.bearingFromSettlement - 31.949) < 0.001, "geographiclib: 31.949°")
        #expect(place.description == "3.9 km NE of Dubna, Moscow Oblast, Russian Federation")
        let check = Geodesic.inverse(
            from: Coordinate(latitude: 56.74049, longitude: 37.18648), to: Coordinate(latitude: 56.77, longitude: 37.22)
        )
        #expect(abs(place.distanceKm - check.meters / 1000) < 1e-9)
    }

    @Test("Given a point in a settlement, when described, then the description is just its name")
    func describesInside() throws {
        #expect(
            try gazetteer.place(latitude: 56.7405, longitude: 37.1865).description
                == "Dubna, Moscow Oblast, Russian Federation")
    }

    @Test("Given the middle of the Pacific, when described, then it says no settlement is near and names the nearest")
    func describesFar() throws {
        let place = try gazetteer.place(latitude: -40, longitude: -130)
        #expect(place.distanceKm > 50)
        #expect(place.description.hasPrefix("no settlement within 50 km; nearest: "))
    }

    @Test(
        "Given invalid points, when described, then a clear error names the value",
        arguments: [(91.0, 0.0), (0.0, 181.0), (Double.nan, 0.0), (0.0, Double.infinity)])
    func invalidPoints(latitude: Double, longitude: Double) {
        #expect(throws: GazetteerError.self) { try gazetteer.place(latitude: latitude, longitude: longitude) }
        #expect(gazetteer.label(latitude: latitude, longitude: longitude) == nil)
    }

    @Test("Given a name prefix, when searched, then matches ignore case and diacritics and come by population")
    func search() throws {
        let moscow = try gazetteer.search("mosc", limit: 3)
        #expect(moscow.first?.name == "Moscow")
        #expect(moscow.map(\.population) == moscow.map(\.population).sorted(by: >))
        #expect(try gazetteer.search("sao paulo", limit: 1).first?.name == "São Paulo")
        #expect(try gazetteer.search("SÃO PAULO", limit: 1).first?.countryCode == "BR")
        #expect(try gazetteer.search("Dubna", country: "RU", region: "Tula Oblast").map(\.region) == ["Tula Oblast"])
        #expect(try gazetteer.search("Dubna", country: "Russia").count == 2)
        #expect(try gazetteer.search("Dubna", country: "US").isEmpty)
        #expect(try gazetteer.search("zzzzqx").isEmpty)
        #expect(throws: GazetteerError.emptySearch) { try gazetteer.search("  ") }
    }

    @Test("Given names with special letters, when folded, then they match the Python folding rule")
    func folding() {
        #expect(NameFolding.fold("Ørsta") == "orsta")
        #expect(NameFolding.fold("Łódź") == "lodz")
        #expect(NameFolding.fold("Straße") == "strasse")
        #expect(NameFolding.fold("Sant Julià de Lòria") == "sant julia de loria")
    }

    @Test("Given bearings, when named, then the 8-point compass is used")
    func compass() {
        #expect(Gazetteer.compassPoint(0) == "N")
        #expect(Gazetteer.compassPoint(22.4) == "N")
        #expect(Gazetteer.compassPoint(22.6) == "NE")
        #expect(Gazetteer.compassPoint(359.9) == "N")
        #expect(Gazetteer.compassPoint(200) == "S")
    }

    @Test("Given a damaged file, when loaded, then a clear error is raised, never a crash")
    func damagedFile() throws {
        let url = try temporaryFolder("gazetteer").appendingPathComponent("damaged.bin")
        let original = try Data(contentsOf: try #require(Gazetteer.bundledFileURL))
        for damaged in [Data(), Data("HSGZ".utf8), original.prefix(1000), original.dropLast(1)] {
            try damaged.write(to: url)
            #expect(throws: GazetteerError.self) { try Gazetteer(contentsOf: url) }
        }
    }
}
