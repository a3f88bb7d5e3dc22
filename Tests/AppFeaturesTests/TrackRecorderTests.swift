import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import Synchronization
import Testing

/// Recording a trip's track while it goes on (issue 34 §3): positions too rough or too close are
/// left out, the track is saved as it grows and when stopped, it stops when the trip ends
/// anywhere, and a trip that has ended, or a device that may not read the position, is refused
/// in words.
@MainActor
@Suite("Recording a trip's track")
struct TrackRecorderTests {
    /// Positions the test hands over one by one, as a device reports them.
    final class Positions: TrackPositions, Sendable {
        let feed = Mutex<AsyncThrowingStream<PositionFix, any Error>.Continuation?>(nil)

        func fixes() -> AsyncThrowingStream<PositionFix, any Error> {
            AsyncThrowingStream { continuation in feed.withLock { $0 = continuation } }
        }

        func send(_ fix: PositionFix) { _ = feed.withLock { $0?.yield(fix) } }
        func finish(throwing error: (any Error)? = nil) { feed.withLock { $0?.finish(throwing: error) } }
    }

    /// A fix `meters` north of a point by the Volga, `minutes` after the clock's start.
    static func fix(_ meters: Double, minutes: Double, accuracy: Double = 5, clock: Clock) -> PositionFix {
        PositionFix(
            coordinate: Coordinate(latitude: 56.84 + meters / 111_320, longitude: 35.9), accuracyMeters: accuracy,
            time: clock.start.addingTimeInterval(minutes * 60))
    }

    /// When the test began, which the fixes' times count from.
    struct Clock {
        let start: Date
    }

    /// Lets the recorder's reading task run until `done` holds (it runs on the main actor).
    static func settle(_ done: () -> Bool) async {
        for _ in 0..<10_000 where !done() { await Task.yield() }
    }

    func openTrip(_ f: AppFixture) throws -> Trip {
        try f.diary.write { [spot = f.spot, now = f.clock.now] in
            try $0.trips.add(TripDraft(spotId: spot.id, startAt: now, utcOffsetSeconds: 10_800))
        }
    }

    func recorder(_ f: AppFixture, _ positions: Positions) -> TrackRecorder {
        TrackRecorder(diary: f.diary, positions: positions, formatter: .metricEnglish, now: f.clock.function)
    }

