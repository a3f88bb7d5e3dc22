import AppFeatures
import DiaryServices
import Foundation
import Geodesy
import Routing
import SyncClient
import TestSupport
import Testing

/// The map's chosen point described in full (issue 15 §4): the nearest road from an installed
/// pack, and route problems in the angler's words.
@Suite("The map's chosen point")
@MainActor
struct MapPointTests {
    let formatter = MeasureFormatter(preferences: .defaults(for: .metric, language: .english), language: .english)

    struct NoPortal: SyncTransport {
        func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
            throw SyncTransportError("offline")
        }
    }

    @Test(
        "Given the sample pack on the device, when a point in Helsinki is chosen and described, then the nearest road and its distance are there, and a point elsewhere has none"
    )
    func nearestRoad() async throws {
        let f = try AppFixture()
        let maps = try temporaryFolder("map-point")
        defer { try? FileManager.default.removeItem(at: maps) }
        let pack = maps.appendingPathComponent("sample")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        try writeSampleMapPack(into: pack)
        try FileManager.default.moveItem(
            at: pack.appendingPathComponent("sample.json"), to: pack.appendingPathComponent("manifest.json"))
        let points = PointInfoService(
            labeler: BundledGazetteerLabeler(), packs: MapPackService(folder: maps, transport: { _ in NoPortal() }),
            weather: nil)
        let model = MapModel(
            diary: f.diary, labeler: BundledGazetteerLabeler(), location: FixedLocation(coordinate: nil),
            routes: FallbackRoutes([]), points: points, formatter: formatter)
        model.select(Coordinate(latitude: 60.1712, longitude: 24.9415))
        #expect(model.selected?.nearestRoad == nil, "the road comes with the slower description")
        await model.describeSelection()
        let road = try #require(model.selected?.nearestRoad)
        #expect(road.pack == "sample" && road.meters < 100)
        #expect(model.selected?.place?.settlement == "Helsinki")
        model.select(Coordinate(latitude: 56.84, longitude: 35.9))
        await model.describeSelection()
        #expect(model.selected?.nearestRoad == nil)
        #expect(model.conditionsText == nil)
    }

    @Test("Given each route problem, when shown, then each has its own message key")
    func routeProblemKeys() throws {
        let f = try AppFixture()
        let model = MapModel(
            diary: f.diary, labeler: nil, location: FixedLocation(coordinate: nil), routes: FallbackRoutes([]),
            formatter: formatter)
        let here = Coordinate(latitude: 60, longitude: 25)
        let keys = [RouteProblem.offline, .outsideArea(here), .noRoad(near: here, withinMeters: 2000), .noRoute].map(
            model.routeProblemKey)
        #expect(keys == ["map.offline", "map.outsidePacks", "map.noRoad", "map.noRoute"])
    }
}
