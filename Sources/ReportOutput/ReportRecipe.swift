/// A report chosen without programming (T18; issue 33 §4): what to count, by what, among which
/// catches or trips, in which order — the visual builder's choices. It writes an ordinary formula
/// (``formula``), which stays visible and editable; the report engine reads a formula back into a
/// recipe when the builder can show it (`ReportRecipe(formula:)` in Reports), so the built-ins
/// are starting points. The app's builder and the site's name each choice with the catalogue's
/// `recipe.*` texts.
public struct ReportRecipe: Sendable, Equatable {
    /// The record a choice is about: what a value counts, what a dimension or a filter reads.
    public enum Level: Sendable, Equatable {
        /// A catch's own fields (species, bait, the weather recorded with it).
        case `catch`
        /// Fields of the trip or its spot, which catches and trips share (year, month, spot).
        case trip
    }

    /// What a report counts.
    public enum Measure: String, Sendable, CaseIterable {
        case fish, catches, totalWeight, heaviest, longest, averageWeight
        case trips, successfulTrips, fishPerTrip, fishPerHour

        /// The value as the report language writes it.
        public var formula: String {
            switch self {
            case .fish: "sum(catch.count)"
            case .catches: "count(catch)"
            case .totalWeight: "sum(catch.weight_kg)"
            case .heaviest: "max(catch.weight_kg)"
            case .longest: "max(catch.length_cm)"
            case .averageWeight: "avg(catch.weight_kg)"
            case .trips: "count(trip)"
            case .successfulTrips: "avg(trip.successful) * 100"
            case .fishPerTrip: "avg(trip.fish)"
            // Each trip's own rate, averaged: a trip not ended yet has no hours and is left out.
            case .fishPerHour: "avg(trip.fish / trip.duration_h)"
            }
        }

        /// Catch measures go with every dimension and filter; trip measures count each trip once,
        /// so they go only with what a trip has.
        public var level: Level {
            switch self {
            case .fish, .catches, .totalWeight, .heaviest, .longest, .averageWeight: .catch
            case .trips, .successfulTrips, .fishPerTrip, .fishPerHour: .trip
            }
        }

        /// The chart that suits the value best: a best catch is read off a table.
        var chart: ChartKind { self == .heaviest || self == .longest ? .table : .bar }
    }

    /// What a report groups by.
    public enum Dimension: String, Sendable, CaseIterable {
        case species, bait, method, spot, waterBodyType, month, year, weekday, hour, moonPhase, pressureTendency,
            solunar

        /// The field's name in the report language.
        public var field: String {
            switch self {
            case .waterBodyType: "water_body_type"
            case .moonPhase: "moon_phase"
            case .pressureTendency: "pressure_tendency"
            default: rawValue
            }
        }

        public var level: Level {
            switch self {
            case .species, .bait, .method, .moonPhase, .pressureTendency, .solunar: .catch
            case .spot, .waterBodyType, .month, .year, .weekday, .hour: .trip
            }
        }

        public init?(field: String) {
            guard let dimension = Self.allCases.first(where: { $0.field == field }) else { return nil }
            self = dimension
        }
    }

    /// What the values are; `also` is an optional second value of the same level.
    public var measure: Measure
    public var also: Measure?
    public var dimension: Dimension?
    public var thenBy: Dimension?
    /// Only these years (empty: every year).
    public var years: [Int]
    /// Only this spot, by name.
    public var spot: String?
    /// Only this species, by name (catch measures).
    public var species: String?
    /// Only fish released (true) or kept (false) (catch measures).
    public var released: Bool?
    /// Largest value first instead of the dimension's natural order.
    public var largestFirst: Bool
    /// Keep only the largest N groups.
    public var top: Int?

    /// The tops the builder offers.
    public static let tops = [3, 5, 10, 20]

