import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import Observation

/// The first screen (issue 13 §3 Home, issue 30 §2): "Catch now" (``CatchNowModel``), the trip
/// going on with its End trip, what is recent, and where sync stands. Time from the device clock
/// (T11), position from the location provider (T10). The conditions are fetched after a save,
/// never before it.
@MainActor
@Observable
public final class HomeModel: DeclaresControls {
    public static let endTrip = Control("home.endTrip", .button)
    public static let openTrip = Control("home.openTrip", .link)
    public static let openCatch = Control("home.openCatch", .link)
    public static let openSync = Control("home.openSync", .link, opens: "page.sync")
    public static let controls = CatchNowModel.controls + [endTrip, openTrip, openCatch, openSync]

    /// The latest catches, newest first.
    public private(set) var recentCatches: [Catch] = []
    public private(set) var latestTrip: Trip?
    /// The latest trip without an end, shown with its End trip.
    public private(set) var unendedTrip: UnendedTrip?
    /// Changes waiting to be sent, and when the diary last synced (nil: never, or not signed in).
    public private(set) var pendingChanges = 0
    public private(set) var lastSyncAt: Date?
    public private(set) var isSignedIn = false
    public private(set) var problem: String?
    /// The "Catch now" sheet.
    public let catchNow: CatchNowModel

    private let diary: DiaryQueue
    private let location: any LocationProviding
    private let now: @Sendable () -> Date
    private let formatter: MeasureFormatter
    private let catalog: Catalog
    private var language: Language { formatter.language }
    private var problems: ProblemMessages { ProblemMessages(language: language, catalog: catalog) }
    private var lines: RecordLines
    /// The spot of each recent catch, by the catch's id.
    private var catchSpots: [UUID: String] = [:]

    public init(
        diary: DiaryQueue, location: any LocationProviding, conditions: ConditionsService?,
        now: @escaping @Sendable () -> Date = { Date() }, formatter: MeasureFormatter, catalog: Catalog = .shared
    ) {
        self.diary = diary
        self.location = location
        self.now = now
        self.formatter = formatter
        self.catalog = catalog
        lines = RecordLines(formatter: formatter, entries: [], catalog: catalog)
        catchNow = CatchNowModel(
            diary: diary, location: location, conditions: conditions, now: now, formatter: formatter, catalog: catalog)
        catchNow.changed = { [weak self] in try? await self?.load() }
    }

    public func load() async throws {
        let summary = try await diary.read { diary in
            let catches = try diary.catches.list(limit: 5)
            let spots = try catches.map { item in
                (item.id, try diary.spots.record(try diary.trips.record(item.tripId).spotId).name)
            }
            let unendedState = try QuickLog.latestUnended(in: diary)
            return (
                catches, try diary.trips.latest(), try diary.outbox.pendingCount(), try diary.sync.account(),
                try diary.entriesNamed(by: catches), unendedState, spots
            )
        }
        lines = RecordLines(formatter: formatter, entries: summary.4, catalog: catalog)
        catchSpots = Dictionary(summary.6, uniquingKeysWith: { a, _ in a })
        recentCatches = summary.0
        latestTrip = summary.1
        pendingChanges = summary.2
        lastSyncAt = summary.3?.lastSyncAt
        isSignedIn = summary.3?.token != nil
        if let state = summary.5 {
            unendedTrip = QuickLog.unended(state, here: await location.currentCoordinate(), now: now())
        } else {
            unendedTrip = nil
        }
    }

    /// Keeps the screen current while it is shown (run from the view's `.task`).
    public func observe() async {
        for await change in diary.changes() where !change.isDisjoint(with: [.catches, .trips, .sync]) {
            try? await load()
        }
    }

    /// A recent catch as its row reads: the species in the angler's language and how many, then
    /// when and where — so three perch of three days never read alike.
    public func title(of item: Catch) -> String { lines.title(of: item) }
    public func moment(of item: Catch) -> String { lines.moment(of: item, at: catchSpots[item.id]) }

    /// The trip without an end, as Home's card reads it: "Trip at Volga bend, from 05:10".
    public var unendedTripText: String? {
        unendedTrip.map { catchNow.text(of: .trip($0.trip, spot: $0.spot)) }
    }

    /// End trip's label: "End trip" while it goes on, "End trip at 07:40" once it is over.
    public var endTripLabel: String {
        guard let unended = unendedTrip, let end = unended.lastActiveAt else {
            return catalog.label(Self.endTrip, language)
        }
        return catalog.text(
            "home.endTripAt", language,
            ["time": DiaryDates(language: language).time(end, offset: unended.trip.utcOffsetSeconds)])
    }

    /// Ends the trip without an end (issue 30 §2.2): now while it goes on, else at its last catch.
    public func endUnendedTrip() async {
        guard let unended = unendedTrip else { return }
        problem = await diary.end(trip: unended.trip.id, at: unended.end(now: now())).map(problems.text)
        try? await load()
    }
}

/// A trip the angler started and has not ended (issue 30 §2.2), as Home shows it.
public struct UnendedTrip: Sendable {
    public let trip: Trip
    public let spot: Spot?
    /// Nil while it goes on (``OpenTripRule``); once over, its last catch (or its start), where
    /// End trip ends it.
    public let lastActiveAt: Date?

    /// Where End trip ends it at `now` (issue 30 §2.2): now while it goes on, else at its last
    /// catch (or its start).
    public func end(now: Date) -> Date { lastActiveAt ?? max(now, trip.startAt) }
}
