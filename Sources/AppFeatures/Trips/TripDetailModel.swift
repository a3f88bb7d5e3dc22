import DiaryInterchange
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import MediaLibrary
import Observation

/// One trip as a season is reviewed (issue 30 §3): its spot, day, hours and length, its fish by
/// species, the conditions recorded with it, each catch with its time, weight, length, bait,
/// method and release (newest first), its photos and videos; a trip without an end can be ended
/// (issue 30 §2.2); its track is drawn with its catches on it, and read from a GPX, KML or KMZ
/// file another program wrote (issue 34 §1, §3); deleting it moves it and its catches to the Trash
/// with an undo offer (UI5).
@MainActor
@Observable
public final class TripDetailModel: SafeguardsDestructiveActions {
    public static let edit = Control("trip.edit", .button)
    public static let addCatch = Control("trip.addCatch", .button, opens: "catches.newTitle")
    public static let openCatch = Control("trip.openCatch", .link)
    public static let openMedia = Control("trip.openMedia", .link, opens: "page.media")
    public static let endTrip = Control("trip.end", .button)
    public static let delete = Control("trip.delete", .button, safeguard: .undo)
    public static let importTrack = Control("trip.importTrack", .button)
    public static let controls = [edit, addCatch, openCatch, openMedia, endTrip, delete, importTrack]

    public let tripId: UUID
    public private(set) var trip: Trip?
    public private(set) var spot: Spot?
    public private(set) var catches: [Catch] = []
    public private(set) var conditions: StoredConditions?
    public private(set) var tallies: [SpeciesTally] = []
    /// Its photos and videos and its catches', as thumbnails (issue 30 §3).
    public private(set) var media: [MediaTile] = []
    /// How the trip and its catches read.
    public private(set) var lines: RecordLines
    /// True once the trip is in the Trash: the screen closes.
    public private(set) var isDeleted = false
    public private(set) var confirmation: PendingConfirmation?
    public private(set) var undoOffer: UndoOffer?
    public private(set) var problem: String?
    /// The file browser for a track is open.
    public var isChoosingTrack = false
    /// What the last track read from a file kept: "Track saved: 312 of 1,405 points, within 2 m".
    public private(set) var trackMessage: String?

    private let diary: DiaryQueue
    private let formatter: MeasureFormatter
    private let thumbnails: MediaThumbnails?
    private let catalog: Catalog
    private let now: @Sendable () -> Date
    private var language: Language { formatter.language }
    private var problems: ProblemMessages { ProblemMessages(language: language, catalog: catalog) }

    public init(
        diary: DiaryQueue, tripId: UUID, formatter: MeasureFormatter, thumbnails: MediaThumbnails? = nil,
        catalog: Catalog = .shared, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.diary = diary
        self.thumbnails = thumbnails
        self.tripId = tripId
        self.formatter = formatter
        self.catalog = catalog
        self.now = now
        lines = RecordLines(formatter: formatter, entries: [], catalog: catalog)
    }

    public func load() async throws {
        let id = tripId
        let loaded = try await diary.read { diary in
            let trip = try diary.trips.record(id)
            let catches = try diary.catches.list(tripId: id)
            return (
                trip, try diary.spots.record(trip.spotId), catches, try diary.conditions.stored(for: .trip, id: id),
                try diary.media.assets(linkedTo: MediaTarget(.trip, id), withItsCatches: true),
                try diary.entriesNamed(by: catches),
                try diary.summaries.speciesTallies(ofTrips: [id])[id] ?? []
            )
        }
        (trip, spot, catches, conditions, tallies) = (loaded.0, loaded.1, loaded.2, loaded.3, loaded.6)
        lines = RecordLines(formatter: formatter, entries: loaded.5, catalog: catalog)
        isDeleted = loaded.0.deletedAt != nil
        media = await MediaTile.tiles(loaded.4, thumbnails: thumbnails)
    }

    /// The trip's day, hours and length: "Sat 12 May 2026 · 05:10–09:40 · 4 h 30 min".
    public var whenText: String? { trip.map(lines.when) }

    /// Its fish by species with their weights: "Northern pike 2 (4.1 kg) · European perch 5".
    public var fishText: String { lines.fish(tallies) }

