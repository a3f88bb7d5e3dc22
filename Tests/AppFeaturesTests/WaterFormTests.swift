import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import TestSupport
import Testing

/// The water on the catch and trip forms and pages (issue 34 §5): typed in the angler's units,
/// below the usual level with a minus sign, the trend chosen, shown as it was noted.
@MainActor
@Suite("The water on forms and pages")
struct WaterFormTests {
    @Test(
        "Given an imperial angler, when a catch's water is typed in feet and Fahrenheit, then it is saved in metres and Celsius and shown back in feet, with the level below usual"
    )
    func catchWaterInFeet() async throws {
        let f = try AppFixture()
        let imperial = MeasureFormatter(preferences: .defaults(for: .imperial, language: .english), language: .english)
        let model = CatchEditorModel(
            diary: f.diary, tripId: f.trip.id, conditions: nil, formatter: imperial, now: f.clock.function)
        try await model.load()
        model.choose(try #require(model.choices(.species, matching: "pike").first), for: .species)
        #expect(model.unit(of: CatchEditorModel.water.clarity) == "ft")
        #expect(model.unit(of: CatchEditorModel.water.level) == "ft")
        model.set(time: f.trip.startAt.addingTimeInterval(600))
        model.water.clarityText = "4"
        model.water.levelText = "−1,5"
        model.water.temperatureText = "59"
        model.water.trend = .falling
        #expect(model.fieldErrors.isEmpty, "\(model.fieldErrors)")
        let saving = await model.save()
        let saved = try #require(saving, "\(model.problem ?? "") \(model.fieldErrors) \(model.readOnlyReason ?? "")")
        #expect(abs(try #require(saved.waterClarityM) - 4 * Conversion.metresPerFoot) < 1e-9)
        #expect(abs(try #require(saved.waterLevelM) - -1.5 * Conversion.metresPerFoot) < 1e-9)
        #expect(abs(try #require(saved.waterTempC) - 15) < 1e-9)
        #expect(saved.waterTrend == .falling)

        let page = CatchPageModel(diary: f.diary, catchId: saved.id, formatter: imperial)
        try await page.load()
        #expect(
            page.facts.map { "\($0.label): \($0.value)" }.suffix(4) == [
                "Water temperature: 59\u{a0}°F", "Clarity: 4\u{a0}ft", "Water level: 1.5\u{a0}ft below usual",
                "Water trend: Falling",
            ])
        let reopened = CatchEditorModel(
            diary: f.diary, editing: saved, conditions: nil, formatter: imperial, now: f.clock.function)
        #expect(reopened.water.clarityText == "4" && reopened.water.levelText == "-1.5")
        #expect(!reopened.isDirty)
    }

    @Test(
        "Given the trip form, when the water's figures are not numbers or out of bounds, then each says so at its field and nothing is saved; valid, they are saved and the trip's page says them in Russian"
    )
    func tripWater() async throws {
        let f = try AppFixture()
        let russian = MeasureFormatter(preferences: .defaults(for: .metric, language: .russian), language: .russian)
        let untouched = TripDetailModel(diary: f.diary, tripId: f.trip.id, formatter: russian)
        try await untouched.load()
        #expect(untouched.waterText == nil, "nothing noted, nothing shown")
        let model = TripEditorModel(
            diary: f.diary, editing: f.trip, conditions: nil, formatter: .metricEnglish, now: f.clock.function)
        try await model.load()
        model.water.clarityText = "murky"
        model.water.levelText = "45"
        #expect(model.fieldErrors[.waterClarityM] != nil)
        #expect(model.fieldErrors[.waterLevelM]?.contains("30") == true, "\(model.fieldErrors)")
        #expect(model.isDirty && !model.canSave)
        #expect(await model.save() == nil)
        #expect(try await f.diary.read { try $0.trips.record(f.trip.id).waterClarityM } == nil)

        model.water.clarityText = "1,2"
        model.water.levelText = "0.4"
        model.water.temperatureText = "14"
        model.water.trend = .rising
        let saved = try #require(await model.save())
        #expect(saved.waterClarityM == 1.2 && saved.waterLevelM == 0.4 && saved.waterTrend == .rising)
        #expect(!model.isDirty)

        let page = TripDetailModel(diary: f.diary, tripId: f.trip.id, formatter: russian)
        try await page.load()
        #expect(
            page.waterText
                == "Вода: 14\u{a0}°C · видно на 1,2\u{a0}м · на 0,4\u{a0}м выше обычного · прибывает")
    }
}
