import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import ReportOutput
import Testing

/// The report builder on the Your report page (issue 33 §4; T18).
@Suite("Report builder")
@MainActor
struct ReportBuilderModelTests {
    /// A diary with three perch in one catch and a pike, and its reports model.
    func model(language: Language = .english) async throws -> (AppFixture, ReportsModel) {
        let f = try AppFixture()
        _ = try await f.diary.write { [trip = f.trip] in
            try $0.catches.add(contentsOf: [
                CatchDraft(tripId: trip.id, speciesId: "perca-fluviatilis", caughtAt: trip.startAt, count: 3),
                CatchDraft(
                    tripId: trip.id, speciesId: "esox-lucius", caughtAt: trip.startAt.addingTimeInterval(60),
                    weightKg: 2.5, released: true),
            ])
        }
        let url = try await f.diary.read { $0.fileURL }
        let model = ReportsModel(diary: f.diary, databaseURL: url, currentYear: 2026, language: language)
        try await model.load()
        return (f, model)
    }

    @Test(
        "Given an empty formula, when the angler picks what to count and by what, then the formula, the name, the chart and the result follow each choice"
    )
    func choicesWriteTheFormula() async throws {
        let (f, model) = try await model()
        #expect(model.builder == ReportRecipe(), "an empty formula starts the builder afresh")
        await model.choose { $0.measure = .fish }
        #expect(model.formulaText == "sum(catch.count) by species")
        #expect(model.titleText == "Fish caught by species")
        #expect(
            Set(model.result?.displayTable.rows ?? []) == [
                [.text("European perch"), .integer(3)], [.text("Northern pike"), .integer(1)],
            ])
        await model.choose { $0.measure = .heaviest }
        #expect(model.formulaText == "max(catch.weight_kg) by species")
        #expect(model.titleText == "Heaviest fish by species", "the suggested name follows")
        #expect(model.chart == .table, "a best catch is read off a table")
        await model.choose { $0.released = true }
        #expect(model.formulaText == "max(catch.weight_kg) by species where released = true")
        #expect(model.result?.displayTable.rows.count == 1)
        model.titleText = "My pike"
        await model.choose { $0.dimension = nil }
        #expect(model.titleText == "My pike", "a name the angler typed is kept")
        #expect(model.formulaText == "max(catch.weight_kg) where released = true")
        _ = f
    }

    @Test("Given the diary, when the builder loads, then the filters offer its years, spots and species")
    func filterOptions() async throws {
        let (f, model) = try await model()
        let year = Calendar(identifier: .gregorian).component(.year, from: f.trip.startAt)
        #expect(model.choices.years == [year])
        #expect(model.yearOptions == [[], [year]])
        #expect(model.speciesOptions == ["European perch", "Northern pike"])
        #expect(model.spotOptions.count == 1)
        #expect(model.yearsText([]) == "All years")
        #expect(model.releasedText(false) == "Kept only")
        #expect(model.topText(5) == "Top 5")
    }

    @Test(
        "Given a built-in report, when opened and changed, then the builder starts from its choices; a hand-written formula turns the builder off until cleared"
    )
    func builtInsAreStartingPoints() async throws {
        let (_, model) = try await model()
        let bests = try #require(model.builtIns.first { $0.slug == "this-year-vs-last-year" })
        await model.open(bests)
        #expect(model.builder == ReportRecipe(measure: .fish, dimension: .month, thenBy: .year, years: [2025, 2026]))
        #expect(model.yearOptions.contains([2025, 2026]), "the built-in's two years stay on offer")
        await model.choose { $0.thenBy = nil }
        #expect(model.formulaText == "sum(catch.count) by month where year in (2025, 2026)")
        model.formulaText = "sum(catch.weight_kg * catch.count) by species"
        #expect(model.builder == nil, "beyond the builder")
        await model.choose { $0.measure = .trips }
        #expect(
            model.formulaText == "sum(catch.weight_kg * catch.count) by species",
            "a hand-written formula is not overwritten")
        model.formulaText = ""
        #expect(model.builder == ReportRecipe())
    }

    @Test("Given Russian, when choices are named, then the name is Russian")
    func russianNames() async throws {
        let (_, model) = try await model(language: .russian)
        await model.choose { $0.dimension = .spot }
        #expect(model.titleText == "Поймано рыб по месту")
    }
}
