import AppFeatures
import AppIntents
import FishingModel

/// Where the app's intents find the diary shown (issue 33 §5): the shell hands over the open
/// diary's ``CatchIntents`` when it shows it, and the device's language for the refusal said
/// while none is open (an angler's PIN not yet entered).
@MainActor
enum IntentsHost {
    static var intents: CatchIntents?
    static var language: Language = .english

    /// The open diary's intents, or the refusal that says to open the app.
    static func current() throws -> CatchIntents {
        guard let intents else { throw CatchIntents.Refusal.noDiaryOpen(language) }
        return intents
    }
}

/// "Log a catch": a species, how many and, if weighed, the weight, to the trip going on or a
/// new one by Catch now's rule (T10, T11).
struct LogCatchIntent: AppIntent {
    static let title: LocalizedStringResource = "Log a Catch"
    static let description: IntentDescription? = IntentDescription(
        "Saves a catch in your fishing diary: to the trip going on, or to a new trip where you are.")

    @Parameter(title: "Species") var species: SpeciesEntity
    @Parameter(title: "Count", default: 1) var count: Int
    @Parameter(title: "Weight (kg)") var weightKg: Double?

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let intents = try await IntentsHost.current()
        let answer = try await intents.logCatch(speciesId: species.id, count: count, weightKg: weightKg)
        return .result(dialog: "\(answer.dialog)")
    }
}

/// "Start a trip here": a trip from now at the nearest saved spot, or at a new spot here.
struct StartTripIntent: AppIntent {
    static let title: LocalizedStringResource = "Start a Trip Here"
    static let description: IntentDescription? = IntentDescription(
        "Starts a fishing trip now, at the nearest saved spot or at a new spot where you are.")

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let answer = try await IntentsHost.current().startTripHere()
        return .result(dialog: "\(answer.dialog)")
    }
}

/// "End trip": ends the trip without an end, now or at its last catch.
struct EndTripIntent: AppIntent {
    static let title: LocalizedStringResource = "End Trip"
    static let description: IntentDescription? = IntentDescription(
        "Ends the trip going on now; a trip left open ends at its last catch.")

    func perform() async throws -> some IntentResult & ProvidesDialog {
        let answer = try await IntentsHost.current().endTrip()
        return .result(dialog: "\(answer.dialog)")
    }
}

/// A species of the directory, as Siri and Shortcuts offer and find it.
struct SpeciesEntity: AppEntity {
    let id: String
    let name: String

    static var typeDisplayRepresentation: TypeDisplayRepresentation { TypeDisplayRepresentation(name: "Species") }
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
    static var defaultQuery: SpeciesQuery { SpeciesQuery() }
}

/// Finds species by id, by a spoken or typed name, and suggests the recently caught first.
struct SpeciesQuery: EntityStringQuery {
    func entities(for identifiers: [String]) async throws -> [SpeciesEntity] {
        try await all(matching: "").filter { identifiers.contains($0.id) }
    }

    func suggestedEntities() async throws -> [SpeciesEntity] {
        Array(try await all(matching: "").prefix(20))
    }

    func entities(matching string: String) async throws -> [SpeciesEntity] {
        Array(try await all(matching: string).prefix(20))
    }

    private func all(matching query: String) async throws -> [SpeciesEntity] {
        let intents = try await IntentsHost.current()
        return try await intents.species(matching: query).map {
            SpeciesEntity(id: $0.id, name: intents.name(of: $0))
        }
    }
}

/// The phrases that log a catch, start and end a trip with no setting up, also on the Action
/// button and in Spotlight.
struct FishingShortcuts: AppShortcutsProvider {
    @AppShortcutsBuilder static var appShortcuts: [AppShortcut] {
        AppShortcut(
            intent: LogCatchIntent(),
            phrases: ["Log a catch in \(.applicationName)", "I caught a fish in \(.applicationName)"],
            shortTitle: "Log a Catch", systemImageName: "fish")
        AppShortcut(
            intent: StartTripIntent(), phrases: ["Start a trip in \(.applicationName)"], shortTitle: "Start a Trip",
            systemImageName: "figure.fishing")
        AppShortcut(
            intent: EndTripIntent(), phrases: ["End my trip in \(.applicationName)"], shortTitle: "End Trip",
            systemImageName: "flag.checkered")
    }
}
