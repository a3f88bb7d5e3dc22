import DiaryStore
import FishingModel
import Foundation
import ReportOutput
import Testing

@testable import Reports

/// The report builder's recipes (issue 33 §4; T18) against ``ReportFixture``: every recipe the
/// builder can make is a formula that runs and reads back, and the answers are the fixture's.
@Suite("Report recipes (T18)")
struct ReportRecipeTests {
    let fixture: ReportFixture
    let engine: ReportEngine

    init() throws {
        fixture = try ReportFixture()
        engine = try ReportEngine(databaseURL: fixture.diary.fileURL)
    }

    func rows(_ recipe: ReportRecipe) throws -> [[ReportValue]] { try engine.run(formula: recipe.formula).table.rows }

    @Test(
        "Given every measure, dimension and second dimension the builder offers together, when written, then the formula runs and reads back"
    )
    func everyPairingRunsAndReadsBack() throws {
        var checked = 0
        for measure in ReportRecipe.Measure.allCases {
            let offered = ReportRecipe(measure: measure).dimensions
            for dimension in [nil] + offered {
                for thenBy in [nil] + offered where thenBy != dimension && (dimension != nil || thenBy == nil) {
                    let recipe = ReportRecipe(measure: measure, dimension: dimension, thenBy: thenBy)
                    #expect(recipe.fitted == recipe, "\(recipe.formula) is offered as it is")
                    _ = try engine.run(formula: recipe.formula)
                    #expect(ReportRecipe(formula: recipe.formula) == recipe, "\(recipe.formula) reads back")
                    checked += 1
                }
            }
        }
        #expect(checked > 800)
    }

    @Test(
        "Given every filter, order and top with every measure and its second values, when written, then it runs and reads back"
    )
    func everyFilterRunsAndReadsBack() throws {
        var checked = 0
        for measure in ReportRecipe.Measure.allCases {
            for also in [nil] + ReportRecipe(measure: measure).alsoMeasures {
                for years in [[], [2026], [2025, 2026]] {
                    for spot in [nil, "Lake A"] {
                        for (species, released) in [(nil, nil), ("Northern pike", true), ("European perch", false)] {
                            for (largestFirst, top) in [(false, nil), (true, nil), (true, 3), (false, 5)] {
                                let recipe = ReportRecipe(
                                    measure: measure, also: also, dimension: .spot, years: years, spot: spot,
                                    species: species, released: released, largestFirst: largestFirst, top: top
                                ).fitted
                                _ = try engine.run(formula: recipe.formula)
                                #expect(ReportRecipe(formula: recipe.formula) == recipe, "\(recipe.formula)")
                                checked += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(checked > 1000)
    }

    @Test("Given the fixture, when recipes are run, then they answer as computed by hand")
    func answers() throws {
        #expect(
            try rows(ReportRecipe(measure: .fish, dimension: .species, years: [2026], largestFirst: true)) == [
                [.text("Northern pike"), .integer(2)], [.text("European perch"), .integer(1)],
                [.text("Zander (pikeperch)"), .integer(1)],
            ])
        #expect(
            try rows(ReportRecipe(measure: .heaviest, dimension: .species, species: "northern pike", released: false))
                == [[.text("Northern pike"), .real(3.5)]], "names compare without regard to case; released left out")
        #expect(
            try rows(ReportRecipe(measure: .trips, dimension: .spot, years: [2026]))
                == [[.text("Lake A"), .integer(1)], [.text("River B"), .integer(2)]])
        #expect(
            try rows(ReportRecipe(measure: .fishPerTrip, dimension: .spot))
                == [[.text("Lake A"), .real(2.5)], [.text("River B"), .real(0.5)]])
        #expect(try rows(ReportRecipe(measure: .catches, dimension: nil, spot: "River B")) == [[.integer(1)]])
    }

    @Test(
        "Given trips that ended, when fish per hour is asked, then each ended trip's rate is averaged and open trips are left out"
    )
    func fishPerHour() throws {
        let trips = try fixture.diary.trips.list().sorted { $0.startAt < $1.startAt }
        // T1 2 fish in 4 h, T2 3 fish in 5 h; T3 and T4 stay open.
        for (trip, hours) in [(trips[0], 4.0), (trips[1], 5.0)] {
            _ = try fixture.diary.trips.update(trip.id) { $0.endAt = trip.startAt.addingTimeInterval(hours * 3600) }
        }
        let rows = try rows(ReportRecipe(measure: .fishPerHour, dimension: .spot))
        #expect(rows.count == 2)
        #expect(rows[0][0] == .text("Lake A"))
        #expect(abs((rows[0][1].double ?? 0) - 0.55) < 1e-9, "(0.5 + 0.6) / 2")
        #expect(rows[1] == [.text("River B"), .null])
    }

    @Test("Given the built-in reports, when read into the builder, then each is a starting point with its choices")
    func builtInsReadBack() throws {
        for report in BuiltInReports.all(currentYear: 2026) {
            let recipe = try #require(ReportRecipe(formula: report.formula), "\(report.slug)")
            #expect(recipe.formula == report.formula, "\(report.slug) is written back as it was")
        }
        #expect(
            ReportRecipe(formula: BuiltInReports.named("personal-bests", currentYear: 2026)!.formula)
                == ReportRecipe(measure: .heaviest, also: .longest, dimension: .species))
        #expect(
            ReportRecipe(formula: BuiltInReports.named("this-year-vs-last-year", currentYear: 2026)!.formula)
                == ReportRecipe(measure: .fish, dimension: .month, thenBy: .year, years: [2025, 2026]))
    }

