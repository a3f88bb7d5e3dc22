import DiaryServices
import DiaryStore
import FishingModel
import Foundation

/// What "Log a catch", "Start a trip here" and "End trip" do when Siri, Shortcuts, Spotlight or
/// the Action button ask (issue 33 §5; T10, T11): the app's own rules without its screens — a
/// catch goes where Catch now would put it (``QuickLog``), a trip starts where the angler stands,
/// the trip without an end ends as Home's End trip ends it — each answered in a sentence the
/// system says or shows. The App Intents in the app package only carry parameters here.
public struct CatchIntents: Sendable {
    /// A sentence for the system to say or show, and what the action touched.
    public struct Answer: Sendable, Equatable {
        public let dialog: String
        public let tripId: UUID?
        public let catchId: UUID?
    }

    /// Why an action did nothing, in a sentence that says what to do instead; nothing was saved.
    public struct Refusal: LocalizedError, Sendable, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
        /// What the system says when the action throws.
        public var errorDescription: String? { message }

        /// Said while no angler's diary is open (a PIN not entered yet), in `language`.
        public static func noDiaryOpen(_ language: Language, catalog: Catalog = .shared) -> Refusal {
            Refusal(message: catalog.text("intent.noDiary", language))
        }
    }

    let quickLog: QuickLog
    let conditions: ConditionsService?
    let now: @Sendable () -> Date
    let formatter: MeasureFormatter
    let catalog: Catalog

    public init(
        diary: DiaryQueue, location: any LocationProviding, conditions: ConditionsService?,
        now: @escaping @Sendable () -> Date = { Date() }, formatter: MeasureFormatter, catalog: Catalog = .shared
    ) {
        quickLog = QuickLog(diary: diary, location: location)
        self.conditions = conditions
        self.now = now
        self.formatter = formatter
        self.catalog = catalog
    }

    private var language: Language { formatter.language }
    private func text(_ key: String, _ values: [String: String] = [:]) -> String {
        catalog.text(key, language, values)
    }
    private func refusal(_ key: String, _ values: [String: String] = [:]) -> Refusal {
        Refusal(message: text(key, values))
    }

    /// The species an angler may name, best matches first; the recently caught first when the
    /// query is empty (what Siri and Shortcuts offer).
    public func species(matching query: String) async throws -> [DirectoryEntry] {
        let reading = try await quickLog.read(at: now())
        return DirectoryPicker(entries: reading.species, language: language)
            .entries(matching: query, recent: reading.recentSpecies)
    }

    /// The species' name in the angler's language.
    public func name(of entry: DirectoryEntry) -> String {
        DirectoryPicker(entries: [entry], language: language).name(of: entry)
    }

    /// Logs `count` fish of `speciesId` (weighing `weightKg` together, when given) where Catch
    /// now would: the trip going on, else a new trip at the nearest spot or a new spot here.
    /// Refused, saving nothing, when there is neither a trip going on nor a position, or when
    /// the catch breaks a rule (the rule named).
    public func logCatch(speciesId: String, count: Int = 1, weightKg: Double? = nil) async throws -> Answer {
        let time = now()
        let reading = try await quickLog.read(at: time)
        guard let entry = reading.species.first(where: { $0.id == speciesId }) else {
            throw refusal("intent.unknownSpecies", ["species": speciesId])
        }
        guard let destination = reading.plan.destination else { throw refusal("intent.whereCaught") }
        let words = CatchNowWords(formatter: formatter, catalog: catalog, now: time)
        let written: QuickLog.Written
        do {
            written = try await quickLog.write(
                speciesId: speciesId, count: count, weightKg: weightKg, at: time, to: destination,
                plan: reading.plan, newSpotName: words.newSpotName(at: time))
        } catch {
            throw Refusal(message: ProblemMessages(language: language, catalog: catalog).text(error))
        }
        if let trip = written.madeTrip { conditions?.recordInBackground(of: .trip, trip) }
        conditions?.recordInBackground(of: .catch, written.item.id)
        let fish = count == 1 ? name(of: entry) : "\(count) × \(name(of: entry))"
        return Answer(
            dialog: text("catchNow.saved", ["species": fish, "destination": words.text(of: destination)]),
            tripId: written.trip.id, catchId: written.item.id)
    }

    /// Starts a trip where the angler stands: at the nearest saved spot within reach, else at a
    /// new spot here; a trip already going on is kept and named instead. Refused without a position.
    public func startTripHere() async throws -> Answer {
        let time = now()
        let reading = try await quickLog.read(at: time)
        let words = CatchNowWords(formatter: formatter, catalog: catalog, now: time)
        switch reading.plan.destination {
        case .trip(let trip, let spot)?:
            return Answer(
                dialog: text("intent.alreadyGoingOn", ["trip": words.text(of: .trip(trip, spot: spot))]),
                tripId: trip.id, catchId: nil)
        case nil:
            throw refusal("intent.noPosition")
        case let destination?:
            let started = try await quickLog.startTrip(
                at: time, to: destination, plan: reading.plan, newSpotName: words.newSpotName(at: time))
            if let trip = started.madeTrip { conditions?.recordInBackground(of: .trip, trip) }
            return Answer(
                dialog: text("intent.started", ["trip": words.text(of: .trip(started.trip, spot: started.spot))]),
                tripId: started.trip.id, catchId: nil)
        }
    }

    /// Ends the trip without an end: now while it goes on, else at its last catch. Refused when
    /// every trip has an end.
    public func endTrip() async throws -> Answer {
        let time = now()
        guard let unended = try await quickLog.unendedTrip(at: time) else { throw refusal("intent.noOpenTrip") }
        let ended = try await quickLog.end(unended, now: time)
        let words = CatchNowWords(formatter: formatter, catalog: catalog, now: time)
        return Answer(
            dialog: text("intent.ended", ["trip": words.text(of: .trip(ended, spot: unended.spot))]),
            tripId: unended.trip.id, catchId: nil)
    }
}
