import DiaryStore
import FishingModel
import Foundation
import Observation

/// One trip with its spot, its day, hours and length, catches (newest first), stored conditions
/// and photos and videos; a trip without an end can be ended (issue 30 §2.2); deleting it moves it
/// and its catches to the Trash with an undo offer (UI5).
@MainActor
@Observable
public final class TripDetailModel: SafeguardsDestructiveActions {
    public static let edit = Control("trip.edit", .button)
    public static let addCatch = Control("trip.addCatch", .button)
    public static let openCatch = Control("trip.openCatch", .link)
    public static let openMedia = Control("trip.openMedia", .link)
    public static let endTrip = Control("trip.end", .button)
    public static let delete = Control("trip.delete", .button, safeguard: .undo)
    public static let controls = [edit, addCatch, openCatch, openMedia, endTrip, delete]

    public let tripId: UUID
    public private(set) var trip: Trip?
    public private(set) var spot: Spot?
    public private(set) var catches: [Catch] = []
    public private(set) var conditions: StoredConditions?
    public private(set) var media: [MediaAsset] = []
    /// True once the trip is in the Trash: the screen closes.
    public private(set) var isDeleted = false
    public private(set) var confirmation: PendingConfirmation?
    public private(set) var undoOffer: UndoOffer?
    public private(set) var problem: String?

    private let diary: DiaryQueue
    private var titles = CatchTitles(entries: [], language: .english)
    private let language: Language
    private let catalog: Catalog
    private let now: @Sendable () -> Date
    private var problems: ProblemMessages { ProblemMessages(language: language, catalog: catalog) }

    public init(
        diary: DiaryQueue, tripId: UUID, language: Language, catalog: Catalog = .shared,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.diary = diary
        self.tripId = tripId
        self.language = language
        self.catalog = catalog
        self.now = now
    }

    public func load() async throws {
        let id = tripId
        let loaded = try await diary.read { diary in
            let trip = try diary.trip(id)
            let catches = try diary.catches(tripId: id)
            return (
                trip, try diary.spot(trip.spotId), catches, try diary.conditions(for: .trip, id: id),
                try diary.mediaAssets(linkedTo: MediaTarget(.trip, id)), try diary.speciesEntries(of: catches)
            )
        }
        (trip, spot, catches, conditions, media) = (loaded.0, loaded.1, loaded.2, loaded.3, loaded.4)
        titles = CatchTitles(entries: loaded.5, language: language)
        isDeleted = loaded.0.deletedAt != nil
    }

    /// The trip's day, hours and length: "Sat 12 May 2026, 05:10–09:40 · 4 h 30 min"; "…, from
    /// 05:10" while it has no end.
    public var whenText: String? {
        guard let trip else { return nil }
        let dates = DiaryDates(language: language)
        let offset = trip.utcOffsetSeconds
        let when = "\(dates.day(trip.startAt, offset: offset)), \(dates.span(from: trip.startAt, to: trip.endAt, offset: offset))"
        guard let end = trip.endAt, let length = dates.duration(end.timeIntervalSince(trip.startAt)) else { return when }
        return "\(when) · \(length)"
    }

    /// Ends a trip that has no end: now while it goes on, else at its last catch (``OpenTripRule``).
    public func endTrip() async {
        guard let trip, trip.endAt == nil else { return }
        let activity = CatchNowPlan.TripActivity(trip: trip, lastCatchAt: catches.map(\.caughtAt).max())
        let end = OpenTripRule(now: now(), here: nil).end(of: activity, at: spot)
        let id = trip.id
        do {
            try await diary.write { try $0.updateTrip(id) { $0.endAt = end } }
            problem = nil
            try await load()
        } catch {
            problem = problems.text(error)
        }
    }

    /// A catch as its row reads.
    public func title(of item: Catch) -> String { titles.title(of: item) }

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
