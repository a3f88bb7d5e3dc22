import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import Observation

/// A new spot marked on the map (UI4, T8–T10; issue 33 §1): a sheet over the screen that asked
/// for it — the Spots page, the map's chosen point, a trip's form — showing the map; a tap
/// chooses the point, which is labelled offline with the saved spots already near it; the angler
/// names it and either cancels, which changes nothing, or uses the point, which saves the spot
/// and hands it to the screen that asked (a trip's form takes it as the trip's spot). The sheet
/// closes either way and the angler is back where they were.
@MainActor
@Observable
public final class SpotMarkingModel: DeclaresControls {
    public static let name = Control("spots.name", .field)
    public static let waterBodyType = Control("spots.waterBodyType", .picker)
    public static let cancel = Control("spots.cancelMarking", .button)
    public static let use = Control("spots.usePoint", .button)
    public static let controls = [name, waterBodyType, cancel, use]

    /// Saved spots within this distance of the new one are shown as "already here".
    public static let nearbyMeters = 500.0

    /// Whether the sheet is up.
    public private(set) var isShown = false
    /// The chosen point with its place and the saved spots near it; nil until the map is tapped.
    public private(set) var marking: PointInfo?
    public var newName = ""
    public var newWaterBodyTypeId: String?
    public private(set) var waterBodyTypes: [DirectoryEntry] = []
    public private(set) var fieldErrors: [SpotField: String] = [:]

    private var spots: [Spot] = []
    private var handOver: @MainActor (Spot) async -> Void = { _ in }
    private let diary: DiaryQueue
    private let labeler: (any PlaceLabeling)?
    private let notation: CoordinateNotation
    private let messages: FieldMessages

    public init(
        diary: DiaryQueue, labeler: (any PlaceLabeling)?, notation: CoordinateNotation = .decimal,
        formatter: MeasureFormatter
    ) {
        self.diary = diary
        self.labeler = labeler
        self.notation = notation
        messages = FieldMessages(formatter: formatter)
    }

    /// Puts the sheet up, empty or with `point` already chosen; `handOver` receives the spot if
    /// the angler uses the point.
    public func begin(at point: Coordinate? = nil, then handOver: @escaping @MainActor (Spot) async -> Void = { _ in })
        async
    {
        clear()
        self.handOver = handOver
        do {
            (spots, waterBodyTypes) = try await diary.read {
                (try $0.spots.list(), try $0.directoryEntries(.waterBodyTypes))
            }
        } catch {
            fieldErrors = [.name: messages.problems.text(error)]
        }
        if let point { pick(point) }
        isShown = true
    }

    /// A tap on the sheet's map: the point, labelled offline, with the saved spots within
    /// ``nearbyMeters``; the place's name is offered as the spot's until the angler types one.
    public func pick(_ coordinate: Coordinate) {
        let suggested = marking?.place?.settlement
        var info = PointInfo.make(coordinate, style: notation.style, labeler: labeler, spots: spots)
        info.nearestSpots = info.nearestSpots.filter { $0.meters <= Self.nearbyMeters }
        marking = info
        if newName.isEmpty || newName == suggested, let place = info.place { newName = place.settlement }
    }

    /// Closes the sheet; nothing is saved.
    public func cancel() {
        clear()
        isShown = false
    }

    /// Saves the chosen point as a spot, hands it over and closes the sheet; problems are shown
    /// at their fields and the sheet stays.
    @discardableResult
    public func use() async -> Spot? {
        guard let point = marking?.coordinate else { return nil }
        let draft = SpotDraft(
            name: newName, latitude: point.latitude, longitude: point.longitude, waterBodyTypeId: newWaterBodyTypeId)
        do {
            let spot = try await diary.write { try $0.spots.add(draft) }
            let handOver = handOver
            cancel()
            await handOver(spot)
            return spot
        } catch let error as ValidationError {
            fieldErrors = messages.messages(for: error.issues) ?? [.name: messages.problems.text(error)]
        } catch {
            fieldErrors = [.name: messages.problems.text(error)]
        }
        return nil
    }

    /// A distance as the angler reads it.
    public func distanceText(_ meters: Double) -> String { messages.formatter.distance(meters) }

    /// A water body type in the angler's language.
    public func name(of entry: DirectoryEntry) -> String {
        messages.formatter.language == .russian ? entry.nameRu : entry.nameEn
    }

    private func clear() {
        marking = nil
        newName = ""
        newWaterBodyTypeId = nil
        fieldErrors = [:]
        handOver = { _ in }
    }
}
