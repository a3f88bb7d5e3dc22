import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import Observation

/// The first screen (issue 13 §3 Home): what is recent, where sync stands, and "Catch now" —
/// a catch logged in at most two taps (tap one opens the sheet with the plan and the species,
/// tap two picks the species and saves), because logging on the water is the top complaint
/// against the best fishing apps. Time from the device clock (T11), position from the location
/// provider (T10), species recently caught first. The conditions are fetched after the save,
/// never before it.
@MainActor
@Observable
public final class HomeModel: DeclaresControls {
    public static let catchNow = Control("home.catchNow", .button)
    public static let pickSpecies = Control("home.pickSpecies", .picker)
    public static let searchSpecies = Control("home.searchSpecies", .field)
    public static let pickSpot = Control("home.pickSpot", .picker)
    public static let cancelCatchNow = Control("home.cancelCatchNow", .button)
    public static let openTrip = Control("home.openTrip", .link)
    public static let openSync = Control("home.openSync", .link)
    public static let controls = [catchNow, pickSpecies, searchSpecies, pickSpot, cancelCatchNow, openTrip, openSync]

    /// The latest catches, newest first.
    public private(set) var recentCatches: [Catch] = []
    public private(set) var latestTrip: Trip?
    /// Changes waiting to be sent, and when the diary last synced (nil: never, or not signed in).
    public private(set) var pendingChanges = 0
    public private(set) var lastSyncAt: Date?
    public private(set) var isSignedIn = false

    /// The "Catch now" sheet, open after the first tap.
    public private(set) var catchNowPlan: CatchNowPlan?
    public var speciesQuery = ""
    /// The catch saved by the last second tap.
    public private(set) var lastSaved: Catch?
    public private(set) var problem: String?

    private let diary: DiaryQueue
    private let location: any LocationProviding
    private let conditions: ConditionsService?
    private let now: @Sendable () -> Date
    private let language: Language
    private let catalog: Catalog
    private var problems: ProblemMessages { ProblemMessages(language: language, catalog: catalog) }
    private var picker: DirectoryPicker?
    private var titles = CatchTitles(entries: [], language: .english)
    private var recentSpecies: [String] = []
    private var catchNowTime: Date?

    public init(
        diary: DiaryQueue, location: any LocationProviding, conditions: ConditionsService?,
        now: @escaping @Sendable () -> Date = { Date() }, language: Language, catalog: Catalog = .shared
    ) {
        self.diary = diary
        self.location = location
        self.conditions = conditions
        self.now = now
        self.language = language
        self.catalog = catalog
    }

    public func load() async throws {
        let summary = try await diary.read { diary in
            let catches = try diary.catches(limit: 50)
            return (
                catches, try diary.latestTrip(), try diary.pendingChangeCount(), try diary.syncAccount(),
                try diary.speciesEntries(of: catches.prefix(5))
            )
        }
        titles = CatchTitles(entries: summary.4, language: language)
        recentCatches = Array(summary.0.prefix(5))
        var seen = Set<String>()
        recentSpecies = summary.0.map(\.speciesId).filter { seen.insert($0).inserted }
        latestTrip = summary.1
        pendingChanges = summary.2
        lastSyncAt = summary.3?.lastSyncAt
        isSignedIn = summary.3?.token != nil
    }

    /// Keeps the screen current while it is shown (run from the view's `.task`).
    public func observe() async {
        for await change in diary.changes() where !change.isDisjoint(with: [.catches, .trips, .sync]) {
            try? await load()
        }
    }

    // MARK: Catch now

    /// Tap one: takes the time from the clock and the position from the device, and decides
    /// where the catch goes.
    public func startCatchNow() async {
        let time = now()
        let here = await location.currentCoordinate()
        do {
            let (trips, spots, species) = try await diary.read { diary in
                (try diary.trips(), try diary.spots(), try diary.directoryEntries(.species))
            }
            picker = DirectoryPicker(entries: species, language: language)
            catchNowTime = time
            speciesQuery = ""
            catchNowPlan = CatchNowPlan.make(trips: trips, spots: spots, here: here, now: time)
            problem = nil
        } catch {
            problem = problems.text(error)
        }
    }

    /// The species to offer: recently caught first, then the rest, filtered by the query.
    public var speciesChoices: [DirectoryEntry] {
        picker?.entries(matching: speciesQuery, recent: recentSpecies) ?? []
    }

    public func speciesName(_ entry: DirectoryEntry) -> String { picker?.name(of: entry) ?? entry.nameEn }

    /// A recent catch as its row reads: the species in the angler's language, and how many.
    public func title(of item: Catch) -> String { titles.title(of: item) }

    /// For a plan that needs a spot: the angler's choice (the third tap).
    public func choose(spot: Spot) {
        guard catchNowPlan == .needsSpot else { return }
        catchNowPlan = .newTrip(at: spot, meters: 0)
    }

    public func cancelCatchNow() {
        catchNowPlan = nil
        catchNowTime = nil
    }

    /// Tap two: saves the catch of `species` in one transaction with the trip (and spot) it
    /// needs, then fetches the conditions in the background.
    public func save(species: DirectoryEntry) async {
        guard let plan = catchNowPlan, plan != .needsSpot, let time = catchNowTime else { return }
        let offset = DiaryTime.deviceOffset(at: time)
        let spotName = catalog.text(
            "home.catchNow.newSpotName", language,
            ["date": DiaryTime.iso8601(time, utcOffsetSeconds: offset).prefix(10).description])
        let speciesId = species.id
        do {
            let (saved, newTrip) = try await diary.write { diary -> (Catch, Trip?) in
                let trip: Trip
                var created: Trip?
                switch plan {
                case .openTrip(let open): trip = open
                case .newTrip(let spot, _):
                    trip = try diary.addTrip(TripDraft(spotId: spot.id, startAt: time, utcOffsetSeconds: offset))
                    created = trip
                case .newSpot(let here):
                    let spot = try diary.addSpot(
                        SpotDraft(name: spotName, latitude: here.latitude, longitude: here.longitude))
                    trip = try diary.addTrip(TripDraft(spotId: spot.id, startAt: time, utcOffsetSeconds: offset))
                    created = trip
                case .needsSpot: throw CatchNowProblem.noSpot
                }
                let item = try diary.addCatch(
                    CatchDraft(tripId: trip.id, speciesId: speciesId, caughtAt: time, utcOffsetSeconds: offset))
                return (item, created)
            }
            lastSaved = saved
            catchNowPlan = nil
            catchNowTime = nil
            problem = nil
            if let newTrip { conditions?.recordInBackground(of: .trip, newTrip.id) }
            conditions?.recordInBackground(of: .catch, saved.id)
            try await load()
        } catch {
            problem = problems.text(error)
        }
    }
}

/// Why "Catch now" could not save.
enum CatchNowProblem: Error {
    case noSpot
}
