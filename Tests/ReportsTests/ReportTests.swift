import DiaryStore
import Foundation
import ReportOutput
import Testing

@testable import Reports

/// Results against the hand-computed answers of ``ReportFixture``.
@Suite("Report formulas (T18)")
struct ReportTests {
    let fixture: ReportFixture
    let engine: ReportEngine

    init() throws {
        fixture = try ReportFixture()
        engine = try ReportEngine(databaseURL: fixture.diary.fileURL)
    }

    func rows(_ formula: String) throws -> [[ReportValue]] { try engine.run(formula: formula).table.rows }

    @Test("Given the fixture, when catches are counted by species for 2026, then pike 2, perch 1, zander 1")
    func countBySpeciesWhereYear() throws {
        let result = try engine.run(formula: "count(catch) by species where year = 2026")
        #expect(result.table.columns == ["species", "count(catch)"])
        #expect(
            Set(result.table.rows.map { $0 }) == [
                [.text("Northern pike"), .integer(2)], [.text("European perch"), .integer(1)],
                [.text("Zander (pikeperch)"), .integer(1)],
            ])
    }

    @Test(
        "Given trips without catches, when weight per trip is computed by spot, then empty trips count in the denominator"
    )
    func weightPerTripBySpot() throws {
        let rows = try rows("sum(catch.weight_kg) / count(trip) by spot")
        #expect(rows.count == 2)
        #expect(rows[0][0] == .text("Lake A"))
        #expect(abs((rows[0][1].double ?? 0) - 3.5) < 1e-9)
        #expect(rows[1][0] == .text("River B"))
        #expect(abs((rows[1][1].double ?? 0) - 0.75) < 1e-9)
    }

    @Test("Given top N, when the longest fish per species is asked, then the two longest come first")
    func topN() throws {
        #expect(
            try rows("max(catch.length_cm) by species top 2") == [
                [.text("Northern pike"), .real(80)], [.text("Zander (pikeperch)"), .real(55)],
            ])
    }

    @Test("Given months and hours, when grouped, then they come in natural order in local time")
    func dateParts() throws {
        #expect(try rows("count(catch) by month") == [[.integer(6), .integer(5)], [.integer(8), .integer(1)]])
        #expect(
            try engine.run(formula: "count(catch) by month").displayTable.rows == [
                [.text("Jun"), .integer(5)], [.text("Aug"), .integer(1)],
            ], "shown by name, exported by number")
        #expect(
            try rows("count(catch) by hour") == [
                [.integer(6), .integer(2)], [.integer(7), .integer(2)], [.integer(8), .integer(1)],
                [.integer(20), .integer(1)],
            ])
        #expect(try rows("count(catch) by weekday where month = 8") == [[.integer(6), .integer(1)]])
    }

    @Test("Given logic and lists, when filtering, then and/or/not/in/is null behave as in SQL")
    func logic() throws {
        #expect(try rows("count(catch) where released") == [[.integer(1)]])
        #expect(
            try rows("count(catch) where not released and species in ('Northern pike', 'zander (PIKEPERCH)')") == [
                [.integer(3)]
            ])
        #expect(try rows("count(catch) where weight_kg > 1 or length_cm < 19") == [[.integer(4)]])
        #expect(try rows("count(catch) where water_temp_c is null") == [[.integer(6)]])
        #expect(try rows("count(catch) where species not in ('European perch')") == [[.integer(4)]])
        #expect(
            try rows("sum(catch.weight_kg * 2) where bait = 'Earthworm'").first?.first?.double.map {
                abs($0 - 1.0) < 1e-9
            } == true)
    }

    @Test("Given arithmetic, when computed, then division is not integer division and /0 gives null")
    func arithmetic() throws {
        #expect(try rows("count(catch) / count(trip)").first?.first?.double.map { abs($0 - 1.5) < 1e-9 } == true)
        #expect(try rows("count(catch) / 0") == [[.null]])
        #expect(try rows("(count(catch) + 4) * -1") == [[.integer(-10)]])
    }

    @Test("Given trip and spot fields, when used, then they resolve through the parents")
    func parentsAndPlainNames() throws {
        #expect(
            try rows("count(catch) by water_body_type") == [
                [.text("Lake"), .integer(5)], [.text("River"), .integer(1)],
            ])
        #expect(
            try rows("count(trip) by spot where trip.year = 2026") == [
                [.text("Lake A"), .integer(1)], [.text("River B"), .integer(2)],
            ])
        #expect(try rows("count(catch) where trip = 'June dawn'") == [[.integer(2)]])
    }

    @Test("Given two dimensions, when grouped, then rows carry both keys then the value")
    func twoDimensions() throws {
        let result = try engine.run(BuiltInReports.named("this-year-vs-last-year", currentYear: 2026)!)
        #expect(result.table.columns == ["month", "year", "sum(catch.count)"])
        #expect(
            result.table.rows == [
                [.integer(6), .integer(2025), .integer(2)], [.integer(6), .integer(2026), .integer(3)],
                [.integer(8), .integer(2026), .integer(1)],
            ])
        #expect(result.chart.categories == ["Jun", "Aug"])
        #expect(result.chart.series.map(\.name) == ["2025", "2026"])
    }

    @Test("Given the built-ins, when run, then each answers its question on the fixture")
    func builtIns() throws {
        func run(_ slug: String) throws -> [[ReportValue]] {
            try engine.run(try #require(BuiltInReports.named(slug, currentYear: 2026))).table.rows
        }
        #expect(try run("catches-by-species").first == [.text("Northern pike"), .integer(3)])
        #expect(try run("catches-by-bait").first == [.text("Casting spoon"), .integer(3)])
        #expect(try run("catches-by-method").map { $0[1] } == [.integer(3), .integer(2), .integer(1)])
        #expect(try run("catches-by-month") == [[.integer(6), .integer(5)], [.integer(8), .integer(1)]])
        #expect(try run("catches-by-hour").count == 4)
        #expect(try run("catches-by-moon-phase").reduce(0) { $0 + ($1[1].double ?? 0) } == 6)
        #expect(
            Set(try run("personal-bests")) == [
                [.text("Northern pike"), .real(3.5), .real(80)], [.text("European perch"), .real(0.3), .real(20)],
                [.text("Zander (pikeperch)"), .real(1.5), .real(55)],
            ])
        #expect(try run("trip-success-by-spot") == [[.text("Lake A"), .real(100)], [.text("River B"), .real(50)]])
        #expect(
            BuiltInReports.all(currentYear: 2026).map(\.slug).count
                == Set(BuiltInReports.all(currentYear: 2026).map(\.slug)).count)
    }

    @Test(
        "Given recorded conditions, when grouped or filtered by them, then catches without conditions drop out of filters"
    )
    func conditions() throws {
        #expect(
            try rows("count(catch) by pressure_tendency") == [
                [.null, .integer(1)], [.text("falling"), .integer(3)], [.text("steady"), .integer(1)],
                [.text("rising"), .integer(1)],
            ])
        let heavy = try rows("avg(catch.weight_kg) by moon_phase where pressure_trend < -1")
        #expect(heavy.reduce(0) { $0 + ($1[1].double ?? 0) } > 0)
        #expect(try rows("count(catch) where pressure_trend < -1") == [[.integer(3)]])
        #expect(
            try rows("avg(catch.weight_kg) where pressure_trend < -1").first?.first?.double.map {
                abs($0 - (2.0 + 3.5 + 0.2) / 3) < 1e-9
            } == true)
        let solunar = try rows("count(catch) by solunar")
        #expect(solunar.reduce(0) { $0 + ($1[1].double ?? 0) } == 6)
        #expect(solunar.allSatisfy { ["major", "minor", "none"].contains($0[0].label) })
        #expect(
            try engine.run(BuiltInReports.named("catches-by-pressure-tendency", currentYear: 2026)!).table.rows.count
                == 4)
    }

    @Test("Given a trashed catch, when reported, then it is left out")
    func trashLeftOut() throws {
        try fixture.diary.trash.put(.catch, fixture.catches[0].id)
        #expect(try rows("count(catch)") == [[.integer(5)]])
    }

    @Test("Given a moon phase dimension, when grouped, then phases come in cycle order")
    func moonPhaseOrder() throws {
        let phases = try rows("count(catch) by moon_phase").compactMap { row -> Int? in
            guard case .text(let name) = row[0] else { return nil }
            return MoonPhaseOrder.index(name)
        }
        #expect(phases == phases.sorted())
    }
}

