import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import Observation

/// The catch editor (T19, T5): the mandatory attributes are marked before saving; every invalid
/// field shows its message at the field as soon as it is typed, in the angler's language and
/// units; species, bait and method are chosen from directory pickers and shown read-only; a
/// photo fills the time and suggests the trip, which the angler confirms.
@MainActor
@Observable
public final class CatchEditorModel: SafeguardsDestructiveActions {
    public static let trip = Control("catchEditor.trip", .picker)
    public static let species = Control("catchEditor.species", .picker)
    public static let speciesSearch = Control("catchEditor.speciesSearch", .field)
    public static let cancelSpecies = Control("catchEditor.cancelSpecies", .button)
    public static let time = Control("catchEditor.time", .field)
    public static let now = Control("catchEditor.now", .button)
    public static let count = Control("catchEditor.count", .field)
    public static let weight = Control("catchEditor.weight", .field)
    public static let length = Control("catchEditor.length", .field)
    public static let bait = Control("catchEditor.bait", .picker)
    public static let method = Control("catchEditor.method", .picker)
    public static let depth = Control("catchEditor.depth", .field)
    /// The water's temperature, clarity, level and trend (issue 34 §5).
    public static let water = WaterControls(screen: "catchEditor")
    public static let released = Control("catchEditor.released", .toggle)
    public static let notes = Control("catchEditor.notes", .field)
    public static let fromPhoto = Control("catchEditor.fromPhoto", .button)
    public static let acceptPhotoTrip = Control("catchEditor.acceptPhotoTrip", .button)
    public static let save = Control("catchEditor.save", .button)
    public static let discard = Control("catchEditor.discard", .button, safeguard: .confirm)
    public static let delete = Control("catchEditor.delete", .button, safeguard: .undo)
    public static let controls =
        [
            trip, species, speciesSearch, cancelSpecies, time, now, count, weight, length, bait, method, depth,
        ] + water.all + [released, notes, fromPhoto, acceptPhotoTrip, save, discard, delete]

    /// The fields a catch cannot be saved without, marked in the form before anything is typed.
    public static let requiredFields: Set<CatchField> = [.tripId, .species, .time]
    /// The controls of the required fields, marked before saving (T19).
    public static let requiredControls: Set<Control> = [trip, species, time]

    /// The catch being edited, or nil for a new one.
    public private(set) var editing: Catch?
    private let editingId: UUID?
    public private(set) var draft = CatchDraft()
    /// The figures as typed, in the angler's units.
    public var weightText = "" { didSet { validate() } }
    public var lengthText = "" { didSet { validate() } }
    public var depthText = "" { didSet { validate() } }
    public var water = WaterForm() { didSet { validate() } }
    public var countText = "1" { didSet { validate() } }
    public var notes = "" { didSet { validate() } }
    public var released = false { didSet { validate() } }
    public var speciesQuery = ""
    /// The species list is shown over the form (the species row opens it; choosing closes it).
    public var isChoosingSpecies = false
    /// Each invalid field's message.
    public private(set) var fieldErrors: [CatchField: String] = [:]
    /// The trips a catch can join, latest first.
    public private(set) var trips: [Trip] = []
    /// What the last photo suggested, until the angler accepts or ignores its trip.
    public private(set) var photoSuggestion: PhotoCatchSuggestion?
    /// The photo the form was filled from: it joins the catch's photos when the catch is saved.
    public private(set) var photo: MediaSource?
    public private(set) var saved: Catch?
    public private(set) var problem: String?
    /// Why Save is off while the licence is over (T13), shown beside it; nil otherwise.
    public private(set) var readOnlyReason: String?
    public private(set) var confirmation: PendingConfirmation?
    public private(set) var undoOffer: UndoOffer?

    private let diary: DiaryQueue
    /// Saves the catch, asks for its conditions and links the photo it was filled from.
    private let catches: CatchService
    private let photos: PhotoCatchService
    private let clock: @Sendable () -> Date
    private let formatter: MeasureFormatter
    private let messages: FieldMessages
    private let parser: MeasureParser
    private let catalog: Catalog
    private var pickers: [DirectoryKind: DirectoryPicker] = [:]
    private var names: [DirectoryKind: [String: DirectoryEntry]] = [:]
    private var recentSpecies: [String] = []
    private var loadedInputs: [String] = []
    /// The spots' names, for the trips' labels.
    private var spotNames: [UUID: String] = [:]
    /// The time is the clock's at opening, not one the angler or a photo gave: a photo's replaces it.
    private var timeIsDefault = false

