import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import Observation

/// The saved spots, nearest to the angler first when the position is known (alphabetically
/// otherwise), and "mark on the map" (UI4, T8–T10): the map hands back a coordinate, the model
/// labels it offline, shows the saved spots already close to it, and saves the new spot.
@MainActor
@Observable
public final class SpotsModel: DeclaresControls {
    public static let markOnMap = Control("spots.markOnMap", .button)
    public static let useCurrentLocation = Control("spots.useCurrentLocation", .button)
    public static let name = Control("spots.name", .field)
    public static let waterBodyType = Control("spots.waterBodyType", .picker)
    public static let save = Control("spots.save", .button)
    public static let open = Control("spots.open", .link)
    public static let controls = [markOnMap, useCurrentLocation, name, waterBodyType, save, open]

    /// Saved spots within this distance of a new one are shown as "already here".
    public static let nearbyMeters = 500.0

    /// The spots, each with its distance from the angler when known.
    public private(set) var spots: [(spot: Spot, meters: Double?)] = []
    /// The point being marked, with its place and the spots near it.
    public private(set) var marking: PointInfo?
    public var newName = ""
    public var newWaterBodyTypeId: String?
    public private(set) var waterBodyTypes: [DirectoryEntry] = []
    public private(set) var fieldErrors: [SpotField: String] = [:]
    public private(set) var saved: Spot?
    /// "Use my location" found no position: said under it until a point is picked.
    public private(set) var positionUnknown = false

    private let diary: DiaryQueue
    private let labeler: (any PlaceLabeling)?
    private let location: any LocationProviding
    private let notation: CoordinateNotation
    private let messages: FieldMessages

    public init(
        diary: DiaryQueue, labeler: (any PlaceLabeling)?, location: any LocationProviding,
        notation: CoordinateNotation = .decimal, formatter: MeasureFormatter
    ) {
        self.diary = diary
        self.labeler = labeler
        self.location = location
        self.notation = notation
        messages = FieldMessages(formatter: formatter)
    }

    /// A distance as the angler reads it.
    public func distanceText(_ meters: Double) -> String { messages.formatter.distance(meters) }

    /// A water body type in the angler's language.
    public func name(of entry: DirectoryEntry) -> String {
        messages.formatter.language == .russian ? entry.nameRu : entry.nameEn
    }

    public func load() async throws {
        let (all, types) = try await diary.read { (try $0.spots.list(), try $0.directoryEntries(.waterBodyTypes)) }
        waterBodyTypes = types
        if let here = await location.currentCoordinate() {
            spots = PointInfo.nearest(all, to: here).map { ($0.spot, $0.meters) }
        } else {
            spots = all.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }.map { ($0, nil) }
        }
    }

    public func observe() async {
        for await change in diary.changes() where change.contains(.spots) { try? await load() }
    }

    /// The coordinate the map handed back (or the device's): labelled offline, with the saved
    /// spots within ``nearbyMeters``.
    public func pick(_ coordinate: Coordinate) {
        var info = PointInfo.make(coordinate, style: notation.style, labeler: labeler, spots: spots.map(\.spot))
        info.nearestSpots = info.nearestSpots.filter { $0.meters <= Self.nearbyMeters }
        marking = info
        positionUnknown = false
        if newName.isEmpty, let place = info.place { newName = place.settlement }
        saved = nil
    }

    /// Marks the device's position, or says it is unknown (no permission, no fix yet).
    public func pickCurrentLocation() async {
        guard let here = await location.currentCoordinate() else {
            positionUnknown = true
            return
        }
        pick(here)
    }

    /// Saves the marked point as a spot; problems are shown at their fields.
    @discardableResult
    public func saveMarked() async -> Spot? {
        guard let point = marking?.coordinate else { return nil }
        let draft = SpotDraft(
            name: newName, latitude: point.latitude, longitude: point.longitude, waterBodyTypeId: newWaterBodyTypeId)
        do {
            let spot = try await diary.write { try $0.spots.add(draft) }
            saved = spot
            marking = nil
            newName = ""
            newWaterBodyTypeId = nil
            fieldErrors = [:]
            try await load()
            return spot
        } catch let error as ValidationError {
            fieldErrors = messages.messages(for: error.issues) ?? [.name: messages.problems.text(error)]
        } catch {
            fieldErrors = [.name: messages.problems.text(error)]
        }
        return nil
    }
}
