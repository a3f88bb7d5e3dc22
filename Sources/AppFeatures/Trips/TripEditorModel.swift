import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Observation

/// A new or edited trip: spot (picked, never typed), start and end, title, companions, notes;
/// messages at their fields as the angler types; discarding changes asks first (UI5).
@MainActor
@Observable
public final class TripEditorModel: SafeguardsDestructiveActions {
    public static let spot = Control("tripEditor.spot", .picker)
    /// A new spot marked on the map (``SpotMarkingModel``), which becomes the trip's.
    public static let markSpot = Control("tripEditor.markSpot", .button, opens: "spots.new")
    public static let start = Control("tripEditor.start", .field)
    public static let end = Control("tripEditor.end", .field)
    public static let setEnd = Control("tripEditor.setEnd", .button)
    public static let clearEnd = Control("tripEditor.clearEnd", .button)
    public static let title = Control("tripEditor.title", .field)
    public static let companions = Control("tripEditor.companions", .field)
    public static let notes = Control("tripEditor.notes", .field)
    public static let save = Control("tripEditor.save", .button)
    public static let discard = Control("tripEditor.discard", .button, safeguard: .confirm)
    public static let controls = [
        spot, markSpot, start, end, setEnd, clearEnd, title, companions, notes, save, discard,
    ]

    public static let requiredFields: Set<TripField> = [.spotId, .start]
    /// The controls of the required fields, marked before saving (T19).
    public static let requiredControls: Set<Control> = [spot, start]

    public private(set) var editing: Trip?
    public var draft: TripDraft { didSet { validate() } }
    public private(set) var spots: [Spot] = []
    public private(set) var fieldErrors: [TripField: String] = [:]
    public private(set) var saved: Trip?
    public private(set) var problem: String?
    /// Why Save is off while the licence is over (T13), shown beside it; nil otherwise.
    public private(set) var readOnlyReason: String?
    public private(set) var confirmation: PendingConfirmation?
    public private(set) var undoOffer: UndoOffer?

    private let diary: DiaryQueue
    private let conditions: ConditionsService?
    private let clock: @Sendable () -> Date
    private let messages: FieldMessages
    private let catalog: Catalog
    private var original: TripDraft
    private let editingId: UUID?

    public init(
        diary: DiaryQueue, editing: Trip? = nil, editingId: UUID? = nil, conditions: ConditionsService?,
        formatter: MeasureFormatter, now: @escaping @Sendable () -> Date = { Date() }, catalog: Catalog = .shared
    ) {
        self.diary = diary
        self.editing = editing
        self.editingId = editing?.id ?? editingId
        self.conditions = conditions
        clock = now
        messages = FieldMessages(formatter: formatter, catalog: catalog)
        self.catalog = catalog
        // A new trip starts now by the device's clock (T11) until the angler says otherwise: the
        // form shows the time it will save, never a time it does not hold.
        let initial = editing.map(TripDraft.init) ?? (editingId == nil ? TripDraft(startAt: now()) : TripDraft())
        draft = initial
        original = initial
        validate()
    }

    /// Loads the spots to choose from, and the trip to edit when it was named by its id (a link).
    public func load() async throws {
        let id = editing == nil ? editingId : nil
        let (spots, trip) = try await diary.read { diary in
            (try diary.spots.list(), try id.map { try diary.trips.record($0) })
        }
        self.spots = spots
        readOnlyReason = await diary.readOnlyReason(catalog, messages.language)
        if let trip {
            editing = trip
            original = TripDraft(trip)
            draft = original
        }
    }

    /// A spot just marked on the map becomes the trip's, among the picker's choices.
    public func useNewSpot(_ spot: Spot) async {
        if let spots = try? await diary.read({ try $0.spots.list() }) { self.spots = spots }
        if !spots.contains(where: { $0.id == spot.id }) { spots.append(spot) }
        draft.spotId = spot.id
    }

    /// The device clock's time now: what a date field shows until one is chosen (T11).
    public var now: Date { clock() }

    public var isDirty: Bool { draft != original }
    public var canSave: Bool { fieldErrors.isEmpty && readOnlyReason == nil }

    /// An open trip has no end until the angler gives one (issue 30 §4): "Set end" puts it at
    /// now (never before the start), "Clear end" opens the trip again.
    public func setEnd() { draft.endAt = max(clock(), draft.startAt ?? clock()) }
    public func clearEnd() { draft.endAt = nil }

    @discardableResult
    public func save() async -> Trip? {
        validate()
        guard canSave else { return nil }
        let form = draft
        let editingId = editing?.id
        switch await diary.saveForm(
            messages: messages, fields: TripField.self,
            { diary -> Trip in
                if let editingId { return try diary.trips.update(editingId) { $0 = form } }
                return try diary.trips.add(form)
            })
        {
        case .saved(let trip):
            saved = trip
            editing = trip
            original = TripDraft(trip)
            draft = original
            if editingId == nil { conditions?.recordInBackground(of: .trip, trip.id) }
            return trip
        case .invalid(let errors): fieldErrors = errors
        case .failed(let reason): problem = reason
        }
        return nil
    }

    public func request(_ control: Control) async {
        guard control == Self.discard, isDirty else { return }
        confirmation = .discardingChanges(control, language: messages.language, catalog: catalog) { [weak self] in
            guard let self else { return }
            draft = original
            confirmation = nil
        }
    }

    public func dismissConfirmation() { confirmation = nil }

    private func validate() { fieldErrors = messages.messages(for: draft.issues(now: clock())) ?? [:] }
}