/// The cycle position of a phase name, for checking order.
enum MoonPhaseOrder {
    static let names = [
        "new", "waxing crescent", "first quarter", "waxing gibbous", "full", "waning gibbous", "last quarter",
        "waning crescent",
    ]
    static func index(_ name: String) -> Int? { names.firstIndex(of: name) }
}

extension ReportValue {
    static func real(_ v: Double) -> ReportValue { .number(v) }

    var double: Double? {
        switch self {
        case .integer(let v): Double(v)
        case .number(let v): v
        default: nil
        }
    }
}

@Suite("Report errors and safety (T18)")
struct ReportErrorTests {
    func error(_ formula: String) -> ReportError? {
        do {
            try ReportEngine.check(formula)
            return nil
        } catch { return error }
    }

    @Test("Given a misspelt field, when checked, then the error points at it and suggests the right name")
    func suggestion() throws {
        let e = try #require(error("avg(catch.weigth_kg) by species"))
        #expect(e.position == 4)
        #expect(e.message.contains("did you mean `weight_kg`"))
        #expect(error("count(catch) by specis")?.message.contains("`species`") == true)
        #expect(error("cuont(catch)")?.message.contains("did you mean `count`") == true)
    }

    @Test(
        "Given a wrong formula, when checked, then the message explains it",
        arguments: [
            ("", "empty"), ("count(catch) by", "`by` is followed by a field"),
            ("weight_kg by species", "must aggregate"),
            ("sum(catch.species)", "needs a number"), ("count(catch) where weight_kg = 'big'", "can't compare"),
            ("count(catch) where year", "needs a condition"),
            ("count(catch) where count(catch) > 1", "aggregates belong before"),
            ("count(fish)", "count takes what to count"), ("sum(sum(catch.weight_kg))", "can't be nested"),
            ("count(catch) where species = 'pike", "not closed"), ("count(catch) top 0", "whole number"),
            ("count(catch) by species, month, year", "at most two"), ("avg(pressure_tendency)", "needs a number"),
            ("sum(trip.duration_h) by species", "can't be combined"),
            ("count(catch) + weight_kg", "outside an aggregate"),
            ("count(catch) ; drop table catches", "unexpected character"), ("count(catch) by 3", "followed by a field"),
            ("count(catch) where щука = 1", "Latin letters"), ("trip.bogus", "trip has no field"),
        ])
    func messages(formula: String, expected: String) throws {
        let e = try #require(error(formula), "\(formula) should be refused")
        #expect(e.message.contains(expected), "\(formula): \(e.message)")
    }

