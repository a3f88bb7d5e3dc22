import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import Testing

/// Issue 13 §3 Home and issue 30 §2: "Catch now" in two taps, into a destination shown first and
/// never a trip from another day, species recently caught first, a mis-tap taken back.
@Suite("Home and Catch now")
@MainActor
struct HomeModelTests {
    @Test(
        "Given the angler 120 m from a saved spot and no trip going on, when Catch now and a species are tapped, then a trip starts there now and holds the catch"
    )
    func twoTapsAtANearbySpot() async throws {
        let f = try AppFixture()
        let model = home(f, at: Coordinate(latitude: 56.841, longitude: 35.9))
        try await model.load()
        await model.catchNow.begin()
        guard case .newTrip(let spot, let meters) = model.catchNow.plan?.destination else {
            Issue.record("expected a new trip at the nearby spot, got \(String(describing: model.catchNow.plan))")
            return
        }
        #expect(spot.id == f.spot.id)
        #expect((100...130).contains(meters ?? 0))
        #expect(model.catchNow.destinationText == "New trip at Volga bend, 111\u{a0}m away")
        await model.catchNow.save(species: try species(model, "esox-lucius"))
        let saved = try #require(model.catchNow.saved?.item)
        #expect(saved.caughtAt == f.clock.now)
        let trip = try await f.diary.read { try $0.trips.record(saved.tripId) }
        #expect(trip.spotId == f.spot.id && trip.startAt == f.clock.now)
        #expect(model.catchNow.plan?.destination.map(\.tripId) == trip.id, "the next fish goes to the same trip")
        #expect(model.recentCatches.map(\.id) == [saved.id])
        #expect(model.title(of: saved) == "Northern pike")
    }

    @Test(
        "Given recent catches of several fish, when the home shows them in Russian, then each reads as species × count")
    func recentCatchTitles() async throws {
        let f = try AppFixture()
        _ = try await f.diary.write { [trip = f.trip] in
            try $0.catches.add(
                CatchDraft(tripId: trip.id, speciesId: "perca-fluviatilis", caughtAt: trip.startAt, count: 3))
        }
        let model = home(f, at: nil, language: .russian)
        try await model.load()
        #expect(model.recentCatches.map { model.title(of: $0) } == ["Окунь речной × 3"])
    }

    @Test(
        "Given a trip going on, when Catch now is used twice, then both catches join that trip and the last species comes first, apart from the list"
    )
    func openTripAndRecentSpecies() async throws {
        let f = try AppFixture()
        let start = f.clock.now.addingTimeInterval(-600)
        let open = try await f.diary.write { [spot = f.spot] in
            try $0.trips.add(TripDraft(spotId: spot.id, startAt: start, utcOffsetSeconds: 10_800))
        }
        let model = home(f, at: nil)
        try await model.load()
        await model.catchNow.begin()
        #expect(model.catchNow.plan?.destination.map(\.tripId) == open.id)
        await model.catchNow.save(species: try species(model, "perca-fluviatilis"))
        model.catchNow.close()
        f.clock.advance(by: 60)
        await model.catchNow.begin()
        #expect(model.catchNow.recentChoices.map(\.id) == ["perca-fluviatilis"])
        #expect(!model.catchNow.otherChoices.contains { $0.id == "perca-fluviatilis" })
        await model.catchNow.save(species: try #require(model.catchNow.recentChoices.first))
        #expect(try await f.diary.read { try $0.catches.list(tripId: open.id).count } == 2)
    }

    @Test(
        "Given no trip and no position, when a species is tapped, then it waits for the spot the angler picks next, and is saved there with that tap"
    )
    func unknownPositionAsksForSpot() async throws {
        let f = try AppFixture()
        let model = home(f, at: nil)
        await model.catchNow.begin()
        #expect(model.catchNow.plan?.destination == nil)
        let roach = try species(model, "rutilus-rutilus")
        await model.catchNow.save(species: roach)
        #expect(try f.counts()[2] == 0, "nothing is saved without a spot")
        #expect(model.catchNow.isChoosingDestination)
        #expect(model.catchNow.waitingText == "Where was the Roach caught?")
        let here = try #require(model.catchNow.plan?.choices.first)
        #expect(model.catchNow.text(of: here) == "New trip at Volga bend")
        await model.catchNow.choose(here)
        #expect(try f.counts()[2] == 1)
        #expect(model.catchNow.waitingSpecies == nil && !model.catchNow.isChoosingDestination)
    }

    @Test(
        "Given the angler far from every saved spot, when a catch is saved, then a spot is made at the position with the trip"
    )
    func newSpotFarAway() async throws {
        let f = try AppFixture()
        let here = Coordinate(latitude: 60.0, longitude: 30.0)
        let model = home(f, at: here)
        await model.catchNow.begin()
        #expect(model.catchNow.plan?.destination == .newSpot(here))
        model.catchNow.speciesQuery = "щука"
        #expect(
            model.catchNow.otherChoices.first?.id == "esox-lucius", "the whole name ranks before names that contain it")
        await model.catchNow.save(species: model.catchNow.otherChoices[0])
        let spots = try await f.diary.read { try $0.spots.list() }
        #expect(spots.count == 2)
        #expect(spots.contains { $0.latitude == 60.0 && $0.longitude == 30.0 && $0.name.hasPrefix("Spot of ") })
    }

