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
        "Given no position, when Use my location is tapped, then the spot list says the position is unknown and no sheet opens; a fix clears it"
    )
    func useMyLocationWithoutAFix() async throws {
        let f = try AppFixture()
        let location = FixedLocation(coordinate: nil)
        let model = SpotsModel(diary: f.diary, location: location, formatter: formatter)
        #expect(await model.currentPosition() == nil)
        #expect(model.positionUnknown)
        let found = SpotsModel(
            diary: f.diary, location: FixedLocation(coordinate: Coordinate(latitude: 56.9, longitude: 36)),
            formatter: formatter)
        #expect(await found.currentPosition() != nil)
        #expect(!found.positionUnknown)
    }

    @Test(
        "Given the new-spot sheet and a tap next to a saved spot, then the point is labelled offline, the spot is shown as already there, and Use this point saves the spot, hands it back and closes the sheet"
    )
    func markOnTheMap() async throws {
        let f = try AppFixture()
        let here = Coordinate(latitude: 56.8415, longitude: 35.9)
        let marking = SpotMarkingModel(diary: f.diary, labeler: BundledGazetteerLabeler(), formatter: formatter)
        var handedBack: Spot?
        await marking.begin { handedBack = $0 }
        #expect(marking.isShown && marking.marking == nil)
        #expect(await marking.use() == nil, "nothing is saved before a point is chosen")
        marking.pick(here)
        let info = try #require(marking.marking)
        #expect(info.place?.country == "Russian Federation")
        #expect(info.coordinates == "56.84150, 35.90000")
        #expect(info.nearestSpots.map(\.spot.id) == [f.spot.id])
        #expect(marking.newName == info.place?.settlement)
        marking.newName = ""
        #expect(await marking.use() == nil)
        #expect(marking.fieldErrors[.name] == "Required" && marking.isShown, "the sheet stays with the problem")
        marking.newName = "Upper bend"
        marking.newWaterBodyTypeId = "river"
        let spot = try #require(await marking.use())
        #expect(handedBack?.id == spot.id)
        #expect(!marking.isShown && marking.marking == nil && marking.newName.isEmpty)
        let spots = SpotsModel(diary: f.diary, location: FixedLocation(coordinate: here), formatter: formatter)
        try await spots.load()
        #expect(spots.spots.first?.spot.id == spot.id, "the nearest spot to the angler comes first")
        #expect((spots.spots.first?.meters ?? 1) < 1)
    }

    @Test(
        "Given the new-spot sheet with a point and a name, when cancelled, then nothing is saved, nothing is handed back, and the next sheet starts empty"
    )
    func cancelMarking() async throws {
        let f = try AppFixture()
        let marking = SpotMarkingModel(diary: f.diary, labeler: BundledGazetteerLabeler(), formatter: formatter)
        var handedBack = false
        await marking.begin(at: Coordinate(latitude: 60.17, longitude: 24.95)) { _ in handedBack = true }
        marking.newName = "Harbour"
        marking.cancel()
        #expect(!marking.isShown && !handedBack)
        #expect(try await f.diary.read { try $0.spots.list() }.map(\.id) == [f.spot.id])
        await marking.begin()
        #expect(marking.marking == nil && marking.newName.isEmpty)
    }

    @Test(
        "Given a trip's form, when a spot is marked on the map from it, then the new spot is the trip's and among the picker's choices"
    )
    func tripTakesTheMarkedSpot() async throws {
        let f = try AppFixture()
        let editor = TripEditorModel(diary: f.diary, conditions: nil, formatter: formatter)
        try await editor.load()
        let marking = SpotMarkingModel(diary: f.diary, labeler: nil, formatter: formatter)
        await marking.begin(at: Coordinate(latitude: 60.17, longitude: 24.95)) { await editor.useNewSpot($0) }
        marking.newName = "Harbour"
        let spot = try #require(await marking.use())
        #expect(editor.draft.spotId == spot.id)
        #expect(editor.spots.map(\.id).contains(spot.id))
        #expect(editor.fieldErrors[.spotId] == nil)
    }

    @Test(
        "Given a new name typed, when another point is tapped, then the name stays; the offered place name follows the point"
    )
    func typedNameStays() async throws {
        let f = try AppFixture()
        let marking = SpotMarkingModel(diary: f.diary, labeler: BundledGazetteerLabeler(), formatter: formatter)
        await marking.begin(at: Coordinate(latitude: 56.8415, longitude: 35.9))
        let offered = marking.newName
        #expect(!offered.isEmpty)
        marking.pick(Coordinate(latitude: 60.17, longitude: 24.95))
        #expect(marking.newName != offered, "the place's name follows the point while the angler has typed none")
        marking.newName = "My pier"
        marking.pick(Coordinate(latitude: 56.8415, longitude: 35.9))
        #expect(marking.newName == "My pier")
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