    @Test("Given injection attempts, when run, then they are plain values or refused and the data is untouched")
    func injection() throws {
        let fixture = try ReportFixture()
        let engine = try ReportEngine(databaseURL: fixture.diary.fileURL)
        let attempts = [
            "count(catch) where species = 'x''; DROP TABLE catches; --'",
            "count(catch) where species = \"x\"\" OR 1=1 --\"",
            "count(catch) where notes = '1'' OR ''1''=''1'",
        ]
        for formula in attempts {
            #expect(try engine.run(formula: formula).table.rows == [[.integer(0)]], "\(formula)")
        }
        for formula in ["count(catch); DELETE FROM catches", "count(catches.id)", "count(catch) by sqlite_master"] {
            #expect(throws: (any Error).self) { try engine.run(formula: formula) }
        }
        #expect(try fixture.diary.catches.list().count == 6)
    }

    @Test("Given 10,000 seeded random formulas, when checked and run, then nothing crashes and errors are ReportErrors")
    func randomFormulas() throws {
        let fixture = try ReportFixture()
        let engine = try ReportEngine(databaseURL: fixture.diary.fileURL)
        var generator = FormulaGenerator(seed: 2026)
        var valid = 0
        for i in 0..<10_000 {
            let formula = i.isMultiple(of: 2) ? generator.grammatical() : generator.tokenSoup()
            do {
                try ReportEngine.check(formula)
                valid += 1
                if valid.isMultiple(of: 5) { _ = try engine.run(formula: formula) }
            } catch is ReportError {
                continue
            }
        }
        #expect(valid > 1_000, "the generator should produce many valid formulas (got \(valid))")
        #expect(try fixture.diary.catches.list().count == 6)
    }
}

