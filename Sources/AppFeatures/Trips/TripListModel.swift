import DiaryStore
import FishingModel
import Foundation
import Observation

/// The trips of the diary (the client's "events"), newest first, each read as a season is
/// reviewed — day, hours, spot, fish by species with weights, conditions (issue 30 §3) — with
/// search (title, notes, companions, spot, the species caught in any of their names) and filters
/// by year and spot; refreshes when the diary changes.
@MainActor
@Observable
public final class TripListModel: DeclaresControls {
    public static let search = Control("trips.search", .field)
    public static let yearFilter = Control("trips.year", .picker)
    public static let spotFilter = Control("trips.spot", .picker)
    public static let newTrip = Control("trips.new", .button, opens: "trips.newTitle")
    public static let open = Control("trips.open", .link)
    public static let controls = [search, yearFilter, spotFilter, newTrip, open]

    /// One row of the list: the trip, its spot's name, its catch count, its fish by species and
    /// the conditions recorded with it.
    public struct Row: Sendable, Equatable, Identifiable {
        public let trip: Trip
        public let spotName: String
        public let catchCount: Int
        public let tallies: [SpeciesTally]
        public let conditions: StoredConditions?
        public var id: UUID { trip.id }
    }

    public var query = ""
    /// The search field is active (a tap on it, or ⌘F: ``KeyCommand/findTrips``).
    public var isSearching = false
    /// The year chosen (in the trip's own offset), or nil for all years.
    public var year: Int?
    public var spotId: UUID?
    public private(set) var allRows: [Row] = []
    public private(set) var spots: [Spot] = []
    /// How each row's lines read.
    public private(set) var lines: RecordLines

    private let diary: DiaryQueue
    private let formatter: MeasureFormatter
    /// Every name of each species (English, Russian, Latin), folded for the search.
    private var speciesSearchNames: [String: [String]] = [:]
    /// The species the rows name, read as pages bring them.
    private var speciesEntries: [DirectoryEntry] = []

    public init(diary: DiaryQueue, formatter: MeasureFormatter) {
        self.diary = diary
        self.formatter = formatter
        lines = RecordLines(formatter: formatter, entries: [])
    }

    /// The trips a first screenful loads; the rest follow in pages of ``pageSize``, one diary
    /// read each, so a change or another screen never waits long behind the list.
    public static let firstPage = 100
    public static let pageSize = 1_000

    /// Loads the latest trips first (what the screen shows at once), then the rest page by page
    /// (for the search, the filters and scrolling on). A cancelled load stops between pages.
    public func load() async throws {
        try await loadFirstPage()
        try await loadAll()
    }

    public func loadFirstPage() async throws {
        let (rows, spots) = try await page(limit: Self.firstPage, after: nil)
        allRows = rows
        self.spots = spots
    }

    public func loadAll() async throws {
        var rows: [Row] = []
        while true {
            try Task.checkCancellation()
            let (page, spots) = try await page(limit: Self.pageSize, after: rows.last?.trip)
            rows += page
            self.spots = spots
            if page.count < Self.pageSize { break }
        }
        allRows = rows
    }

    private func page(limit: Int, after: Trip?) async throws -> ([Row], [Spot]) {
        let known = Set(speciesSearchNames.keys)
        let (trips, spots, counts, tallies, conditions, species) = try await diary.read { diary in
            let trips = try diary.trips.list(limit: limit, after: after)
            let ids = trips.map(\.id)
            let tallies = try diary.summaries.speciesTallies(ofTrips: ids)
            // Only the species the page names and the list does not know yet, read by id: a
            // whole directory read and folded for every open cost the first screenful 4×.
            let named = Set(tallies.values.joined().map(\.speciesId)).subtracting(known)
            return (
                trips, try diary.spots.list(), try diary.summaries.catchCountsByTrip(ids), tallies,
                try diary.conditions.stored(for: .trip, ids: ids),
                try named.sorted().compactMap { try diary.directoryEntry(.species, id: $0) }
            )
        }
        if !species.isEmpty {
            speciesEntries += species
            lines = RecordLines(formatter: formatter, entries: speciesEntries)
            for entry in species { speciesSearchNames[entry.id] = entry.searchableNames.map(DirectoryPicker.fold) }
        }
        let names = Dictionary(spots.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let rows = trips.map {
            Row(
                trip: $0, spotName: names[$0.spotId] ?? "", catchCount: counts[$0.id] ?? 0,
                tallies: tallies[$0.id] ?? [],
                conditions: conditions[$0.id])
        }
        return (rows, spots)
    }

    /// Keeps the list current while the screen is shown (run from the view's `.task`): each
    /// change starts a fresh load and stops the one in progress.
    public func observe() async {
        var loading: Task<Void, Never>?
        for await change in diary.changes() where !change.isDisjoint(with: [.trips, .spots, .catches]) {
            loading?.cancel()
            loading = Task { try? await self.load() }
        }
        loading?.cancel()
    }

    /// The years that have trips, newest first: the year filter's choices.
    public var years: [Int] { Array(Set(allRows.map { Self.year(of: $0.trip) })).sorted(by: >) }

    /// The rows the search and filters leave.
    public var rows: [Row] {
        let needle = DirectoryPicker.fold(query.trimmingCharacters(in: .whitespaces))
        return allRows.filter { row in
            (year == nil || Self.year(of: row.trip) == year) && (spotId == nil || row.trip.spotId == spotId)
                && (needle.isEmpty
                    || [row.trip.title, row.trip.notes, row.trip.companions, row.spotName].contains {
                        $0.map { DirectoryPicker.fold($0).contains(needle) } ?? false
                    }
                    || row.tallies.contains { tally in
                        speciesSearchNames[tally.speciesId]?.contains { $0.contains(needle) } ?? false
                    })
        }
    }

    static func year(of trip: Trip) -> Int {
        Int(DiaryTime.iso8601(trip.startAt, utcOffsetSeconds: trip.utcOffsetSeconds).prefix(4)) ?? 0
    }
}