    @Test(
        "Given a trip Catch now started three weeks ago and never ended, when Catch now is used, then the fish starts a new trip, the sheet says the old one ends at its last catch, and it does"
    )
    func neverIntoAnOldTrip() async throws {
        let f = try AppFixture()
        let old = try await oldUnendedTrip(f, daysAgo: 21)
        let model = home(f, at: nil)
        await model.catchNow.begin()
        let plan = try #require(model.catchNow.plan)
        #expect(plan.destination == nil, "no position: the angler picks the spot; the old trip is not taken")
        #expect(plan.leftOpen?.trip.id == old.trip.id)
        #expect(!plan.choices.contains { $0.tripId == old.trip.id })
        await model.catchNow.choose(try #require(plan.choices.first))
        #expect(model.catchNow.leftOpenText?.hasPrefix("Your trip at Volga bend on ") == true)
        #expect(model.catchNow.leftOpenText?.hasSuffix("was never ended: it ends at 07:40, its last catch") == true)
        await model.catchNow.save(species: try species(model, "esox-lucius"))
        let saved = try #require(model.catchNow.saved?.item)
        #expect(saved.tripId != old.trip.id)
        #expect(try await f.diary.read { try $0.trips.record(old.trip.id).endAt } == old.lastCatch)
    }

    @Test(
        "Given a trip without an end, when Catch now is used an hour after its last catch nearby, then the fish joins it; 5 km away or 4 hours later, it does not"
    )
    func openTripRule() async throws {
        let f = try AppFixture()
        let start = f.clock.now.addingTimeInterval(-7_200)
        let trip = try await f.diary.write { [spot = f.spot] in
            let trip = try $0.trips.add(TripDraft(spotId: spot.id, startAt: start, utcOffsetSeconds: 10_800))
            _ = try $0.catches.add(
                CatchDraft(tripId: trip.id, speciesId: "esox-lucius", caughtAt: start.addingTimeInterval(3_600)))
            return trip
        }
        let nearby = home(f, at: Coordinate(latitude: 56.845, longitude: 35.9))
        await nearby.catchNow.begin()
        #expect(nearby.catchNow.plan?.destination.map(\.tripId) == trip.id)
        let away = home(f, at: Coordinate(latitude: 56.885, longitude: 35.9))
        await away.catchNow.begin()
        #expect(away.catchNow.plan?.destination.map(\.tripId) != trip.id)
        #expect(away.catchNow.plan?.leftOpen?.trip.id == trip.id)
        f.clock.advance(by: 3 * 3_600)
        await nearby.catchNow.begin()
        #expect(nearby.catchNow.plan?.destination.map(\.tripId) != trip.id)
    }

    @Test(
        "Given the sheet's destination, when Change and another spot are tapped, then the catch goes there and nowhere else"
    )
    func changeDestinationInOneTap() async throws {
        let f = try AppFixture()
        let lake = try await f.diary.write {
            try $0.spots.add(SpotDraft(name: "Reed lake", latitude: 56.9, longitude: 36.1))
        }
        let model = home(f, at: Coordinate(latitude: 56.841, longitude: 35.9))
        await model.catchNow.begin()
        model.catchNow.showDestinations()
        let choice = try #require(model.catchNow.plan?.choices.first { $0.spotId == lake.id })
        await model.catchNow.choose(choice)
        #expect(model.catchNow.destinationText.hasPrefix("New trip at Reed lake, "))
        await model.catchNow.save(species: try species(model, "perca-fluviatilis"))
        let saved = try #require(model.catchNow.saved?.item)
        #expect(try await f.diary.read { try $0.trips.record(saved.tripId).spotId } == lake.id)
    }

    @Test(
        "Given a trip Catch now ended when a new one started, when the new catch is taken back, then the old trip is open again and the new trip and catch are gone"
    )
    func undoReopensTheEndedTrip() async throws {
        let f = try AppFixture()
        let old = try await oldUnendedTrip(f, daysAgo: 7)
        let before = try f.counts()
        let model = home(f, at: Coordinate(latitude: 56.841, longitude: 35.9))
        await model.catchNow.begin()
        await model.catchNow.save(species: try species(model, "esox-lucius"))
        #expect(try await f.diary.read { try $0.trips.record(old.trip.id).endAt } == old.lastCatch)
        try await #require(model.catchNow.undoOffer).perform()
        #expect(try f.counts() == before)
        #expect(try await f.diary.read { try $0.trips.record(old.trip.id).endAt } == nil)
        #expect(model.catchNow.saved == nil && model.catchNow.undoOffer == nil)
    }

    @Test(
        "Given a trip going on and an old one left open, when the home shows them, then End trip ends the first now and the second at its last catch"
    )
    func endTripFromHome() async throws {
        let f = try AppFixture()
        let old = try await oldUnendedTrip(f, daysAgo: 3)
        let model = home(f, at: nil)
        try await model.load()
        #expect(model.unendedTrip?.trip.id == old.trip.id)
        #expect(model.endTripLabel == "End trip at 07:40")
        await model.endUnendedTrip()
        #expect(try await f.diary.read { try $0.trips.record(old.trip.id).endAt } == old.lastCatch)
        #expect(model.unendedTrip == nil)

        await model.catchNow.begin()
        await model.catchNow.choose(try #require(model.catchNow.plan?.choices.first))
        await model.catchNow.save(species: try species(model, "esox-lucius"))
        model.catchNow.close()
        f.clock.advance(by: 1_800)
        try await model.load()
        let going = try #require(model.unendedTrip)
        #expect(model.endTripLabel == "End trip")
        #expect(model.unendedTripText?.hasPrefix("Trip at Volga bend, ") == true)
        await model.endUnendedTrip()
        #expect(try await f.diary.read { try $0.trips.record(going.trip.id).endAt } == f.clock.now)
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
            try $0.catches.add(
                CatchDraft(tripId: trip.id, speciesId: "esox-lucius", caughtAt: trip.startAt.addingTimeInterval(60)))
        }
        #expect(await eventually { model.recentCatches.first?.id == item.id })
        #expect(model.pendingChanges == pending + 1)
    }
}

/// The home screen of the fixture's diary, at a fixed position (nil: no fix).
@MainActor
func home(_ f: AppFixture, at coordinate: Coordinate?, language: Language = .english) -> HomeModel {
    HomeModel(
        diary: f.diary, location: FixedLocation(coordinate: coordinate), conditions: nil, now: f.clock.function,
        formatter: MeasureFormatter(preferences: .defaults(for: .metric, language: language), language: language))
}

/// A species the Catch now sheet offers.
@MainActor
func species(_ model: HomeModel, _ id: String) throws -> DirectoryEntry {
    let all = model.catchNow.recentChoices + model.catchNow.otherChoices
    return try #require(all.first { $0.id == id })
}

/// A trip at the fixture's spot started `daysAgo` at 05:10 (Moscow time) and never ended, with a
/// catch at 07:40.
func oldUnendedTrip(_ f: AppFixture, daysAgo: Double) async throws -> (trip: Trip, lastCatch: Date) {
    let day = ClockReading(f.clock.now, offset: 10_800)
    let midnight = f.clock.now.addingTimeInterval(-Double(day.hour * 3_600 + day.minute * 60) - daysAgo * 86_400)
    let start = midnight.addingTimeInterval(5 * 3_600 + 600)
    let last = start.addingTimeInterval(2.5 * 3_600)
    let trip = try await f.diary.write { [spot = f.spot] in
        let trip = try $0.trips.add(TripDraft(spotId: spot.id, startAt: start, utcOffsetSeconds: 10_800))
        _ = try $0.catches.add(CatchDraft(tripId: trip.id, speciesId: "perca-fluviatilis", caughtAt: last))
        return trip
    }
    return (trip, last)
}

extension CatchNowPlan.Destination {
    var tripId: UUID? {
        if case .trip(let trip, _) = self { return trip.id }
        return nil
    }

    var spotId: UUID? {
        switch self {
        case .trip(let trip, _): trip.spotId
        case .newTrip(let spot, _): spot.id
        case .newSpot: nil
        }
    }
}
