import DiaryStore
import FishingModel
import Foundation
import Observation

/// The angler's personal bests (issue 30 §3, §5): the heaviest catch of each species, heaviest
/// first, each with its weight, day and spot, opening the catch — where its photos are — so the
/// season's biggest pike is two taps from the Reports page.
@MainActor
@Observable
public final class PersonalBestsModel: DeclaresControls {
    public static let open = Control("bests.open", .link)
    public static let controls = [open]

    /// One best: the catch, and its line ("Northern pike — 4.1 kg").
    public struct Best: Sendable, Identifiable {
        public let item: Catch
        public let title: String
        public let detail: String
        public var id: UUID { item.id }
    }

    public private(set) var bests: [Best] = []

    private let diary: DiaryQueue
    private let formatter: MeasureFormatter
    private let catalog: Catalog

    public init(diary: DiaryQueue, formatter: MeasureFormatter, catalog: Catalog = .shared) {
        self.diary = diary
        self.formatter = formatter
        self.catalog = catalog
    }

    public func load() async throws {
        let (heaviest, entries, spots) = try await diary.read { diary in
            let heaviest = try diary.summaries.heaviestCatches()
            let spots = try heaviest.map { item in
                (item.id, try diary.spots.record(try diary.trips.record(item.tripId).spotId).name)
            }
            return (heaviest, try diary.entriesNamed(by: heaviest), spots)
        }
        let lines = RecordLines(formatter: formatter, entries: entries, catalog: catalog)
        let spotOf = Dictionary(spots, uniquingKeysWith: { a, _ in a })
        bests = heaviest.map { item in
            Best(
                item: item,
                title:
                    "\(lines.name(.species, item.speciesId)) — \(item.weightKg.map(formatter.weight(kilograms:)) ?? "")",
                detail: lines.moment(of: item, at: spotOf[item.id]))
        }
    }

    public func observe() async {
        for await change in diary.changes() where !change.isDisjoint(with: [.catches, .trips]) { try? await load() }
    }
}
