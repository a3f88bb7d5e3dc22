import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import Testing
import TripGlance

/// The widget's and the Live Activity's glance made from a real diary (issue 33 §5): the trip
/// Home's card shows, its fish and last catch in the angler's language, kept current by writes.
@Suite("Trip glance from the diary")
struct TripGlanceSourceTests {
    @Test(
        "Given a diary whose trips all ended, then the glance has no trip and links Catch now; given a trip going on with catches, then it shows its fish, last catch and quiet moment"
    )
    func glance() async throws {
        let f = try AppFixture()
        let source = TripGlanceSource(diary: f.diary, language: .english, now: f.clock.function)
        let none = try await source.glance()
        #expect(none.trip == nil)
        #expect(none.catchNowLink.absoluteString == "hobbystory://home/catch-now")
        #expect(none.words.catchNow == "Catch now" && none.words.quiet.contains("3 hours"))
        let start = f.clock.now.addingTimeInterval(-3_600)
        let spotId = f.spot.id
        let trip = try await f.diary.write {
            try $0.trips.add(TripDraft(spotId: spotId, startAt: start, utcOffsetSeconds: 10_800))
        }
        let caught = start.addingTimeInterval(1_800)
        try await f.diary.write { diary in
            _ = try diary.catches.add(
                CatchDraft(
                    tripId: trip.id, speciesId: "esox-lucius", caughtAt: start.addingTimeInterval(600),
                    utcOffsetSeconds: 10_800, count: 1))
            _ = try diary.catches.add(
                CatchDraft(
                    tripId: trip.id, speciesId: "perca-fluviatilis", caughtAt: caught, utcOffsetSeconds: 10_800,
                    count: 3))
        }
        let open = try #require(try await source.glance().trip)
        #expect(open.id == trip.id && open.title == "Volga bend" && open.startedAt == start)
        #expect(open.fish == 4 && open.fishText == "4 fish")
        #expect(open.lastCatchText?.hasPrefix("Last: European perch, ") == true, "\(open.lastCatchText ?? "")")
        #expect(open.quietFrom == caught.addingTimeInterval(OpenTripRule.quietLimit))
        #expect(open.link == DeepLink(.trip(trip.id)).url)

        let russian = try #require(
            try await TripGlanceSource(diary: f.diary, language: .russian, now: f.clock.function).glance())
        #expect(russian.trip?.fishText == "4 рыбы" && russian.words.catchNow == "Поймал!")
        #expect(russian.trip?.lastCatchText?.hasPrefix("Последний: ") == true)
    }

    @Test("Given the glance kept, when a trip starts and a catch is logged, then each write publishes a new glance")
    func keptCurrent() async throws {
        let f = try AppFixture()
        let source = TripGlanceSource(diary: f.diary, language: .english, now: f.clock.function)
        let (published, sink) = AsyncStream<TripGlance>.makeStream()
        let keeping = Task { await source.keep { sink.yield($0) } }
        defer { keeping.cancel() }
        var glances = published.makeAsyncIterator()
        #expect(await glances.next()?.trip == nil, "published at once")
        let spotId = f.spot.id
        let now = f.clock.now
        let trip = try await f.diary.write {
            try $0.trips.add(TripDraft(spotId: spotId, startAt: now, utcOffsetSeconds: 0))
        }
        #expect(await glances.next()?.trip?.fish == 0)
        try await f.diary.write {
            _ = try $0.catches.add(
                CatchDraft(tripId: trip.id, speciesId: "esox-lucius", caughtAt: now, utcOffsetSeconds: 0, count: 2))
        }
        #expect(await glances.next()?.trip?.fish == 2)
        try await f.diary.write { _ = try $0.trips.update(trip.id) { $0.endAt = now } }
        #expect(await glances.next()?.trip == nil, "an ended trip leaves the glance")
    }
}