    public init(
        measure: Measure = .fish, also: Measure? = nil, dimension: Dimension? = .species, thenBy: Dimension? = nil,
        years: [Int] = [], spot: String? = nil, species: String? = nil, released: Bool? = nil,
        largestFirst: Bool = false, top: Int? = nil
    ) {
        self.measure = measure
        self.also = also
        self.dimension = dimension
        self.thenBy = thenBy
        self.years = years
        self.spot = spot
        self.species = species
        self.released = released
        self.largestFirst = largestFirst
        self.top = top
    }

    /// The choices that go with the measure: dimensions, second value and filters of a finer
    /// level are dropped, a second dimension needs a first and differs from it.
    public var fitted: ReportRecipe {
        var recipe = self
        let fits = { (level: Level) in recipe.measure.level == .catch || level == .trip }
        if let also = recipe.also, also == recipe.measure || also.level != recipe.measure.level { recipe.also = nil }
        if let dimension = recipe.dimension, !fits(dimension.level) { recipe.dimension = nil }
        if let thenBy = recipe.thenBy, !fits(thenBy.level) || thenBy == recipe.dimension || recipe.dimension == nil {
            recipe.thenBy = nil
        }
        if !fits(.catch) {
            recipe.species = nil
            recipe.released = nil
        }
        recipe.years = Array(Set(recipe.years)).sorted()
        if recipe.dimension == nil {
            recipe.largestFirst = false
            recipe.top = nil
        }
        return recipe
    }

    /// Whether a trip measure was given choices of single catches, which ``fitted`` leaves out.
    public var dropsCatchChoices: Bool {
        measure.level == .trip
            && ([dimension?.level, thenBy?.level, also?.level].contains(.catch) || species != nil || released != nil)
    }

    /// The dimensions that go with the measure.
    public var dimensions: [Dimension] {
        Dimension.allCases.filter { measure.level == .catch || $0.level == .trip }
    }

    /// The second values that go with the measure.
    public var alsoMeasures: [Measure] {
        Measure.allCases.filter { $0.level == measure.level && $0 != measure }
    }

    /// Whether the measure lets a filter on species and released be chosen.
    public var filtersCatches: Bool { measure.level == .catch }

    /// The chart the recipe suits.
    public var chart: ChartKind { dimension == nil ? .table : measure.chart }

    /// The recipe as a formula, e.g. `sum(catch.count) by month, year where year in (2025, 2026)`.
    public var formula: String {
        let recipe = fitted
        var text = ([recipe.measure] + (recipe.also.map { [$0] } ?? [])).map(\.formula).joined(separator: ", ")
        let groups = [recipe.dimension, recipe.thenBy].compactMap { $0?.field }
        if !groups.isEmpty { text += " by " + groups.joined(separator: ", ") }
        var conditions: [String] = []
        switch recipe.years.count {
        case 0: break
        case 1: conditions.append("year = \(recipe.years[0])")
        default: conditions.append("year in (\(recipe.years.map(String.init).joined(separator: ", ")))")
        }
        if let spot = recipe.spot { conditions.append("spot = \(Self.quoted(spot))") }
        if let species = recipe.species { conditions.append("species = \(Self.quoted(species))") }
        if let released = recipe.released { conditions.append("released = \(released)") }
        if !conditions.isEmpty { text += " where " + conditions.joined(separator: " and ") }
        if recipe.largestFirst { text += " order desc" }
        if let top = recipe.top { text += " top \(top)" }
        return text
    }

    /// Text as the report language quotes it: in single quotes, a quote inside doubled.
    public static func quoted(_ text: String) -> String {
        "'\(text.replacingOccurrences(of: "'", with: "''"))'"
    }
}

/// What the builder's filters can choose from in one diary (issue 33 §4): the years with trips,
/// the spots and the species caught, each in the order a picker lists them.
public struct RecipeChoices: Sendable, Equatable {
    public var years: [Int]
    public var spots: [String]
    public var species: [String]

    public init(years: [Int] = [], spots: [String] = [], species: [String] = []) {
        self.years = years
        self.spots = spots
        self.species = species
    }
}
