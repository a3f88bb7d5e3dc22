import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import Testing

/// Trips (the client's "events"): the list with search and filters, the detail, the editor.
@Suite("Trips: list, detail and editor")
@MainActor
struct TripModelsTests {
    @Test(
        "Given trips over two years at two spots, when searched and filtered, then only the matching ones are listed, newest first"
    )
    func searchAndFilter() async throws {
        let f = try AppFixture()
        let lake = try await f.diary.write {
            try $0.spots.add(SpotDraft(name: "Seliger lake", latitude: 57.2, longitude: 33.1))
        }
        let lastYear = f.clock.now.addingTimeInterval(-400 * 86_400)
        _ = try await f.diary.write { diary in
            try diary.trips.add(
                TripDraft(spotId: lake.id, startAt: lastYear, utcOffsetSeconds: 10_800, title: "Ice fishing"))
        }
        let model = TripListModel(diary: f.diary, formatter: .metricEnglish)
        try await model.load()
        #expect(model.rows.count == 2)
        #expect(model.rows.first?.trip.id == f.trip.id)
        #expect(model.years.count == 2 && model.years[0] > model.years[1])
        model.year = model.years[1]
        #expect(model.rows.map(\.spotName) == ["Seliger lake"])
        model.year = nil
        model.query = "селиг"
        #expect(model.rows.isEmpty, "spot names are searched as written")
        model.query = "SELIGER"
        #expect(model.rows.count == 1)
        model.query = ""
        model.spotId = f.spot.id
        #expect(model.rows.map(\.trip.id) == [f.trip.id])
    }

    @Test(
        "Given a trip with a catch, when its detail is deleted, then trip and catch go to the Trash and the undo brings both back"
    )
    func detailDeleteWithUndo() async throws {
        let f = try AppFixture()
        _ = try await f.diary.write { [trip = f.trip] in
            try $0.catches.add(CatchDraft(tripId: trip.id, speciesId: "esox-lucius", caughtAt: trip.startAt))
        }
        let model = TripDetailModel(diary: f.diary, tripId: f.trip.id, formatter: .metricEnglish)
        try await model.load()
        #expect(model.spot?.name == "Volga bend" && model.catches.count == 1)
        await model.request(TripDetailModel.delete)
        #expect(model.isDeleted)
        #expect(try f.counts() == [1, 0, 0, 1])
        #expect(model.undoOffer?.message.hasPrefix("Moved to the Trash: ") == true)
        try await #require(model.undoOffer).perform()
        #expect(try f.counts() == [1, 1, 1, 0])
        #expect(!model.isDeleted)
    }

    @Test(
        "Given a new trip form, then it starts now and asks for the spot; when the end is put before the start, the end field says so; fixed, the trip saves at the spot"
    )
    func editorValidatesAtTheField() async throws {
        let f = try AppFixture()
        let model = TripEditorModel(
            diary: f.diary, conditions: nil,
            formatter: MeasureFormatter(preferences: .defaults(for: .metric, language: .english), language: .english),
            now: f.clock.function)
        try await model.load()
        #expect(model.draft.startAt == f.clock.now, "a new trip starts now by the device's clock (T11)")
        #expect(Set(model.fieldErrors.keys) == [.spotId] && !model.isDirty)
        model.draft.spotId = model.spots.first?.id
        model.draft.endAt = f.clock.now.addingTimeInterval(-60)
        #expect(Set(model.fieldErrors.keys) == [.end])
        model.draft.endAt = nil
        let trip = try #require(await model.save())
        #expect(trip.spotId == f.spot.id && trip.startAt == f.clock.now)
        #expect(!model.isDirty)
    }

    @Test(
        "Given a new trip's form, then its end is empty until set, and clearing it opens the trip again (issue 30 §4)")
    func endIsEmptyAndClearable() async throws {
        let f = try AppFixture()
        let model = TripEditorModel(diary: f.diary, conditions: nil, formatter: .metricEnglish, now: f.clock.function)
        try await model.load()
        #expect(model.draft.endAt == nil)
        model.setEnd()
        #expect(model.draft.endAt == f.clock.now)
        model.clearEnd()
        #expect(model.draft.endAt == nil && model.fieldErrors[.end] == nil)
    }

    @Test(
        "Given a trip with a timed track and a catch, when its page is read, then the track is on its map with its length and time moving, and the catch sits where the angler was when it was caught"
    )
    func trackOnTheTripPage() async throws {
        let f = try AppFixture()
        let start = f.trip.startAt
        // North along a meridian, 100 m a minute for ten minutes, then ten minutes standing still.
        let points = (0...20).map { minute in
            TrackPoint(
                latitude: 56.84 + Double(min(minute, 10)) * 100 / 111_000, longitude: 35.9,
                time: start.addingTimeInterval(Double(minute) * 60))
        }
        let track = try TripTrack(points)
        let tripId = f.trip.id
        let fish = try await f.diary.write { diary in
            _ = try diary.trips.update(tripId) { $0.track = track }
            return try diary.catches.add(
                CatchDraft(tripId: tripId, speciesId: "esox-lucius", caughtAt: start.addingTimeInterval(150)))
        }
        let model = TripDetailModel(diary: f.diary, tripId: tripId, formatter: .metricEnglish)
        try await model.load()
        #expect(model.trackPath.count == 21)
        #expect(model.trackText == "Track 1\u{a0}km · 10 min moving at 6\u{a0}km/h", "\(model.trackText ?? "")")
        let placed = try #require(model.catchesOnTrack.first)
        #expect(placed.id == fish.id && placed.title == "Northern pike")
        #expect(abs(placed.position.latitude - (56.84 + 250 / 111_000.0)) < 2e-5, "halfway through the third minute")
    }

    @Test(
        "Given a GPX file a phone's tracker wrote, when the trip page reads it, then the trip keeps its track and says what was kept; a file without a track is refused and changes nothing"
    )
    func trackFromAFile() async throws {
        let f = try AppFixture()
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("DiaryInterchangeTests/Fixtures")
        let model = TripDetailModel(diary: f.diary, tripId: f.trip.id, formatter: .metricEnglish)
        try await model.load()
        let waypoint = f.folder.appendingPathComponent("waypoint.gpx")
        try Data(
            #"<gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="56.8" lon="35.9"/></gpx>"#
                .utf8
        ).write(to: waypoint)
        await model.importTrack(from: waypoint)
        #expect(model.problem != nil && model.trackMessage == nil, "a waypoint is not a track")
        #expect(model.trip?.track == nil)

        await model.importTrack(from: fixtures.appendingPathComponent("gpxpy-trolling.gpx"))
        #expect(model.problem == nil, "\(model.problem ?? "")")
        let track = try #require(model.trip?.track)
        #expect(model.trackMessage == "Track saved: \(track.points.count) of 1405 points kept, within 2 m of the line.")
        #expect(model.trackPath.count == track.points.count && model.trackText != nil)

        await model.importTrack(from: fixtures.appendingPathComponent("fastkml-boat-run.kml"))
        #expect(model.trip?.track == track, "a track the trip has is not replaced before the angler agrees")
        let replace = try #require(model.confirmation)
        #expect(replace.title == "Replace the track?" && replace.message.contains("“fastkml-boat-run.kml”"))
        model.dismissConfirmation()
        #expect(model.trip?.track == track)
        await model.importTrack(from: fixtures.appendingPathComponent("fastkml-boat-run.kml"))
        try await #require(model.confirmation).confirm()
        #expect(model.confirmation == nil && model.trip?.track != track && model.problem == nil)
    }
}