    @Test(
        "Given a trip going on, when positions come, then rough, too close and backward ones are left out, the track is saved every 50 points and when stopped, with its times"
    )
    func recordsAndSaves() async throws {
        let f = try AppFixture()
        let trip = try openTrip(f)
        let positions = Positions()
        let recorder = recorder(f, positions)
        let clock = Clock(start: f.clock.now)
        await recorder.start(trip: trip.id)
        #expect(recorder.isRecording(trip: trip.id) && recorder.problem == nil)

        positions.send(Self.fix(0, minutes: 0, clock: clock))
        positions.send(Self.fix(4, minutes: 0.5, clock: clock))  // closer than 10 m
        positions.send(Self.fix(30, minutes: 1, accuracy: 120, clock: clock))  // a cell tower's guess
        positions.send(Self.fix(30, minutes: 1, accuracy: -1, clock: clock))  // invalid
        positions.send(Self.fix(20, minutes: 2, clock: clock))
        positions.send(Self.fix(60, minutes: 1.5, clock: clock))  // earlier than the last kept
        await Self.settle { recorder.pointsRecorded == 2 }
        #expect(recorder.pointsRecorded == 2)
        #expect(try await f.diary.read { try $0.trips.record(trip.id) }.track == nil, "not saved before 50 points")
        #expect(recorder.statusText == "Recording since 23:26 · \(MeasureFormatter.metricEnglish.distance(20))")

        for step in 2...50 { positions.send(Self.fix(Double(step) * 20, minutes: Double(step) + 1, clock: clock)) }
        await Self.settle { recorder.pointsRecorded == 51 }
        let saved = try #require(try await f.diary.read { try $0.trips.record(trip.id) }.track, "saved at 50 points")
        #expect(saved.isTimed && saved.points.count >= 2)

        positions.send(Self.fix(1_020, minutes: 60, clock: clock))
        await Self.settle { recorder.pointsRecorded == 52 }
        await recorder.stopRecording()
        #expect(!recorder.isRecording && recorder.statusText == nil)
        let track = try #require(try await f.diary.read { try $0.trips.record(trip.id) }.track)
        #expect(
            track.points.first?.time == clock.start && track.points.last?.time == clock.start.addingTimeInterval(3_600))
        #expect(abs(track.points.last!.latitude - (56.84 + 1_020 / 111_320)) < 2e-5)
        #expect(track.points.count == 2, "a straight walk simplifies to its ends")
    }

    @Test(
        "Given a trip with a timed track, when recording starts again, then the new path continues it; when the trip ends on another screen, recording stops and what it had is saved"
    )
    func continuesAndStopsWithTheTrip() async throws {
        let f = try AppFixture()
        let trip = try openTrip(f)
        let clock = Clock(start: f.clock.now)
        let earlier = try TripTrack([
            TrackPoint(latitude: 56.839, longitude: 35.9, time: clock.start),
            TrackPoint(latitude: 56.8395, longitude: 35.9, time: clock.start.addingTimeInterval(60)),
        ])
        try await f.diary.write { _ = try $0.trips.update(trip.id) { $0.track = earlier } }
        let positions = Positions()
        let recorder = recorder(f, positions)
        let watching = Task { await recorder.observe() }
        defer { watching.cancel() }
        await recorder.start(trip: trip.id)
        positions.send(
            PositionFix(
                coordinate: Coordinate(latitude: 56.84, longitude: 35.902), accuracyMeters: 5,
                time: clock.start.addingTimeInterval(600)))
        await Self.settle { recorder.pointsRecorded == 1 }
        #expect(recorder.path.count == 3, "the earlier track, then the new point")

        _ = try await f.diary.write { try $0.trips.update(trip.id) { $0.endAt = clock.start.addingTimeInterval(900) } }
        await Self.settle { !recorder.isRecording }
        #expect(!recorder.isRecording, "the trip ended: recording stopped")
        let track = try #require(try await f.diary.read { try $0.trips.record(trip.id) }.track)
        #expect(track.points.count == 3 && track.points.first == earlier.points.first)
    }

    @Test(
        "Given a recording whose screens are made again (a setting changed), when the new recorder continues the old, then the start and the distance go on and nothing recorded is lost"
    )
    func continuesInNewScreens() async throws {
        let f = try AppFixture()
        let trip = try openTrip(f)
        let clock = Clock(start: f.clock.now)
        let positions = Positions()
        let old = recorder(f, positions)
        await old.start(trip: trip.id)
        positions.send(Self.fix(0, minutes: 1, clock: clock))
        positions.send(Self.fix(40, minutes: 2, clock: clock))
        await Self.settle { old.pointsRecorded == 2 }
        let status = old.statusText
        await old.stopRecording()
        f.clock.advance(by: 600)
        let again = recorder(f, positions)
        await again.start(trip: trip.id, continuing: old)
        #expect(again.statusText == status && again.pointsRecorded == 2, "\(again.statusText ?? "")")
        positions.send(Self.fix(80, minutes: 12, clock: clock))
        await Self.settle { again.pointsRecorded == 3 }
        await again.stopRecording()
        let track = try #require(try await f.diary.read { try $0.trips.record(trip.id) }.track)
        #expect(track.points.first?.time == clock.start.addingTimeInterval(60))
        #expect(track.points.last?.time == clock.start.addingTimeInterval(720))
    }

    @Test(
        "Given an ended trip, a device that may not read the position, or one that stops giving positions, then each is said in words and nothing recorded is lost"
    )
    func refusals() async throws {
        let f = try AppFixture()
        let positions = Positions()
        let recorder = recorder(f, positions)
        await recorder.start(trip: f.trip.id)
        #expect(!recorder.isRecording && recorder.problem?.contains("has ended") == true)

        let trip = try openTrip(f)
        await recorder.start(trip: trip.id)
        positions.finish(throwing: TrackPositionsProblem.notAllowed)
        await Self.settle { !recorder.isRecording }
        #expect(recorder.problem?.contains("Location Services") == true, "\(recorder.problem ?? "")")

        let clock = Clock(start: f.clock.now)
        await recorder.start(trip: trip.id)
        #expect(recorder.problem == nil)
        positions.send(Self.fix(0, minutes: 1, clock: clock))
        await Self.settle { recorder.pointsRecorded == 1 }
        positions.finish()
        await Self.settle { !recorder.isRecording }
        #expect(recorder.problem?.contains("stopped giving positions") == true)
        #expect(
            try await f.diary.read { try $0.trips.record(trip.id) }.track?.points.count == 1, "saved when it stopped")
    }
}
