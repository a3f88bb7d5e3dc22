import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Observation

/// A new or edited trip: spot (picked, never typed), start and end, title, companions, notes,
/// the water (issue 34 §5); messages at their fields as the angler types; discarding changes asks
/// first (UI5).
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
    /// The water's temperature, clarity, level and trend (issue 34 §5).
    public static let water = WaterControls(screen: "tripEditor")
    public static let save = Control("tripEditor.save", .button)
    public static let discard = Control("tripEditor.discard", .button, safeguard: .confirm)
    public static let controls =
        [
            spot, markSpot, start, end, setEnd, clearEnd, title, companions, notes,
        ] + water.all + [save, discard]

    public static let requiredFields: Set<TripField> = [.spotId, .start]
    /// The controls of the required fields, marked before saving (T19).
    public static let requiredControls: Set<Control> = [spot, start]

    public private(set) var editing: Trip?
    public var draft: TripDraft { didSet { validate() } }
    /// The water's figures as typed, in the angler's units.
    public var water: WaterForm { didSet { validate() } }
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
    private let formatter: MeasureFormatter
    private let parser: MeasureParser
    private var original: TripDraft
    private var originalWater: WaterForm
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
        self.formatter = formatter
        parser = MeasureParser(preferences: formatter.preferences)
        // A new trip starts now by the device's clock (T11) until the angler says otherwise: the
        // form shows the time it will save, never a time it does not hold.
        let initial = editing.map(TripDraft.init) ?? (editingId == nil ? TripDraft(startAt: now()) : TripDraft())
        draft = initial
        original = initial
        let initialWater = Self.water(of: initial, formatter)
        water = initialWater
        originalWater = initialWater
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
        if let trip { show(trip) }
    }

    /// The unit a water figure is typed in, shown beside its field.
    public func unit(of figure: WaterForm.Figure) -> String { WaterForm.unit(of: figure, formatter) }

    /// A spot just marked on the map becomes the trip's, among the picker's choices.
    public func useNewSpot(_ spot: Spot) async {
        if let spots = try? await diary.read({ try $0.spots.list() }) { self.spots = spots }
        if !spots.contains(where: { $0.id == spot.id }) { spots.append(spot) }
        draft.spotId = spot.id
    }

    /// The device clock's time now: what a date field shows until one is chosen (T11).
    public var now: Date { clock() }

    public var isDirty: Bool { draft != original || water != originalWater }
    public var canSave: Bool { fieldErrors.isEmpty && readOnlyReason == nil }

    /// An open trip has no end until the angler gives one (issue 30 §4): "Set end" puts it at
    /// now (never before the start), "Clear end" opens the trip again.
    public func setEnd() { draft.endAt = max(clock(), draft.startAt ?? clock()) }
    public func clearEnd() { draft.endAt = nil }

    @discardableResult
    public func save() async -> Trip? {
        validate()
        let (form, unreadable) = self.form()
        guard canSave, unreadable.isEmpty else { return nil }
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
            show(trip)
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
            water = originalWater
            confirmation = nil
        }
    }

    public func dismissConfirmation() { confirmation = nil }

    private func show(_ trip: Trip) {
        editing = trip
        original = TripDraft(trip)
        draft = original
        water = Self.water(of: original, formatter)
        originalWater = water
    }

    private static func water(of draft: TripDraft, _ formatter: MeasureFormatter) -> WaterForm {
        WaterForm(
            temperatureC: draft.waterTempC, clarityM: draft.waterClarityM, levelM: draft.waterLevelM,
            trend: draft.waterTrend, formatter: formatter)
    }

    /// The draft with the water's figures in SI, and the water fields whose text is not a number.
    private func form() -> (draft: TripDraft, unreadable: [TripField]) {
        var form = draft
        let read = water.read(parser)
        (form.waterTempC, form.waterClarityM, form.waterLevelM) = (read.temperatureC, read.clarityM, read.levelM)
        form.waterTrend = water.trend
        return (form, read.unreadable.map { $0.field(in: TripField.self) })
    }

    /// Every problem at once: water figures that are not numbers, then the draft's rules.
    private func validate() {
        let (form, unreadable) = form()
        let notANumber = catalog.text("field.notANumber", messages.language)
        fieldErrors = Dictionary(unreadable.map { ($0, notANumber) }, uniquingKeysWith: { a, _ in a })
            .merging(messages.messages(for: form.issues(now: clock())) ?? [:]) { mine, _ in mine }
    }
}
