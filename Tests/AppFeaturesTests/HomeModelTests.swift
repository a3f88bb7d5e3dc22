import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import Testing

/// Issue 13 §3 Home: "Catch now" in two taps, at the right trip, species recently caught first.
@Suite("Home and Catch now")
@MainActor
struct HomeModelTests {
    func home(_ f: AppFixture, at coordinate: Coordinate?) -> HomeModel {
        HomeModel(
            diary: f.diary, location: FixedLocation(coordinate: coordinate), conditions: nil, now: f.clock.function,
            language: .english)
    }

    @Test(
        "Given the angler 120 m from a saved spot and no trip going on, when Catch now and a species are tapped, then a trip starts there now and holds the catch"
    )
    func twoTapsAtANearbySpot() async throws {
        let f = try AppFixture()
        let model = home(f, at: Coordinate(latitude: 56.841, longitude: 35.9))
        try await model.load()
        await model.startCatchNow()
        guard case .newTrip(let spot, let meters) = model.catchNowPlan else {
            Issue.record("expected a new trip at the nearby spot, got \(String(describing: model.catchNowPlan))")
            return
        }
        #expect(spot.id == f.spot.id)
        #expect((100...130).contains(meters))
        let pike = try #require(model.speciesChoices.first { $0.id == "esox-lucius" })
        await model.save(species: pike)
        let saved = try #require(model.lastSaved)
        #expect(saved.caughtAt == f.clock.now)
        let trip = try await f.diary.read { try $0.trip(saved.tripId) }
        #expect(trip.spotId == f.spot.id && trip.startAt == f.clock.now)
        #expect(model.catchNowPlan == nil)
        #expect(model.recentCatches.map(\.id) == [saved.id])
        #expect(model.title(of: saved) == "Northern pike")
    }

    @Test(
        "Given recent catches of several fish, when the home shows them in Russian, then each reads as species × count")
    func recentCatchTitles() async throws {
        let f = try AppFixture()
        _ = try await f.diary.write { [trip = f.trip] in
            try $0.addCatch(
                CatchDraft(tripId: trip.id, speciesId: "perca-fluviatilis", caughtAt: trip.startAt, count: 3))
        }
        let model = HomeModel(
            diary: f.diary, location: FixedLocation(coordinate: nil), conditions: nil, now: f.clock.function,
            language: .russian)
        try await model.load()
        #expect(model.recentCatches.map { model.title(of: $0) } == ["Окунь речной × 3"])
    }

    @Test(
        "Given a trip going on, when Catch now is used twice, then both catches join that trip and the last species comes first"
    )
    func openTripAndRecentSpecies() async throws {
        let f = try AppFixture()
        let start = f.clock.now.addingTimeInterval(-600)
        let open = try await f.diary.write { [spot = f.spot] in
            try $0.addTrip(TripDraft(spotId: spot.id, startAt: start, utcOffsetSeconds: 10_800))
        }
        let model = home(f, at: nil)
        try await model.load()
        await model.startCatchNow()
        #expect(model.catchNowPlan == .openTrip(open))
        await model.save(species: try #require(model.speciesChoices.first { $0.id == "perca-fluviatilis" }))
        f.clock.advance(by: 60)
        await model.startCatchNow()
        #expect(model.speciesChoices.first?.id == "perca-fluviatilis")
        await model.save(species: try #require(model.speciesChoices.first))
        #expect(try await f.diary.read { try $0.catches(tripId: open.id).count } == 2)
    }

    @Test("Given no trip and no position, when Catch now is tapped, then the angler picks the spot before the species")
    func unknownPositionAsksForSpot() async throws {
        let f = try AppFixture()
        let model = home(f, at: nil)
        await model.startCatchNow()
        #expect(model.catchNowPlan == .needsSpot)
        let roach = try #require(model.speciesChoices.first { $0.id == "rutilus-rutilus" })
        await model.save(species: roach)
        #expect(try f.counts()[2] == 0, "nothing is saved without a spot")
        model.choose(spot: f.spot)
        await model.save(species: roach)
        #expect(try f.counts()[2] == 1)
    }

    @Test(
        "Given the angler far from every saved spot, when a catch is saved, then a spot is made at the position with the trip"
    )
    func newSpotFarAway() async throws {
        let f = try AppFixture()
        let here = Coordinate(latitude: 60.0, longitude: 30.0)
        let model = home(f, at: here)
        await model.startCatchNow()
        #expect(model.catchNowPlan == .newSpot(here))
        model.speciesQuery = "щука"
        #expect(model.speciesChoices.first?.id == "esox-lucius", "the whole name ranks before names that contain it")
        await model.save(species: model.speciesChoices[0])
        let spots = try await f.diary.read { try $0.spots() }
        #expect(spots.count == 2)
        #expect(spots.contains { $0.latitude == 60.0 && $0.longitude == 30.0 && $0.name.hasPrefix("Spot of ") })
    }

    @Test(
        "Given the home screen on show, when a catch is saved on another screen, then its recent list and pending count refresh"
    )
    func refreshesOnChange() async throws {
        let f = try AppFixture()
        let model = home(f, at: nil)
        try await model.load()
        let pending = model.pendingChanges
        let watcher = Task { await model.observe() }
        defer { watcher.cancel() }
        try await Task.sleep(for: .milliseconds(20))
        let item = try await f.diary.write { [trip = f.trip] in
            try $0.addCatch(
                CatchDraft(tripId: trip.id, speciesId: "esox-lucius", caughtAt: trip.startAt.addingTimeInterval(60)))
        }
        #expect(await eventually { model.recentCatches.first?.id == item.id })
        #expect(model.pendingChanges == pending + 1)
    }
}
