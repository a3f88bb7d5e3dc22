import DiaryStore
import FishingModel
import Foundation

/// Which part of the diary an export takes (issue 34 §6): one trip, the trips that started in a
/// period, or everything.
public struct ExportSelection: Sendable, Equatable {
    public var tripId: UUID?
    public var from: Date?
    public var until: Date?

    public init(tripId: UUID? = nil, from: Date? = nil, until: Date? = nil) {
        (self.tripId, self.from, self.until) = (tripId, from, until)
    }

    /// Whether the selection is the whole diary (spots without trips included).
    var isEverything: Bool { tripId == nil && from == nil && until == nil }

    func contains(_ trip: Trip) -> Bool {
        (tripId.map { $0 == trip.id } ?? true) && (from.map { trip.startAt >= $0 } ?? true)
            && (until.map { trip.startAt < $0 } ?? true)
    }
}

/// The live records an export writes, in the order it writes them: spots by name, each spot's
/// trips by start, each trip's catches by time.
struct ExportContent {
    var spots: [Spot]
    var trips: [UUID: [Trip]]
    var catches: [UUID: [Catch]]

    init(diary: Diary, selection: ExportSelection) throws {
        let chosen = try diary.trips.list().filter(selection.contains)
        let trips = Dictionary(
            grouping: chosen.sorted { ($0.startAt, $0.id.uuidString) < ($1.startAt, $1.id.uuidString) }
        ) {
            $0.spotId
        }
        self.trips = trips
        let tripIds = Set(chosen.map(\.id))
        let allCatches = try diary.catches.list().filter { tripIds.contains($0.tripId) }
        catches = Dictionary(
            grouping: allCatches.sorted { ($0.caughtAt, $0.id.uuidString) < ($1.caughtAt, $1.id.uuidString) }
        ) {
            $0.tripId
        }
        spots = try diary.spots.list().filter { selection.isEverything || trips[$0.id] != nil }
    }

    var tripCount: Int { trips.values.reduce(0) { $0 + $1.count } }
    var catchCount: Int { catches.values.reduce(0) { $0 + $1.count } }
}

/// What an export wrote.
public struct ExportSummary: Sendable, Equatable {
    public var format: InterchangeFormat
    public var path: String
    public var bytes: Int64
    public var spots: Int
    public var trips: Int
    public var catches: Int
    /// Photos written into a KMZ.
    public var photos: Int
}