/// Random formulas from the grammar and from shuffled tokens, repeatable by seed.
struct FormulaGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next(_ n: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(n))
    }

    mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }

    static let numericFields = [
        "weight_kg", "length_cm", "count", "depth_m", "catch.weight_kg", "trip.duration_h", "year", "month", "hour",
        "moon_illumination", "spot.latitude",
    ]
    static let dimensions = [
        "species", "month", "spot", "bait", "method", "hour", "weekday", "year", "moon_phase", "trip",
        "water_body_type", "released",
    ]

    mutating func value(_ depth: Int = 0) -> String {
        switch next(depth > 2 ? 2 : 5) {
        case 0: return "count(\(pick(["catch", "trip", "spot"])))"
        case 1: return "\(pick(["sum", "avg", "min", "max"]))(\(pick(Self.numericFields)))"
        case 2: return "\(value(depth + 1)) \(pick(["+", "-", "*", "/"])) \(value(depth + 1))"
        case 3: return "(\(value(depth + 1)))"
        default: return "\(value(depth + 1)) \(pick(["+", "*"])) \(next(100))"
        }
    }

    mutating func condition(_ depth: Int = 0) -> String {
        switch next(depth > 2 ? 3 : 6) {
        case 0: return "\(pick(Self.numericFields)) \(pick(["=", "!=", "<", "<=", ">", ">="])) \(next(3000))"
        case 1: return "species \(pick(["=", "!="])) '\(pick(["Northern pike", "x'y", "", "Zander"]))'"
        case 2: return "\(pick(Self.numericFields)) in (\(next(10)), \(next(2030)))"
        case 3: return "\(condition(depth + 1)) \(pick(["and", "or"])) \(condition(depth + 1))"
        case 4: return "not (\(condition(depth + 1)))"
        default: return "\(pick(Self.numericFields)) is \(pick(["", "not "]))null"
        }
    }

    mutating func grammatical() -> String {
        var formula = value()
        if next(3) > 0 {
            formula += " by \(pick(Self.dimensions))" + (next(4) == 0 ? ", \(pick(Self.dimensions))" : "")
        }
        if next(2) == 0 { formula += " where \(condition())" }
        if next(4) == 0 { formula += " order \(pick(["asc", "desc"]))" }
        if next(4) == 0 { formula += " top \(next(12))" }
        return formula
    }

    static let soup = [
        "count", "sum", "avg", "(", ")", "catch", "trip", ".", "weight_kg", "by", "where", "and", "or", "not", "in",
        "top",
        "order", "desc", ",", "=", "<", "'a'", "\"b", "3", "-", "*", "/", "is", "null", "species", "month", "@", "é",
        "'", "🐟",
    ]

    mutating func tokenSoup() -> String {
        (0..<next(14)).map { _ in pick(Self.soup) }.joined(separator: next(3) == 0 ? "" : " ")
    }
}
