import Foundation
import TestSupport
import Testing
import TripGlance

/// The widget's and the Live Activity's view of the trip (issue 33 §5): what shows when, the file
/// the app writes and the widget reads, and the steps that keep one Live Activity per trip going on.
@Suite("Trip glance: the widget and the Live Activity")
struct TripGlanceTests {
    static let start = Date(timeIntervalSince1970: 1_780_000_000)
    static let words = TripGlance.Words(
        catchNow: "Catch now", onTheWater: "On the water", noTrip: "No trip going on",
        noTripHint: "Catch now starts one where you are", quiet: "No catch for 3 hours: Catch now starts a new trip")

    static func trip(_ id: UUID = UUID(), fish: Int = 2, quietFrom: Date = start.addingTimeInterval(4 * 3_600))
        -> TripGlance.OpenTrip
    {
        TripGlance.OpenTrip(
            id: id, title: "Volga bend", startedAt: start, fish: fish, fishText: "\(fish) fish",
            lastCatchText: fish == 0 ? nil : "Last: Perch, 06:05", quietFrom: quietFrom,
            link: URL(string: "hobbystory://trips/\(id)")!)
    }

    static func glance(_ trip: TripGlance.OpenTrip?) -> TripGlance {
        TripGlance(
            trip: trip, words: words, catchNowLink: URL(string: "hobbystory://home/catch-now")!,
            homeLink: URL(string: "hobbystory://home")!, writtenAt: start)
    }

    @Test(
        "Given a trip, when asked before, at and after its quiet moment, then it goes on until then and is quiet from then; without a trip there is nothing to show"
    )
    func phases() {
        let trip = Self.trip()
        let glance = Self.glance(trip)
        #expect(glance.phase(at: Self.start) == .goingOn(trip))
        #expect(glance.phase(at: trip.quietFrom.addingTimeInterval(-1)) == .goingOn(trip))
        #expect(glance.phase(at: trip.quietFrom) == .quiet(trip))
        #expect(glance.changes(from: Self.start) == [Self.start, trip.quietFrom], "the widget's timeline turns once")
        #expect(glance.changes(from: trip.quietFrom) == [trip.quietFrom])
        #expect(glance.openLink == trip.link)
        let none = Self.glance(nil)
        #expect(none.phase(at: Self.start) == .noTrip)
        #expect(none.changes(from: Self.start) == [Self.start])
        #expect(none.openLink.absoluteString == "hobbystory://home")
    }

    @Test(
        "Given a glance written to the app group's file, when the widget reads it, then it is the same; a missing, garbled, foreign or oversized file reads as none"
    )
    func file() throws {
        let folder = try temporaryFolder("glance")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent(TripGlance.fileName)
        #expect(GlanceFile.read(from: url) == nil, "no file yet")
        let glance = Self.glance(Self.trip())
        try GlanceFile.write(glance, to: url)
        #expect(GlanceFile.read(from: url) == glance)
        try GlanceFile.write(Self.glance(nil), to: url)
        #expect(GlanceFile.read(from: url) == Self.glance(nil), "written over whole")
        for bad in [Data("{\"trip\":".utf8), Data("{\"words\":{}}".utf8), Data([0xFF, 0x00, 0x12])] {
            try bad.write(to: url)
            #expect(GlanceFile.read(from: url) == nil)
        }
        var padded = try JSONEncoder().encode(glance)
        padded.append(Data(repeating: 0x20, count: GlanceFile.byteLimit))
        try padded.write(to: url)
        #expect(GlanceFile.read(from: url) == nil, "larger than the limit is not read, though it would decode")
    }

    @Test(
        "Given every running activity (none, this trip as shown, this trip behind, another trip) and every glance (no trip, going on, quiet), then the steps leave exactly one activity for a trip going on, with its latest content"
    )
    func activitySteps() {
        let id = UUID()
        let now = Self.start.addingTimeInterval(3_600)
        let goingOn = Self.trip(id, fish: 3)
        let quiet = Self.trip(id, fish: 3, quietFrom: now)
        let fresh = TripActivityState(goingOn)
        let behind = TripActivityState(Self.trip(id, fish: 2))
        let other = (tripId: UUID(), state: behind)
        let start = TripActivityStep.start(
            TripActivityTrip(goingOn, words: Self.words, catchNowLink: URL(string: "hobbystory://home/catch-now")!),
            fresh)
        let cases: [(TripGlance.OpenTrip?, (tripId: UUID, state: TripActivityState)?, [TripActivityStep])] = [
            (nil, nil, []),
            (goingOn, nil, [start]),
            (quiet, nil, []),
            (nil, (id, fresh), [.end(nil)]),
            (goingOn, (id, fresh), []),
            (goingOn, (id, behind), [.update(fresh)]),
            (quiet, (id, behind), [.end(TripActivityState(quiet))]),
            (nil, other, [.end(nil)]),
            (goingOn, other, [.end(nil), start]),
            (quiet, other, [.end(nil)]),
        ]
        for (trip, running, expected) in cases {
            let steps = Self.glance(trip).activitySteps(running: running, at: now)
            #expect(
                steps == expected,
                "trip \(trip?.fish ?? -1) quiet \(trip?.quietFrom == now), running \(running?.state.fish ?? -1)")
        }
        guard case .start(let attributes, _) = start else { return }
        #expect(
            attributes.title == "Volga bend" && attributes.catchNow == "Catch now" && attributes.link == goingOn.link)
    }
}
