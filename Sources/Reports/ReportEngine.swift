import Almanac
import Foundation
@_exported import ReportOutput
import SQLiteDB

/// A report's answer: the table (group keys first, values last), the same table as people read it
/// (months and weekdays by name instead of their codes), the chart to draw, and the SQL with its
/// bound parameters that produced it (for diagnostics and the benchmark's baseline).
public struct ReportResult: Sendable {
    /// The values as computed: what a CSV export keeps, so that it sorts and sums.
    public let table: ReportTable
    /// The values as shown on screen and in the terminal.
    public let displayTable: ReportTable
    public let chart: ChartSpec
    public let sql: String
    public let parameters: [SQLiteValue]
}

/// Runs report formulas and built-in reports over one diary database (T18).
///
/// The connection is opened read-only and with `query_only`, so no formula can change data; the
/// SQL comes from ``Compiler``, which only emits whitelisted identifiers and bound parameters.
/// Moon phase and illumination are computed offline by the almanac, through SQL functions.
public final class ReportEngine {
    private let database: Database

    public init(databaseURL: URL) throws {
        database = try Database(path: databaseURL.path, mode: .readOnly)
        // Reports re-run while the angler types: keep the diary's pages at hand (up to 64 MiB of
        // cache, and the file mapped rather than copied page by page).
        try database.executeScript("PRAGMA query_only = ON; PRAGMA cache_size = -65536; PRAGMA mmap_size = 268435456")
        try Self.registerMoonFunctions(database)
    }

    /// Checks a formula without running it; throws the first problem with its position.
    public static func check(_ formula: String) throws(ReportError) {
        _ = try Compiler.compile(try Parser.parse(formula))
    }

    /// Runs a formula such as `count(catch) by species where year = 2026`; `columns` titles the
    /// shown table's columns (the builder's words) when it names each of them.
    public func run(
        formula: String, title: String? = nil, chart kind: ChartKind? = nil, valueLabel: String? = nil,
        columns: [String]? = nil
    ) throws -> ReportResult {
        let compiled = try Compiler.compile(try Parser.parse(formula))
        var rows: [[ReportValue]] = []
        do {
            try database.forEachRow(compiled.sql, compiled.parameters) { row in
                rows.append(row.values.map(Self.reportValue))
            }
        } catch let error as SQLiteError {
            throw ReportError(.couldNotRun, ["reason": "\(error.message)"])
        }
        let table = ReportTable(columns: compiled.columns, rows: rows)
        let keys = compiled.dimensions.count
        let chartKind = kind ?? (keys == 0 ? .table : .bar)
        var display = table
        if let labels = compiled.dimensions.first?.labels {
            display.rows = table.rows.map { row in
                var row = row
                if case .integer(let code) = row[0], code >= 1, code <= labels.count {
                    row[0] = .text(labels[Int(code) - 1])
                }
                return row
            }
        }
        if let columns, columns.count == display.columns.count { display.columns = columns }
        let chart = ChartSpec.make(
            from: display, kind: chartKind, title: title ?? formula,
            valueLabel: valueLabel ?? display.columns[keys], unit: compiled.unit, keyColumns: keys)
        return ReportResult(
            table: table, displayTable: display, chart: chart, sql: compiled.sql, parameters: compiled.parameters)
    }

    /// Runs a built-in report.
    public func run(_ report: BuiltInReport) throws -> ReportResult {
        try run(formula: report.formula, title: report.title, chart: report.chart, valueLabel: report.valueLabel)
    }

    private static func reportValue(_ value: SQLiteValue) -> ReportValue {
        switch value {
        case .integer(let v): .integer(v)
        case .real(let v): v.isFinite ? .number(v) : .null
        case .text(let v): .text(v)
        case .blob, .null: .null
        }
    }

    /// `moon_phase(ms)`, `moon_phase_index(ms)` and `moon_illumination(ms)`, cached per hour:
    /// the moon changes slowly and a report may ask for a million catches.
    private static func registerMoonFunctions(_ database: Database) throws {
        let cache = MoonCache()
        try database.createFunction("moon_phase", argumentCount: 1) { args in
            cache.moon(args[0]).map { .text($0.phase.rawValue) } ?? .null
        }
        try database.createFunction("moon_phase_index", argumentCount: 1) { args in
            cache.moon(args[0]).map { .integer(Int64(MoonPhase.allCases.firstIndex(of: $0.phase)!)) } ?? .null
        }
        try database.createFunction("moon_illumination", argumentCount: 1) { args in
            cache.moon(args[0]).map { .real($0.illumination) } ?? .null
        }
        let solunar = SolunarCache()
        try database.createFunction("solunar_period", argumentCount: 3) { args in
            solunar.period(args[0], args[1], args[2]).map { .text($0) } ?? .null
        }
    }
}

/// Which solunar period a catch fell in — "major", "minor" or "none" — from the almanac's
/// tables for the catch's UTC day and its neighbours at the spot, cached per day and 0.1° cell.
private final class SolunarCache {
    private var days: [String: [SolunarPeriod]] = [:]

    func period(_ time: SQLiteValue, _ latitude: SQLiteValue, _ longitude: SQLiteValue) -> String? {
        guard let milliseconds = time.int64Value, let lat = latitude.doubleValue, let lon = longitude.doubleValue else {
            return nil
        }
        let instant = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
        let day = Int((Double(milliseconds) / 86_400_000).rounded(.down))
        let majors = (-1...1).flatMap { periods(day + $0, lat, lon, major: true) }
        if majors.contains(where: { $0.start <= instant && instant <= $0.end }) { return "major" }
        let minors = (-1...1).flatMap { periods(day + $0, lat, lon, major: false) }
        return minors.contains(where: { $0.start <= instant && instant <= $0.end }) ? "minor" : "none"
    }

    private func periods(_ day: Int, _ latitude: Double, _ longitude: Double, major: Bool) -> [SolunarPeriod] {
        let key = "\(day) \((latitude * 10).rounded()) \((longitude * 10).rounded()) \(major)"
        if let known = days[key] { return known }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.dateComponents(
            [.year, .month, .day], from: Date(timeIntervalSince1970: Double(day) * 86_400))
        let almanac = try? Almanac.day(
            latitude: latitude, longitude: longitude, year: date.year!, month: date.month!, day: date.day!)
        let found = (major ? almanac?.solunar.major : almanac?.solunar.minor) ?? []
        days[key] = found
        return found
    }
}

/// Moon phase and illumination by the hour, for the report SQL functions.
private final class MoonCache {
    private var hours: [Int64: (phase: MoonPhase, illumination: Double)] = [:]

    func moon(_ value: SQLiteValue) -> (phase: MoonPhase, illumination: Double)? {
        guard let milliseconds = value.int64Value else { return nil }
        let hour = milliseconds / 3_600_000
        if let known = hours[hour] { return known }
        let instant = Date(timeIntervalSince1970: Double(hour) * 3600 + 1800)
        let moon = (Almanac.moonPhase(at: instant), Almanac.moonIllumination(at: instant))
        hours[hour] = moon
        return moon
    }
}
