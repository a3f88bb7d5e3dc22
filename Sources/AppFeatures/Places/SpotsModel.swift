import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import Observation

/// The saved spots, nearest to the angler first when the position is known (alphabetically
/// otherwise), and the two ways to a new one (UI4, T8–T10): marked on the map, or where the
/// angler stands — both in ``SpotMarkingModel``'s sheet, which returns here.
@MainActor
@Observable
public final class SpotsModel: DeclaresControls {
    public static let markOnMap = Control("spots.markOnMap", .button, opens: "spots.new")
    public static let useCurrentLocation = Control("spots.useCurrentLocation", .button, opens: "spots.new")
    public static let open = Control("spots.open", .link, opens: "conditions.title")
    public static let controls = [markOnMap, useCurrentLocation, open]

    /// The spots, each with its distance from the angler when known.
    public private(set) var spots: [(spot: Spot, meters: Double?)] = []
    /// "Use my location" found no position: said under it until it finds one.
    public private(set) var positionUnknown = false

    private let diary: DiaryQueue
    private let location: any LocationProviding
    private let formatter: MeasureFormatter

    public init(diary: DiaryQueue, location: any LocationProviding, formatter: MeasureFormatter) {
        self.diary = diary
        self.location = location
        self.formatter = formatter
    }

    /// A distance as the angler reads it.
    public func distanceText(_ meters: Double) -> String { formatter.distance(meters) }

    public func load() async throws {
        let all = try await diary.read { try $0.spots.list() }
        if let here = await location.currentCoordinate() {
            spots = PointInfo.nearest(all, to: here).map { ($0.spot, $0.meters) }
        } else {
            spots = all.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }.map { ($0, nil) }
        }
    }

    public func observe() async {
        for await change in diary.changes() where change.contains(.spots) { try? await load() }
    }

    /// The device's position for a new spot, or nil with ``positionUnknown`` said (no
    /// permission, no fix yet).
    public func currentPosition() async -> Coordinate? {
        let here = await location.currentCoordinate()
        positionUnknown = here == nil
        return here
    }
}
