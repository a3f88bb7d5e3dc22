import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import Testing

/// "Log a catch", "Start a trip here" and "End trip" as Siri, Shortcuts or the Action button ask
/// them (issue 33 §5): the app's rules without its screens, over a real diary.
@Suite("App Intents: a catch logged without opening the app")
@MainActor
struct CatchIntentsTests {
    /// The fixture's spot, Volga bend, is at 56.84, 35.9.
    static let atTheBend = Coordinate(latitude: 56.8405, longitude: 35.9)

    func intents(_ f: AppFixture, at here: Coordinate?, language: Language = .english) -> CatchIntents {
        CatchIntents(
            diary: f.diary, location: FixedLocation(coordinate: here), conditions: nil, now: f.clock.function,
            formatter: MeasureFormatter(preferences: .defaults(for: .metric, language: language), language: language))
    }

    @Test(
        "Given no trip going on, when a catch is logged at a saved spot, then a new trip starts there with it; the next goes to the same trip; a count and a weight are kept"
    )
    func logCatchFollowsCatchNow() async throws {
        let f = try AppFixture()
        let intents = intents(f, at: Self.atTheBend)
        let first = try await intents.logCatch(speciesId: "esox-lucius", count: 1, weightKg: 2.4)
        #expect(first.dialog.hasPrefix("Northern pike saved: New trip at Volga bend"), "\(first.dialog)")
        let trip = try await f.diary.read { try $0.trips.record(try #require(first.tripId)) }
        #expect(trip.spotId == f.spot.id && trip.id != f.trip.id, "never into yesterday's trip")
        f.clock.advance(by: 600)
        let second = try await intents.logCatch(speciesId: "perca-fluviatilis", count: 3)
        #expect(second.tripId == first.tripId)
        #expect(second.dialog.hasPrefix("3 × European perch saved: Trip at Volga bend"), "\(second.dialog)")
        let catches = try await f.diary.read { try $0.catches.list(tripId: trip.id) }
        #expect(Set(catches.map(\.count)) == [1, 3])
        #expect(catches.first { $0.speciesId == "esox-lucius" }?.weightKg == 2.4)
    }

    @Test(
        "Given no trip going on and no position, or a catch that breaks a rule, when logged, then it is refused saying what to do and nothing is saved"
    )
    func refusals() async throws {
        let f = try AppFixture()
        let before = try f.counts()
        let lost = intents(f, at: nil)
        await #expect(throws: CatchIntents.Refusal.self) { try await lost.logCatch(speciesId: "esox-lucius") }
        do {
            _ = try await lost.logCatch(speciesId: "esox-lucius")
        } catch let refusal as CatchIntents.Refusal {
            #expect(refusal.message.contains("open Catch now in the app"))
        }
        let here = intents(f, at: Self.atTheBend)
        for (species, count, weight) in [("esox-lucius", 0, nil), ("esox-lucius", 1, -2.0), ("no-such-fish", 1, nil)]
            as [(String, Int, Double?)]
        {
            do {
                _ = try await here.logCatch(speciesId: species, count: count, weightKg: weight)
                Issue.record("\(species) \(count) \(String(describing: weight)) was saved")
            } catch let refusal as CatchIntents.Refusal {
                #expect(!refusal.message.isEmpty)
            }
        }
        #expect(try f.counts() == before, "nothing saved, not even the trip")
        await #expect(throws: CatchIntents.Refusal.self) { try await lost.startTripHere() }
    }

    @Test(
        "Given the angler at a saved spot, when a trip is started here, then it starts there; asked again, the trip going on is named; far away, a new spot is made; End trip ends it now"
    )
    func startAndEnd() async throws {
        let f = try AppFixture()
        let bend = intents(f, at: Self.atTheBend)
        let started = try await bend.startTripHere()
        #expect(started.dialog.hasPrefix("Trip started: Trip at Volga bend"), "\(started.dialog)")
        let again = try await bend.startTripHere()
        #expect(again.tripId == started.tripId && again.dialog.hasPrefix("A trip is already going on"))
        f.clock.advance(by: 1_800)
        let ended = try await bend.endTrip()
        #expect(ended.tripId == started.tripId && ended.dialog.hasPrefix("Trip ended:"), "\(ended.dialog)")
        let trip = try await f.diary.read { try $0.trips.record(try #require(started.tripId)) }
        #expect(trip.endAt == f.clock.now)
        await #expect(throws: CatchIntents.Refusal.self) { try await bend.endTrip() }

        f.clock.advance(by: 60)
        let far = Coordinate(latitude: 57.2, longitude: 36.4)
        let elsewhere = try await intents(f, at: far, language: .russian).startTripHere()
        let (newTrip, spots) = try await f.diary.read {
            (try $0.trips.record(try #require(elsewhere.tripId)), try $0.spots.list())
        }
        #expect(spots.count == 2 && spots.contains { $0.id == newTrip.spotId && $0.latitude == 57.2 })
        #expect(elsewhere.dialog.hasPrefix("Рыбалка начата"))
    }

    @Test(
        "Given the diary, when Siri asks which species, then the recently caught come first and a name finds its species"
    )
    func speciesChoices() async throws {
        let f = try AppFixture()
        let intents = intents(f, at: Self.atTheBend)
        _ = try await intents.logCatch(speciesId: "rutilus-rutilus")
        #expect(try await intents.species(matching: "").first?.id == "rutilus-rutilus")
        let pike = try await intents.species(matching: "pike")
        #expect(pike.prefix(3).contains { $0.id == "esox-lucius" }, "\(pike.prefix(3).map(\.id))")
        #expect(pike.first.map(intents.name) != nil)
    }
}
