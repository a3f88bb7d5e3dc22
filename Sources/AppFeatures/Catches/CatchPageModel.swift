import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import Observation

/// One catch, to read (issue 30 §3): what it was and when, where (its trip and spot), every
/// figure the angler recorded, the conditions stored with it and its photos and videos; Edit
/// opens its form, Share a link that gives the place away no finer than chosen (issue 34 §4).
@MainActor
@Observable
public final class CatchPageModel: DeclaresControls {
    public static let edit = Control("catch.edit", .button)
    public static let openTrip = Control("catch.openTrip", .link)
    public static let openMedia = Control("catch.openMedia", .link, opens: "page.media")
    public static let share = Control("catch.share", .button, opens: "page.share")
    public static let controls = [edit, openTrip, openMedia, share]

    /// One line of the page: what it is, and its value as the angler reads it.
    public struct Fact: Sendable, Equatable, Identifiable {
        public let label: String
        public let value: String
        public var id: String { label }
    }

    public let catchId: UUID
    public private(set) var item: Catch?
    public private(set) var trip: Trip?
    public private(set) var spot: Spot?
    /// The conditions stored with the catch, else those of its trip (``conditionsAreTrips``).
    public private(set) var conditions: StoredConditions?
    /// True when the catch has none of its own and its trip's are shown.
    public private(set) var conditionsAreTrips = false
    /// Its photos and videos as thumbnails (issue 30 §3).
    public private(set) var media: [MediaTile] = []
    public private(set) var lines: RecordLines
    public private(set) var problem: String?
    /// The share sheet is open.
    public var isSharing = false

    private let diary: DiaryQueue
    private let formatter: MeasureFormatter
    private let thumbnails: MediaThumbnails?
    private let catalog: Catalog
    private var language: Language { formatter.language }

    public init(
        diary: DiaryQueue, catchId: UUID, formatter: MeasureFormatter, thumbnails: MediaThumbnails? = nil,
        catalog: Catalog = .shared
    ) {
        self.diary = diary
        self.thumbnails = thumbnails
        self.catchId = catchId
        self.formatter = formatter
        self.catalog = catalog
        lines = RecordLines(formatter: formatter, entries: [], catalog: catalog)
    }

    public func load() async throws {
        let id = catchId
        let loaded = try await diary.read { diary in
            let item = try diary.catches.record(id)
            let trip = try diary.trips.record(item.tripId)
            return (
                item, trip, try diary.spots.record(trip.spotId),
                try diary.conditions.stored(for: .catch, id: id).map { ($0, false) }
                    ?? diary.conditions.stored(for: .trip, id: trip.id).map { ($0, true) },
                try diary.media.assets(linkedTo: MediaTarget(.catch, id)), try diary.entriesNamed(by: [item])
            )
        }
        (item, trip, spot) = (loaded.0, loaded.1, loaded.2)
        (conditions, conditionsAreTrips) = (loaded.3?.0, loaded.3?.1 ?? false)
        lines = RecordLines(formatter: formatter, entries: loaded.5, catalog: catalog)
        media = await MediaTile.tiles(loaded.4, thumbnails: thumbnails)
    }

    public func observe() async {
        for await change in diary.changes() where !change.isDisjoint(with: [.catches, .trips, .conditions, .media]) {
            try? await load()
        }
    }

    /// "Northern pike" or "European perch × 3".
    public var title: String { item.map(lines.title(of:)) ?? "" }

    /// "Sat 12 May, 05:40 · Volga bend".
    public var momentText: String { item.map { lines.moment(of: $0, at: spot?.name) } ?? "" }

    /// The link to its trip, by the trip's title or its day and hours: "Trip · Sun 31 May 2026 ·
    /// 05:10–10:10 · 5 h" (the spot is on the line above).
    public var tripText: String? {
        trip.map { trip in
            catalog.text("catches.tripLink", language, ["trip": trip.title ?? lines.when(trip)])
        }
    }

    /// Every figure recorded, labelled as the form labels it; what was not recorded is left out.
    public var facts: [Fact] {
        guard let item else { return [] }
        let f = formatter
        let rows: [(Control, String?)] = [
            (CatchEditorModel.count, item.count > 1 ? String(item.count) : nil),
            (CatchEditorModel.weight, item.weightKg.map(f.weight(kilograms:))),
            (CatchEditorModel.length, item.lengthCm.map(f.length(centimetres:))),
            (CatchEditorModel.bait, item.baitId.map { lines.name(.baits, $0) }),
            (CatchEditorModel.method, item.methodId.map { lines.name(.methods, $0) }),
            (CatchEditorModel.depth, item.depthM.map(f.depth(metres:))),
            (CatchEditorModel.water.temperature, item.waterTempC.map(f.temperature(celsius:))),
            (CatchEditorModel.water.clarity, item.waterClarityM.map(f.depth(metres:))),
            (CatchEditorModel.water.level, item.waterLevelM.map(lines.levelText)),
            (
                CatchEditorModel.water.trend,
                item.waterTrend.map { catalog.text("water.trend.\($0.rawValue)", language) }
            ),
            (CatchEditorModel.released, item.released ? catalog.text("catches.releasedYes", language) : nil),
            (CatchEditorModel.notes, item.notes),
        ]
        return rows.compactMap { control, value in
            value.map { Fact(label: catalog.label(control, language), value: $0) }
        }
    }

    /// The conditions stored with the catch (or its trip), and the moon: "14 °C · 1012 hPa, falling · …".
    public var conditionsText: String? { item.map { lines.conditions(at: $0.caughtAt, conditions) } }
}
