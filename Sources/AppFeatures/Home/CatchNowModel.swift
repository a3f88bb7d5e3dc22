import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import Observation

/// "Catch now" (issue 13 §3, issue 30 §2.2–2.5; T10, T11, UI5): a fish logged on the water in two
/// taps — the button, then the species — into a destination the sheet shows before anything is
/// saved and the angler can change in one tap. Without a position or a trip going on, the species
/// tap asks for the spot (a third tap) and keeps the species meanwhile: nothing is dropped. After
/// a save the sheet stays for the next fish, says where the last one went, and takes it back in
/// one tap. A trip the angler never ended is ended when a catch starts a new one, as the sheet
/// says first (``CatchNowPlan/LeftOpen``).
@MainActor
@Observable
public final class CatchNowModel: DeclaresControls {
    public static let start = Control("home.catchNow", .button)
    public static let pickSpecies = Control("home.pickSpecies", .picker)
    public static let searchSpecies = Control("home.searchSpecies", .field)
    public static let changeDestination = Control("home.changeDestination", .button)
    public static let pickDestination = Control("home.pickDestination", .picker)
    public static let cancel = Control("home.cancelCatchNow", .button)
    public static let backToSpecies = Control("home.backToSpecies", .button)
    public static let done = Control("home.doneCatchNow", .button)
    public static let controls = [
        start, pickSpecies, searchSpecies, changeDestination, pickDestination, backToSpecies, cancel, done,
    ]

    /// What one save made, for the sheet's "saved" line and its undo.
    public struct Saved: Sendable {
        let written: QuickLog.Written
        public let message: String
        public var item: Catch { written.item }
    }

    /// The sheet is shown while there is a plan.
    public private(set) var plan: CatchNowPlan?
    /// The destinations are listed instead of the species (after Change, or to ask for a spot).
    public private(set) var isChoosingDestination = false
    /// A species tapped before the catch had a destination: saved as soon as one is chosen.
    public private(set) var waitingSpecies: DirectoryEntry?
    public var speciesQuery = ""
    /// The last catch this sheet saved.
    public private(set) var saved: Saved?
    /// Takes ``saved`` back (UI5); shown in the sheet and, once it closes, on Home.
    public private(set) var undoOffer: UndoOffer?
    public private(set) var problem: String?

    private let quickLog: QuickLog
    private let conditions: ConditionsService?
    private let now: @Sendable () -> Date
    private let formatter: MeasureFormatter
    private let catalog: Catalog
    private var language: Language { formatter.language }
    private var dates: DiaryDates { DiaryDates(language: language) }
    private var problems: ProblemMessages { ProblemMessages(language: language, catalog: catalog) }
    private var picker: DirectoryPicker?
    /// Species ids caught, most recent first.
    private var recentSpecies: [String] = []
    /// The time of the first tap; nil for the next fish in an open sheet, timed at its species tap.
    private var time: Date?
    /// Called after a save or an undo, so Home shows it.
    var changed: @MainActor () async -> Void = {}

    init(
        diary: DiaryQueue, location: any LocationProviding, conditions: ConditionsService?,
        now: @escaping @Sendable () -> Date, formatter: MeasureFormatter, catalog: Catalog
    ) {
        quickLog = QuickLog(diary: diary, location: location)
        self.conditions = conditions
        self.now = now
        self.formatter = formatter
        self.catalog = catalog
    }

    // MARK: The first tap

    /// Opens the sheet: the time from the clock, the position from the device, the destination.
    public func begin() async {
        let time = now()
        do {
            plan = try await makePlan(at: time)
            self.time = time
            speciesQuery = ""
            waitingSpecies = nil
            saved = nil
            isChoosingDestination = false
            problem = nil
        } catch {
            problem = problems.text(error)
        }
    }

    private func makePlan(at time: Date) async throws -> CatchNowPlan {
        let reading = try await quickLog.read(at: time)
        picker = DirectoryPicker(entries: reading.species, language: language)
        recentSpecies = reading.recentSpecies
        return reading.plan
    }

    // MARK: The species

    /// The two species caught most recently, shown apart from the list, above a gap a wet thumb
    /// cannot bridge (none while searching).
    public var recentChoices: [DirectoryEntry] {
        guard speciesQuery.trimmingCharacters(in: .whitespaces).isEmpty, let picker else { return [] }
        return Array(picker.entries(matching: "", recent: recentSpecies).prefix(min(2, recentSpecies.count)))
    }

    /// Every other species, filtered by the query: best matches, then recently caught.
    public var otherChoices: [DirectoryEntry] {
        let shown = Set(recentChoices.map(\.id))
        return (picker?.entries(matching: speciesQuery, recent: recentSpecies) ?? []).filter { !shown.contains($0.id) }
    }

    public func name(of entry: DirectoryEntry) -> String { picker?.name(of: entry) ?? entry.nameEn }