    @Test("Given formulas beyond the builder, when read, then there is no recipe and the formula stays hand-written")
    func handWrittenStaysHandWritten() {
        for formula in [
            "sum(catch.weight_kg * catch.count) by species", "count(catch) by species where year > 2020",
            "count(catch) by species order asc", "avg(trip.successful) * 100 by species",
            "count(catch) by species where species = 'a' and species = 'b'", "count(catch) by catch.species",
            "count(catch), count(catch) by species", "count(catch) order desc", "count(catch) by", "",
            "count(catch) where year = 2026.5", "count(catch) where spot = 3",
        ] {
            #expect(ReportRecipe(formula: formula) == nil, "\(formula)")
        }
        #expect(
            ReportRecipe(formula: "  sum( catch.count )  by species  where year in (2026, 2025) ")
                == ReportRecipe(measure: .fish, dimension: .species, years: [2025, 2026]), "spacing and order aside")
    }

    @Test("Given a spot named with a quote, when filtered on, then the name is quoted, runs and reads back")
    func quotedNames() throws {
        _ = try fixture.diary.spots.add(SpotDraft(name: "O'Brien's pond", latitude: 56.1, longitude: 37.1))
        let recipe = ReportRecipe(measure: .trips, dimension: nil, spot: "O'Brien's pond")
        #expect(recipe.formula == "count(trip) where spot = 'O''Brien''s pond'")
        #expect(try rows(recipe) == [[.integer(0)]])
        #expect(ReportRecipe(formula: recipe.formula) == recipe)
        #expect(try engine.recipeChoices().spots == ["Lake A", "O'Brien's pond", "River B"])
    }

    @Test(
        "Given the fixture, when the builder asks what to filter on, then years latest first, spots and species by name"
    )
    func choices() throws {
        #expect(
            try engine.recipeChoices()
                == RecipeChoices(
                    years: [2026, 2025], spots: ["Lake A", "River B"],
                    species: ["European perch", "Northern pike", "Zander (pikeperch)"]))
    }

    @Test(
        "Given a trip measure, when fitted, then catch dimensions, catch filters and a second dimension without a first are dropped"
    )
    func fitting() {
        let fitted = ReportRecipe(
            measure: .trips, also: .fish, dimension: .species, thenBy: .year, species: "Northern pike", released: true,
            largestFirst: true, top: 5
        ).fitted
        #expect(fitted == ReportRecipe(measure: .trips, dimension: nil, thenBy: nil))
        #expect(ReportRecipe(measure: .trips).dimensions.allSatisfy { $0.level == .trip })
        #expect(ReportRecipe(measure: .fish).dimensions == ReportRecipe.Dimension.allCases)
        #expect(ReportRecipe(measure: .fish).alsoMeasures.allSatisfy { $0.level == .catch && $0 != .fish })
    }
}