    public init(
        diary: DiaryQueue, editing: Catch? = nil, editingId: UUID? = nil, tripId: UUID? = nil,
        conditions: ConditionsService?, formatter: MeasureFormatter, now: @escaping @Sendable () -> Date = { Date() },
        thumbnails: MediaThumbnails? = nil, catalog: Catalog = .shared
    ) {
        self.diary = diary
        catches = CatchService(diary: diary, conditions: conditions, thumbnails: thumbnails)
        self.editing = editing
        self.editingId = editing?.id ?? editingId
        self.clock = now
        self.formatter = formatter
        self.catalog = catalog
        messages = FieldMessages(formatter: formatter, catalog: catalog)
        parser = MeasureParser(preferences: formatter.preferences)
        photos = PhotoCatchService(diary: diary, now: now)
        draft.tripId = tripId
        fill(from: editing)
    }

    // MARK: Loading

    /// Loads the trips and directories to choose from, and the catch to edit when it was named by
    /// its id (a link).
    public func load() async throws {
        let id = editing == nil ? editingId : nil
        let (trips, entries, recent, item, spots) = try await diary.read { diary in
            (
                try diary.trips.list(),
                try [DirectoryKind.species, .baits, .methods].map { ($0, try diary.directoryEntries($0)) },
                try diary.catches.list(limit: 100).map(\.speciesId), try id.map { try diary.catches.record($0) },
                try diary.spots.list()
            )
        }
        self.trips = trips
        spotNames = Dictionary(spots.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        readOnlyReason = await diary.readOnlyReason(catalog, formatter.language)
        if let item {
            editing = item
            fill(from: item)
        }
        for (kind, list) in entries {
            pickers[kind] = DirectoryPicker(entries: list, language: formatter.language)
            names[kind] = Dictionary(list.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        }
        var seen = Set<String>()
        recentSpecies = recent.filter { seen.insert($0).inserted }
        if editing == nil, draft.caughtAt == nil {
            // A new catch is caught now (T11) unless the angler or a photo says otherwise: the
            // time counts as filled from the start.
            set(time: clock())
            timeIsDefault = true
        }
    }

    /// A trip as the trip picker names it: "Perch at dawn · Sun 31 May 2026", or its spot
    /// instead of a title.
    public func tripLabel(_ trip: Trip) -> String {
        let day = DiaryDates(language: formatter.language).day(trip.startAt, offset: trip.utcOffsetSeconds)
        return "\(trip.title ?? spotNames[trip.spotId] ?? "—") · \(day)"
    }

    /// The unit a figure is typed in, shown beside its field (issue 30 §4); nil for a count.
    public func unit(of control: Control) -> String? {
        switch control {
        case Self.weight: formatter.unitName(.weight)
        case Self.length: formatter.unitName(.length)
        case Self.depth: formatter.unitName(.depth)
        default:
            WaterForm.Figure.allCases.first { Self.water.control($0) == control }.map {
                WaterForm.unit(of: $0, formatter)
            }
        }
    }

    // MARK: Choosing

    /// The species to offer for the query: best matches first, then recently caught.
    public var speciesChoices: [DirectoryEntry] {
        pickers[.species]?.entries(matching: speciesQuery, recent: recentSpecies) ?? []
    }

    public func choices(_ kind: DirectoryKind, matching query: String = "") -> [DirectoryEntry] {
        pickers[kind]?.entries(matching: query) ?? []
    }

    /// The id of the entry chosen for `kind`.
    public func chosenID(_ kind: DirectoryKind) -> String? {
        switch kind {
        case .species: draft.speciesId
        case .baits: draft.baitId
        case .methods: draft.methodId
        case .waterBodyTypes: nil
        }
    }

    /// An entry's name in the angler's language.
    public func name(of entry: DirectoryEntry, _ kind: DirectoryKind) -> String {
        pickers[kind]?.name(of: entry) ?? entry.nameEn
    }

    /// The chosen entry's name, shown read-only (directories are never edited here).
    public func chosenName(_ kind: DirectoryKind) -> String? {
        guard let id = chosenID(kind) else { return nil }
        guard let entry = names[kind]?[id] else { return id }
        return pickers[kind]?.name(of: entry) ?? entry.nameEn
    }

    public func choose(_ entry: DirectoryEntry?, for kind: DirectoryKind) {
        switch kind {
        case .species:
            draft.speciesId = entry?.id
            isChoosingSpecies = false
        case .baits: draft.baitId = entry?.id
        case .methods: draft.methodId = entry?.id
        case .waterBodyTypes: return
        }
        validate()
    }

    public func choose(trip: Trip?) {
        draft.tripId = trip?.id
        validate()
    }

    public func set(time: Date, utcOffsetSeconds: Int? = nil) {
        timeIsDefault = false
        draft.caughtAt = time
        draft.utcOffsetSeconds = utcOffsetSeconds ?? DiaryTime.deviceOffset(at: time)
        validate()
    }

    /// The device clock's time now: what a date field shows until one is chosen (T11).
    public var now: Date { clock() }

    /// The device clock's time (T11).
    public func useCurrentTime() { set(time: clock()) }

    // MARK: From a photo

    /// Fills the time from the photo when none is set, and suggests the trip at the nearest
    /// saved spot; the trip is only taken when the angler accepts it.
    public func prefill(fromPhotoAt url: URL) async {
        do {
            var current = draft
            current.tripId = nil
            if timeIsDefault { current.caughtAt = nil }
            let suggestion = try await photos.suggest(for: current, photoAt: url)
            if draft.caughtAt == nil || timeIsDefault, let time = suggestion.draft.caughtAt {
                set(time: time, utcOffsetSeconds: suggestion.draft.utcOffsetSeconds)
            }
            photoSuggestion = suggestion
            problem = nil
        } catch {
            problem = messages.problems.text(error)
        }
    }

    /// Lets the angler choose one photo in the library (T17), fills the form from it and keeps
    /// it for the catch's photos.
    public func fillFromPhoto(choosingWith library: any PhotoLibraryPicker) async {
        do {
            guard let source = try await library.pick(limit: 1, for: nil).first else { return }
            photo = source
            await prefill(fromPhotoAt: source.url)
        } catch {
            problem = messages.problems.text(error)
        }
    }

    public func acceptPhotoTrip() {
        guard let trip = photoSuggestion?.trip else { return }
        choose(trip: trip)
        photoSuggestion = nil
    }

    // MARK: Saving

    /// Whether the form holds unsaved changes.
    public var isDirty: Bool {
        if let editing { return form().draft != CatchDraft(editing) || inputs != loadedInputs }
        return draft != CatchDraft(tripId: draft.tripId) || inputs != loadedInputs
    }

    public var canSave: Bool { fieldErrors.isEmpty && readOnlyReason == nil }

    /// Saves the catch (every problem shown at its field, nothing saved if any), then fetches its
    /// conditions in the background.
    @discardableResult
    public func save() async -> Catch? {
        validate()
        let (complete, unreadable) = form()
        guard canSave, unreadable.isEmpty else { return nil }
        let (editingId, photo, catches) = (editing?.id, photo, catches)
        let outcome = await FormSaveOutcome<CatchService.Addition, CatchField>.of(messages: messages) {
            if let editingId { return try await catches.update(editingId, to: complete, photo: photo) }
            return try await catches.add(complete, photo: photo, conditions: .inBackground)
        }
        switch outcome {
        case .saved(let addition):
            let item = addition.item
            saved = item
            editing = item
            draft = CatchDraft(item)
            loadedInputs = inputs
            // A photo that could not be linked is kept, so saving again tries again.
            problem = addition.photoFailure.map(messages.problems.text)
            if addition.photo != nil { self.photo = nil }
            return item
        case .invalid(let errors): fieldErrors = errors
        case .failed(let reason): problem = reason
        }
        return nil
    }

    public func request(_ control: Control) async {
        switch control {
        case Self.discard:
            guard isDirty else { return }
            confirmation = .discardingChanges(control, language: formatter.language, catalog: catalog) {
                [weak self] in
                self?.revert()
                self?.confirmation = nil
            }
        case Self.delete:
            guard let editing else { return }
            do {
                undoOffer = try await diary.moveToTrashOfferingUndo(
                    .catch, editing.id, language: formatter.language, catalog: catalog)
            } catch {
                problem = messages.problems.text(error)
            }
        default: return
        }
    }

    public func dismissConfirmation() { confirmation = nil }

    // MARK: Internals

    private var inputs: [String] {
        [
            weightText, lengthText, depthText, water.temperatureText, water.clarityText, water.levelText, countText,
            notes, "\(released)",
        ]
    }

    private func revert() { fill(from: editing) }

    /// Puts a saved catch (or an empty form) into the fields, in the angler's units.
    private func fill(from original: Catch?) {
        draft = original.map(CatchDraft.init) ?? CatchDraft(tripId: draft.tripId)
        let imperial = formatter.preferences.system == .imperial
        let typed: (Double?, (Double) -> Double) -> String = { value, convert in
            value.map { self.formatter.number(imperial ? convert($0) : $0, digits: 2) } ?? ""
        }
        weightText = typed(original?.weightKg) { $0 / Conversion.kilogramsPerPound }
        lengthText = typed(original?.lengthCm) { $0 / Conversion.centimetresPerInch }
        depthText = typed(original?.depthM) { $0 / Conversion.metresPerFoot }
        water = WaterForm(
            temperatureC: original?.waterTempC, clarityM: original?.waterClarityM, levelM: original?.waterLevelM,
            trend: original?.waterTrend, formatter: formatter)
        countText = "\(original?.count ?? 1)"
        notes = original?.notes ?? ""
        released = original?.released ?? false
        loadedInputs = inputs
        validate()
    }

    /// The draft with the typed figures converted to SI, and an issue for each figure that is
    /// not a number (that figure left out).
    private func form() -> (draft: CatchDraft, unreadable: [ValidationIssue]) {
        var form = draft
        var unreadable: [ValidationIssue] = []
        func figure(_ field: CatchField, _ text: String, _ parse: (String) throws(MeasureParser.NotANumber) -> Double?)
            -> Double?
        {
            do {
                return try parse(text)
            } catch {
                unreadable.append(ValidationIssue(field: field, value: text, message: "is not a number"))
                return nil
            }
        }
        form.weightKg = figure(.weightKg, weightText, parser.kilograms)
        form.lengthCm = figure(.lengthCm, lengthText, parser.centimetres)
        form.depthM = figure(.depthM, depthText, parser.metres)
        let read = water.read(parser)
        (form.waterTempC, form.waterClarityM, form.waterLevelM) = (read.temperatureC, read.clarityM, read.levelM)
        form.waterTrend = water.trend
        for figure in read.unreadable {
            unreadable.append(
                ValidationIssue(
                    field: figure.field(in: CatchField.self), value: water.text(of: figure), message: "is not a number")
            )
        }
        let trimmedCount = countText.trimmingCharacters(in: .whitespaces)
        if let count = Int(trimmedCount) {
            form.count = count
        } else {
            form.count = nil
            if !trimmedCount.isEmpty {
                unreadable.append(
                    ValidationIssue(field: CatchField.count, value: countText, message: "is not a whole number"))
            }
        }
        form.notes = notes.isEmpty ? nil : notes
        form.released = released
        return (form, unreadable)
    }

    /// Every problem of the form at once: figures that are not numbers, then the draft's rules.
    private func validate() {
        let (form, unreadable) = form()
        let notANumber = catalog.text("field.notANumber", formatter.language)
        let unreadableFields = unreadable.compactMap { $0.field(of: CatchField.self) }
        fieldErrors = Dictionary(unreadableFields.map { ($0, notANumber) }, uniquingKeysWith: { a, _ in a })
            .merging(messages.messages(for: form.issues(now: clock())) ?? [:]) { mine, _ in mine }
    }

}
