import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import Testing

/// Issue 30 §5: stories of an angler on the water, over a real diary, with every tap counted.
@Suite("Catch now on the water: scenarios with taps counted")
@MainActor
struct CatchNowScenarioTests {
    @Test(
        "At dawn, with no GPS fix and no trip: three catches in at most 6 taps, all in one new trip at the spot the angler chose"
    )
    func dawnWithoutAFix() async throws {
        let f = try AppFixture()
        let lake = try await f.diary.write {
            try $0.spots.add(SpotDraft(name: "Reed lake", latitude: 56.9, longitude: 36.1))
        }
        let model = home(f, at: nil)
        try await model.load()
        let taps = Taps()
        await taps.tap { await model.catchNow.begin() }
        let perch = try species(model, "perca-fluviatilis")
        await taps.tap { await model.catchNow.save(species: perch) }
        let reedLake = try #require(model.catchNow.plan?.choices.first { $0.spotId == lake.id })
        await taps.tap { await model.catchNow.choose(reedLake) }
        f.clock.advance(by: 240)
        try await taps.tap { await model.catchNow.save(species: try #require(model.catchNow.recentChoices.first)) }
        f.clock.advance(by: 420)
        let roach = try species(model, "rutilus-rutilus")
        await taps.tap { await model.catchNow.save(species: roach) }
        #expect(taps.count <= 6)
        let catches = try await f.diary.read { try $0.catches.list() }.filter { $0.tripId != f.trip.id }
        #expect(catches.count == 3)
        let tripIds = Set(catches.map(\.tripId))
        #expect(tripIds.count == 1)
        let trip = try await f.diary.read { try $0.trips.record(tripIds.first!) }
        #expect(trip.spotId == lake.id)
        #expect(catches.map(\.caughtAt).sorted() == [trip.startAt, trip.startAt + 240, trip.startAt + 660])
    }

    @Test(
        "Next weekend at another lake: Catch now starts a new trip there, never adds to last week's, and ends last week's at its last catch"
    )
    func nextWeekendElsewhere() async throws {
        let f = try AppFixture()
        let atTheBend = home(f, at: Coordinate(latitude: 56.8405, longitude: 35.9))
        await atTheBend.catchNow.begin()
        await atTheBend.catchNow.save(species: try species(atTheBend, "esox-lucius"))
        let lastWeek = try #require(atTheBend.catchNow.saved?.item)
        atTheBend.catchNow.close()

        f.clock.advance(by: 7 * 86_400)
        let elsewhere = Coordinate(latitude: 57.2, longitude: 36.4)
        let model = home(f, at: elsewhere)
        let taps = Taps()
        await taps.tap { await model.catchNow.begin() }
        #expect(model.catchNow.plan?.destination == .newSpot(elsewhere))
        try await taps.tap { await model.catchNow.save(species: try species(model, "perca-fluviatilis")) }
        #expect(taps.count == 2)
        let saved = try #require(model.catchNow.saved?.item)
        #expect(saved.tripId != lastWeek.tripId)
        let (old, new) = try await f.diary.read {
            (try $0.trips.record(lastWeek.tripId), try $0.trips.record(saved.tripId))
        }
        #expect(old.endAt == lastWeek.caughtAt)
        #expect(new.endAt == nil && new.startAt == f.clock.now)
    }

    @Test("A wet mis-tap is undone in one tap: nothing of it remains in the diary or the outbox")
    func misTapUndone() async throws {
        let f = try AppFixture()
        let model = home(f, at: Coordinate(latitude: 60.0, longitude: 30.0))
        let before = try await f.diary.read {
            (try $0.outbox.pending(), try $0.spots.list(), try $0.trips.list(), try $0.catches.list())
        }
        await model.catchNow.begin()
        await model.catchNow.save(species: try species(model, "abramis-brama"))
        #expect(try f.counts() != [before.1.count, before.2.count, before.3.count, 0])
        let taps = Taps()
        try await taps.tap { try await #require(model.catchNow.undoOffer).perform() }
        #expect(taps.count == 1)
        let after = try await f.diary.read {
            (try $0.outbox.pending(), try $0.spots.list(), try $0.trips.list(), try $0.catches.list())
        }
        #expect(after.0 == before.0)
        #expect(after.1 == before.1 && after.2 == before.2 && after.3 == before.3)
        #expect(try f.counts()[3] == 0, "nothing went to the Trash either")
    }
}

/// Counts the angler's taps: each action a scenario performs through it is one tap.
@MainActor
final class Taps {
    private(set) var count = 0

    func tap(_ action: @MainActor () async throws -> Void) async rethrows {
        count += 1
        try await action()
    }
}
