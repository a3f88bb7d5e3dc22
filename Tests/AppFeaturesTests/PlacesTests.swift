import AppFeatures
import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import Routing
import Testing

/// UI4, T8–T10: marking a spot on the map (labelled offline, nearby spots shown), spots by
/// distance, and the map's chosen point, measurement and route.
@Suite("Spots and the map (UI4, T8–T10)")
@MainActor
struct PlacesTests {
    let formatter = MeasureFormatter(preferences: .defaults(for: .metric, language: .english), language: .english)

    /// A router that draws a straight line, or finds no road.
    struct LineRouter: RouteProvider {
        let roads: Bool
        func route(from start: Coordinate, to end: Coordinate, by mode: TravelMode) async throws(RouteProblem) -> Route
        {
            guard roads else { throw .noRoute }
            return Route(
                points: [start, end], meters: Geodesic.inverse(from: start, to: end).meters * 1.3, seconds: 600,
                provider: "line")
        }
    }

    @Test(
        "Given no position, when Use my location is tapped, then the spot list says the position is unknown; a point picked clears it"
    )
    func useMyLocationWithoutAFix() async throws {
        let f = try AppFixture()
        let model = SpotsModel(
            diary: f.diary, labeler: nil, location: FixedLocation(coordinate: nil), formatter: formatter)
        await model.pickCurrentLocation()
        #expect(model.positionUnknown && model.marking == nil)
        model.pick(Coordinate(latitude: 56.9, longitude: 36))
        #expect(!model.positionUnknown)
    }

    @Test(
        "Given a point handed back by the map next to a saved spot, when picked, then it is labelled offline, the spot is shown as already there, and saving adds a spot"
    )
    func markOnTheMap() async throws {
        let f = try AppFixture()
        let here = Coordinate(latitude: 56.8415, longitude: 35.9)
        let model = SpotsModel(
            diary: f.diary, labeler: BundledGazetteerLabeler(), location: FixedLocation(coordinate: here),
            formatter: formatter)
        try await model.load()
        model.pick(here)
        let info = try #require(model.marking)
        #expect(info.place?.country == "Russian Federation")
        #expect(info.coordinates == "56.84150, 35.90000")
        #expect(info.nearestSpots.map(\.spot.id) == [f.spot.id])
        #expect(model.newName == info.place?.settlement)
        model.newName = ""
        #expect(await model.saveMarked() == nil)
        #expect(model.fieldErrors[.name] == "Required")
        model.newName = "Upper bend"
        model.newWaterBodyTypeId = "river"
        let spot = try #require(await model.saveMarked())
        #expect(spot.place != nil || spot.latitude == here.latitude)
        #expect(model.spots.first?.spot.id == spot.id, "the nearest spot to the angler comes first")
        #expect((model.spots.first?.meters ?? 1) < 1)
    }

    @Test(
        "Given the map, when a point is tapped and measured to a second, then the distance is the geodesic one in the angler's units"
    )
    func selectAndMeasure() async throws {
        let f = try AppFixture()
        let model = MapModel(
            diary: f.diary, labeler: BundledGazetteerLabeler(), location: FixedLocation(coordinate: nil),
            routes: LineRouter(roads: true), notation: .degreesMinutesSeconds, formatter: formatter)
        try await model.load()
        #expect(model.pins.map(\.spot.id) == [f.spot.id])
        model.select(Coordinate(latitude: 56.84, longitude: 35.9))
        #expect(model.selected?.nearestSpots.first?.spot.id == f.spot.id)
        #expect(model.selected?.coordinates.hasPrefix("56°50′24″N") == true)
        model.startMeasuring()
        model.select(Coordinate(latitude: 56.85, longitude: 35.9))
        let measured = try #require(model.measurement)
        // geographiclib 2.0: Geodesic.WGS84.Inverse(56.84, 35.9, 56.85, 35.9)["s12"]
        #expect(abs(measured.meters - 1_113.570_954_577_867) < 1e-6)
        #expect(measured.text == "1.11\u{a0}km")
        model.mode = .hybrid
        #expect(model.mode == .hybrid)
    }

    @Test(
        "Given a chosen point, when a route is asked, then the provider's route comes back; no position or no road is said plainly"
    )
    func routes() async throws {
        let f = try AppFixture()
        let start = Coordinate(latitude: 56.80, longitude: 35.85)
        let unknown = MapModel(
            diary: f.diary, labeler: nil, location: FixedLocation(coordinate: nil), routes: LineRouter(roads: true),
            formatter: formatter)
        unknown.select(Coordinate(latitude: 56.84, longitude: 35.9))
        await unknown.requestRoute()
        #expect(unknown.route == nil && unknown.routeProblem == nil && unknown.positionUnknown)
        let model = MapModel(
            diary: f.diary, labeler: nil, location: FixedLocation(coordinate: start), routes: LineRouter(roads: true),
            formatter: formatter)
        model.select(Coordinate(latitude: 56.84, longitude: 35.9))
        await model.requestRoute()
        #expect(model.route?.points.first == start)
        let noRoad = MapModel(
            diary: f.diary, labeler: nil, location: FixedLocation(coordinate: start), routes: LineRouter(roads: false),
            formatter: formatter)
        noRoad.select(Coordinate(latitude: 56.84, longitude: 35.9))
        await noRoad.requestRoute()
        #expect(noRoad.routeProblem == .noRoute)
        model.clearSelection()
        #expect(model.selected == nil && model.route == nil)
    }
}
