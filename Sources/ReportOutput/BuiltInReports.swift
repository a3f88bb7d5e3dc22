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
    /// All built-in reports; `currentYear` anchors "this year vs last year". "Fish caught" adds
    /// up each catch's count, as an angler means it: a catch of three perch is three fish.
    public static func all(currentYear: Int) -> [BuiltInReport] {
        [
            BuiltInReport(
                slug: "catches-by-month", title: "Fish caught by month", formula: "sum(catch.count) by month",
                chart: .bar,
                valueLabel: "fish"),
            BuiltInReport(
                slug: "catches-by-species", title: "Fish caught by species",
                formula: "sum(catch.count) by species order desc",
                chart: .bar, valueLabel: "fish"),
            BuiltInReport(
                slug: "catches-by-bait", title: "Fish caught by bait", formula: "sum(catch.count) by bait order desc",
                chart: .bar, valueLabel: "fish"),
            BuiltInReport(
                slug: "catches-by-method", title: "Fish caught by method",
                formula: "sum(catch.count) by method order desc",
                chart: .bar, valueLabel: "fish"),
            BuiltInReport(
                slug: "catches-by-hour", title: "Fish caught by hour of day", formula: "sum(catch.count) by hour",
                chart: .bar,
                valueLabel: "fish"),
            BuiltInReport(
                slug: "catches-by-pressure-tendency", title: "Fish caught by pressure tendency",
                formula: "sum(catch.count) by pressure_tendency", chart: .bar, valueLabel: "fish"),
            BuiltInReport(
                slug: "catches-by-moon-phase", title: "Fish caught by moon phase",
                formula: "sum(catch.count) by moon_phase",
                chart: .bar, valueLabel: "fish"),
            BuiltInReport(
                slug: "personal-bests", title: "Personal bests per species",
                formula: "max(catch.weight_kg), max(catch.length_cm) by species", chart: .table, valueLabel: "best"),
            BuiltInReport(
                slug: "trip-success-by-spot", title: "Trips with a catch, per spot",
                formula: "avg(trip.successful) * 100 by spot order desc", chart: .bar,
                valueLabel: "successful trips (%)"),
            BuiltInReport(
                slug: "this-year-vs-last-year", title: "This year vs last year",
                formula: "sum(catch.count) by month, year where year in (\(currentYear - 1), \(currentYear))",
                chart: .bar,
                valueLabel: "fish"),
        ]
    }

    public static func named(_ slug: String, currentYear: Int) -> BuiltInReport? {
        all(currentYear: currentYear).first { $0.slug == slug }
    }
}
