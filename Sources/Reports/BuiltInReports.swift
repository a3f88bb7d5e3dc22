import ReportOutput

/// A report that ships with the app, under a stable slug the app, the CLI and the portal share (T18).
public struct BuiltInReport: Sendable, Equatable {
    public let slug: String
    public let title: String
    public let formula: String
    public let chart: ChartKind
    public let valueLabel: String
}

/// The built-in reports. Each is an ordinary formula, so an angler can copy and change it.
public enum BuiltInReports {
    /// All built-in reports; `currentYear` anchors "this year vs last year".
    public static func all(currentYear: Int) -> [BuiltInReport] {
        [
            BuiltInReport(
                slug: "catches-by-month", title: "Catches by month", formula: "count(catch) by month", chart: .bar,
                valueLabel: "catches"),
            BuiltInReport(
                slug: "catches-by-species", title: "Catches by species", formula: "count(catch) by species order desc",
                chart: .bar, valueLabel: "catches"),
            BuiltInReport(
                slug: "catches-by-bait", title: "Catches by bait", formula: "count(catch) by bait order desc",
                chart: .bar, valueLabel: "catches"),
            BuiltInReport(
                slug: "catches-by-method", title: "Catches by method", formula: "count(catch) by method order desc",
                chart: .bar, valueLabel: "catches"),
            BuiltInReport(
                slug: "catches-by-hour", title: "Catches by hour of day", formula: "count(catch) by hour", chart: .bar,
                valueLabel: "catches"),
            BuiltInReport(
                slug: "catches-by-pressure-tendency", title: "Catches by pressure tendency",
                formula: "count(catch) by pressure_tendency", chart: .bar, valueLabel: "catches"),
            BuiltInReport(
                slug: "catches-by-moon-phase", title: "Catches by moon phase", formula: "count(catch) by moon_phase",
                chart: .bar, valueLabel: "catches"),
            BuiltInReport(
                slug: "personal-bests", title: "Personal bests per species",
                formula: "max(catch.weight_kg), max(catch.length_cm) by species", chart: .table, valueLabel: "best"),
            BuiltInReport(
                slug: "trip-success-by-spot", title: "Trips with a catch, per spot",
                formula: "avg(trip.successful) * 100 by spot order desc", chart: .bar,
                valueLabel: "successful trips (%)"),
            BuiltInReport(
                slug: "this-year-vs-last-year", title: "This year vs last year",
                formula: "count(catch) by month, year where year in (\(currentYear - 1), \(currentYear))", chart: .bar,
                valueLabel: "catches"),
        ]
    }

    public static func named(_ slug: String, currentYear: Int) -> BuiltInReport? {
        all(currentYear: currentYear).first { $0.slug == slug }
    }
}