    /// The second tap: saves a catch of `species` at the destination, or asks where when there is
    /// none yet (or, for the next fish, when the shown one no longer holds).
    public func save(species: DirectoryEntry) async {
        guard var plan else { return }
        let time: Date
        if let first = self.time {
            time = first
        } else {
            time = now()
            do {
                let fresh = try await makePlan(at: time)
                let still = plan.destination.flatMap { current in fresh.choices.first { $0.isSameTarget(as: current) } }
                plan = CatchNowPlan(
                    destination: still ?? fresh.destination, choices: fresh.choices, leftOpen: fresh.leftOpen)
                self.plan = plan
                if still == nil {
                    ask(for: species)
                    return
                }
            } catch {
                problem = problems.text(error)
                return
            }
        }
        guard let destination = plan.destination else {
            ask(for: species)
            return
        }
        await write(species, at: time, to: destination, plan: plan)
    }

    /// Lists the destinations with `species` waiting for one.
    private func ask(for species: DirectoryEntry) {
        waitingSpecies = species
        isChoosingDestination = true
    }

    // MARK: The destination

    /// Lists the destinations instead of the species (one tap).
    public func showDestinations() { isChoosingDestination = true }

    /// Takes `destination`; a species waiting for it is saved there at once (the third tap).
    public func choose(_ destination: CatchNowPlan.Destination) async {
        guard let current = plan else { return }
        plan = CatchNowPlan(destination: destination, choices: current.choices, leftOpen: current.leftOpen)
        isChoosingDestination = false
        if let species = waitingSpecies {
            waitingSpecies = nil
            await save(species: species)
        }
    }

    /// Back to the species without changing the destination; a waiting species stays unsaved
    /// and is said so by the sheet until it is tapped again.
    public func closeDestinations() {
        isChoosingDestination = false
        waitingSpecies = nil
    }

    /// Where the catch goes, in words (``CatchNowWords``).
    public func text(of destination: CatchNowPlan.Destination) -> String {
        CatchNowWords(formatter: formatter, catalog: catalog, now: now()).text(of: destination)
    }

    /// The sheet's line about where the catch goes; asks for a spot when there is no destination.
    public var destinationText: String {
        plan?.destination.map(text(of:)) ?? catalog.text("catchNow.destination.none", language)
    }

    /// What the sheet says of a trip left open, before the save that ends it.
    public var leftOpenText: String? {
        guard let plan, plan.endsLeftOpen, let open = plan.leftOpen else { return nil }
        return catalog.text(
            "catchNow.leftOpen", language,
            [
                "spot": open.spot?.name ?? "—",
                "day": dates.day(open.trip.startAt, offset: open.trip.utcOffsetSeconds),
                "end": dates.time(open.endAt, offset: open.trip.utcOffsetSeconds),
            ])
    }

    /// What the destination list asks while a species waits.
    public var waitingText: String? {
        waitingSpecies.map { catalog.text("catchNow.whereCaught", language, ["species": name(of: $0)]) }
    }

    // MARK: Saving and taking back

    private func write(
        _ species: DirectoryEntry, at time: Date, to destination: CatchNowPlan.Destination, plan: CatchNowPlan
    )
        async
    {
        let spotName = CatchNowWords(formatter: formatter, catalog: catalog, now: time).newSpotName(at: time)
        do {
            let written = try await quickLog.write(
                speciesId: species.id, at: time, to: destination, plan: plan, newSpotName: spotName)
            let message = catalog.text(
                "catchNow.saved", language, ["species": name(of: species), "destination": text(of: destination)])
            let saved = Saved(written: written, message: message)
            self.saved = saved
            undoOffer = UndoOffer(message: message) { [weak self] in try await self?.takeBack(saved) }
            self.time = nil
            self.plan = CatchNowPlan(
                destination: .trip(written.trip, spot: written.spot), choices: plan.choices, leftOpen: nil)
            recentSpecies = [species.id] + recentSpecies.filter { $0 != species.id }
            speciesQuery = ""
            problem = nil
            if let trip = written.madeTrip { conditions?.recordInBackground(of: .trip, trip) }
            conditions?.recordInBackground(of: .catch, written.item.id)
            await changed()
        } catch {
            problem = problems.text(error)
        }
    }

    /// Undoes a save: the catch, and the trip and spot it made, go as if never saved while
    /// nothing of them reached the portal (else to the Trash); a trip the save ended is open again.
    private func takeBack(_ saved: Saved) async throws {
        try await quickLog.takeBack(saved.written)
        self.saved = nil
        undoOffer = nil
        if plan != nil { await begin() }
        await changed()
    }

    // MARK: Closing

    /// Cancel before a save, Done after one: closes the sheet; nothing more is saved, and the
    /// last save's undo stays on Home.
    public func close() {
        plan = nil
        time = nil
        waitingSpecies = nil
        isChoosingDestination = false
    }
}

extension CatchNowPlan.Destination {
    /// Whether two destinations put a catch in the same place (the same trip, spot or position).
    func isSameTarget(as other: Self) -> Bool {
        switch (self, other) {
        case (.trip(let a, _), .trip(let b, _)): a.id == b.id
        case (.newTrip(let a, _), .newTrip(let b, _)): a.id == b.id
        case (.newSpot(let a), .newSpot(let b)): a == b
        default: false
        }
    }
}
