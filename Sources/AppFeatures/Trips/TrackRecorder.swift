import DiaryInterchange
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import Observation

/// Recording a trip's track while the trip goes on (issue 34 §3; T9, T10): started from the trip's
/// page, it keeps the device's positions good to ``worstAccuracy`` metres and at least
/// ``minimumStep`` metres apart, adds them to the track the trip already has and saves the track
/// — simplified to fit, with its times — every ``savePoints`` points or ``saveInterval``, and
/// when stopped, so a crash loses minutes at most. It stops with one tap, when the trip ends or
/// goes to the Trash, and when the device stops giving positions. One trip records at a time; the
/// indicator on Home and the trip's page reads ``statusText``.
@MainActor
@Observable
public final class TrackRecorder: DeclaresControls {
    public static let start = Control("track.record", .button)
    public static let stop = Control("track.stop", .button)
    public static let controls = [start, stop]

    /// Positions worse than this (metres) are left out: a fix from a cell tower is not a path.
    public static let worstAccuracy = 50.0
    /// A position closer than this to the last one kept adds nothing but noise (metres).
    public static let minimumStep = 10.0
    /// The track is saved after this many new points…
    public static let savePoints = 50
    /// …or this long after the last save, whichever comes first.
    public static let saveInterval: TimeInterval = 300

    /// The trip whose track is recording, nil when none is.
    public private(set) var tripId: UUID?
    /// The trip recorded last, once stopped.
    private var lastTripId: UUID?
    /// Positions kept since recording started.
    public private(set) var pointsRecorded = 0
    /// The length of the path recorded since it started, in metres.
    public private(set) var metersRecorded = 0.0
    public private(set) var startedAt: Date?
    /// Why recording did not start or stopped on its own, in the angler's words.
    public private(set) var problem: String?

    public var isRecording: Bool { tripId != nil }

    private let diary: DiaryQueue
    private let positions: any TrackPositions
    private let formatter: MeasureFormatter
    private let catalog: Catalog
    private let now: @Sendable () -> Date
    private var language: Language { formatter.language }
    /// The trip's track before recording started, then the positions kept.
    private var points: [TrackPoint] = []
    private var unsaved = 0
    private var lastSave = Date.distantPast
    private var utcOffsetSeconds = 0
    private var reading: Task<Void, Never>?

    public init(
        diary: DiaryQueue, positions: any TrackPositions, formatter: MeasureFormatter, catalog: Catalog = .shared,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.diary = diary
        self.positions = positions
        self.formatter = formatter
        self.catalog = catalog
        self.now = now
    }

    /// Starts recording the track of trip `id`, which must be going on; a track it already has is
    /// continued. Recording another trip stops that one first. `previous` is the recorder of the
    /// screens this one replaces (a setting changed while recording), stopped and saved: its
    /// start and what it measured go on here.
    public func start(trip id: UUID, continuing previous: TrackRecorder? = nil) async {
        if tripId == id { return }
        await stopRecording()
        problem = nil
        do {
            let trip = try await diary.read { try $0.trips.record(id) }
            guard trip.endAt == nil, trip.deletedAt == nil else {
                problem = catalog.text("track.problem.ended", language)
                return
            }
            if let track = trip.track, !track.points.isEmpty, !track.isTimed {
                problem = catalog.text("track.problem.untimed", language)
                return
            }
            points = trip.track?.points ?? []
            utcOffsetSeconds = trip.utcOffsetSeconds
        } catch {
            problem = ProblemMessages(language: language, catalog: catalog).text(error)
            return
        }
        (tripId, pointsRecorded, metersRecorded, unsaved) = (id, 0, 0, 0)
        (startedAt, lastSave) = (now(), now())
        if let previous, previous.lastTripId == id {
            (startedAt, pointsRecorded, metersRecorded) = (
                previous.startedAt, previous.pointsRecorded, previous.metersRecorded
            )
        }
        let fixes = positions.fixes()
        reading = Task { [weak self] in
            do {
                for try await fix in fixes {
                    guard let self, !Task.isCancelled else { return }
                    await self.keep(fix)
                }
                guard !Task.isCancelled else { return }
                await self?.endedOnItsOwn(nil)
            } catch {
                guard !Task.isCancelled else { return }
                await self?.endedOnItsOwn(error)
            }
        }
    }

    /// Stops recording and saves what was recorded (one tap: nothing to confirm, nothing lost).
    public func stopRecording() async {
        guard let reading else { return }
        self.reading = nil
        reading.cancel()
        await reading.value
        await save()
        (lastTripId, tripId) = (tripId, nil)
    }

    /// Stops when the recorded trip ends or goes to the Trash on any screen or device (run from
    /// the app's root while it is shown).
    public func observe() async {
        for await change in diary.changes() where change.contains(.trips) {
            guard let id = tripId else { continue }
            let trip = try? await diary.read { try $0.trips.record(id) }
            if trip == nil || trip?.endAt != nil || trip?.deletedAt != nil { await stopRecording() }
        }
    }

    /// What the indicator says while recording: "Recording since 05:10 · 2.4 km".
    public var statusText: String? {
        guard isRecording, let startedAt else { return nil }
        return catalog.text(
            "track.recordingSince", language,
            [
                "time": DiaryDates(language: language).time(startedAt, offset: utcOffsetSeconds),
                "distance": formatter.distance(metersRecorded),
            ])
    }

    /// The recording trip's path so far, the track it had included, for its map.
    public var path: [Coordinate] { points.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) } }

    /// Whether trip `id`'s track is the one recording.
    public func isRecording(trip id: UUID) -> Bool { tripId == id }

    private func keep(_ fix: PositionFix) async {
        guard fix.accuracyMeters >= 0, fix.accuracyMeters <= Self.worstAccuracy,
            fix.coordinate.latitude.isFinite, fix.coordinate.longitude.isFinite
        else { return }
        let point = TrackPoint(latitude: fix.coordinate.latitude, longitude: fix.coordinate.longitude, time: fix.time)
        if let last = points.last {
            if let time = last.time, fix.time < time { return }
            let step = Geodesic.inverse(
                from: Coordinate(latitude: last.latitude, longitude: last.longitude), to: fix.coordinate
            ).meters
            guard step >= Self.minimumStep else { return }
            if pointsRecorded > 0 { metersRecorded += step }
        }
        points.append(point)
        pointsRecorded += 1
        unsaved += 1
        if unsaved >= Self.savePoints || now().timeIntervalSince(lastSave) >= Self.saveInterval { await save() }
    }

    /// Saves the track so far on the trip, simplified to fit its field.
    private func save() async {
        guard let id = tripId, unsaved > 0 else { return }
        let points = points
        do {
            let (track, _) = try TrackImport.fitted(points)
            _ = try await diary.write { try $0.trips.update(id) { $0.track = track } }
            (unsaved, lastSave) = (0, now())
        } catch {
            problem = ProblemMessages(language: language, catalog: catalog).text(error)
        }
    }

    private func endedOnItsOwn(_ error: (any Error)?) async {
        reading = nil
        await save()
        tripId = nil
        switch error {
        case TrackPositionsProblem.notAllowed?: problem = catalog.text("track.problem.notAllowed", language)
        case let error?: problem = ProblemMessages(language: language, catalog: catalog).text(error)
        case nil: problem = catalog.text("track.problem.noPositions", language)
        }
    }
}