    /// The conditions recorded with it, and the moon: "14 °C · 1012 hPa, falling · waxing crescent".
    public var conditionsText: String? { trip.map { lines.conditions(at: $0.startAt, conditions) } }

    /// The trip's track for its map (issue 34 §3), empty when it has none.
    public var trackPath: [Coordinate] {
        trip?.track?.points.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) } ?? []
    }

    /// The track's length and time moving, nil without a track.
    public var trackText: String? { trip?.track.map(lines.track) }

    /// A catch where it was made on the trip's track, for the map.
    public struct PlacedCatch: Identifiable, Sendable {
        public let id: UUID
        public let title: String
        public let position: Coordinate
    }

    /// Where on a timed track each catch was made, by its time: the catches on the trip's map.
    public var catchesOnTrack: [PlacedCatch] {
        guard let track = trip?.track, track.isTimed else { return [] }
        return catches.compactMap { item in
            track.position(at: item.caughtAt).map { PlacedCatch(id: item.id, title: title(of: item), position: $0) }
        }
    }

    /// The water noted with the trip (issue 34 §5), nil when nothing was.
    public var waterText: String? {
        trip.flatMap {
            lines.water(
                temperatureC: $0.waterTempC, clarityM: $0.waterClarityM, levelM: $0.waterLevelM, trend: $0.waterTrend)
        }
    }

    /// Ends a trip that has no end: now while it goes on, else at its last catch (``OpenTripRule``).
    public func endTrip() async {
        guard let trip, trip.endAt == nil else { return }
        let activity = CatchNowPlan.TripActivity(trip: trip, lastCatchAt: catches.map(\.caughtAt).max())
        let end = OpenTripRule(now: now(), here: nil).end(of: activity, at: spot)
        problem = await diary.end(trip: trip.id, at: end).map(problems.text)
        try? await load()
    }

    /// Reads the track in `file` (GPX, KML or KMZ, every track of it joined) and saves it as this
    /// trip's, simplified to fit; `access` is held while the file is read (a document provider's
    /// security scope). A trip that has a track already asks first (``confirmation``): the file's
    /// replaces it.
    public func importTrack(from file: URL, access: AnyObject? = nil) async {
        guard let track = trip?.track else { return await saveTrack(from: file, access: access) }
        confirmation = PendingConfirmation(
            control: Self.importTrack, title: catalog.text("confirm.track.replace.title", language),
            message: catalog.text(
                "confirm.track.replace.message", language,
                ["track": formatter.distance(track.measures.meters), "file": file.lastPathComponent])
        ) { [weak self] in
            self?.confirmation = nil
            await self?.saveTrack(from: file, access: access)
        }
    }

    public func dismissConfirmation() { confirmation = nil }

    private func saveTrack(from file: URL, access: AnyObject?) async {
        defer { withExtendedLifetime(access) {} }
        let id = tripId
        trackMessage = nil
        problem = await problems.problem {
            let outcome = try await self.diary.write { try TrackImport.run(file, trip: id, diary: $0) }
            self.trackMessage = self.catalog.text(
                "trip.trackImported", self.language,
                [
                    "kept": String(outcome.pointsKept), "read": String(outcome.pointsRead),
                    "tolerance": self.formatter.number(outcome.toleranceMeters, digits: 0),
                ])
            try await self.load()
        }
    }

    /// A catch as its row reads: "European perch × 3", then "05:40 · 2.4 kg · 71 cm · Spoon".
    public func title(of item: Catch) -> String { lines.title(of: item) }
    public func details(of item: Catch) -> String { lines.details(of: item) }

    public func observe() async {
        for await change in diary.changes()
        where !change.isDisjoint(with: [.trips, .catches, .conditions, .media, .spots]) {
            try? await load()
        }
    }

    public func request(_ control: Control) async {
        guard control == Self.delete else { return }
        do {
            undoOffer = try await diary.moveToTrashOfferingUndo(.trip, tripId, language: language, catalog: catalog) {
                [weak self] in try await self?.load()
            }
            isDeleted = true
        } catch {
            problem = problems.text(error)
        }
    }
}
