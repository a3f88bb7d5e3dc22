import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import Testing

/// While the licence is over (T13, issue 17) the forms keep Save greyed with the reason beside
/// it, instead of refusing the angler's work after they press it; reading goes on.
@Suite("Forms when the licence is over (T13)")
@MainActor
struct ReadOnlyFormsTests {
    @Test(
        "Given a read-only diary, when the trip, catch and report forms load, then Save is off with the reason in the angler's language, and pressing it stores nothing"
    )
    func saveIsGreyed() async throws {
        let f = try AppFixture()
        let formatter = MeasureFormatter(preferences: .defaults(for: .metric, language: .russian), language: .russian)
        let trip = TripEditorModel(diary: f.diary, editing: f.trip, conditions: nil, formatter: formatter)
        let fish = CatchEditorModel(diary: f.diary, tripId: f.trip.id, conditions: nil, formatter: formatter)
        let url = try await f.diary.read { $0.fileURL }
        let reports = ReportsModel(diary: f.diary, databaseURL: url, currentYear: 2026, language: .english)
        try await trip.load()
        try await fish.load()
        try await reports.load()
        #expect(trip.readOnlyReason == nil && fish.readOnlyReason == nil && reports.readOnlyReason == nil)

        try await f.diary.write { try $0.licence.setReadOnly(true) }
        try await trip.load()
        try await fish.load()
        try await reports.load()
        trip.draft.title = "Evening"
        reports.formulaText = "count(catch)"
        reports.titleText = "Mine"
        #expect(!trip.canSave && !fish.canSave && !reports.canSave)
        #expect(trip.readOnlyReason?.hasPrefix("Только чтение") == true)
        #expect(reports.readOnlyReason?.hasPrefix("Read-only: the trial or the purchase is over") == true)
        let before = try f.counts()
        #expect(await trip.save() == nil)
        await reports.saveReport()
        #expect(try f.counts() == before)
        #expect(try await f.diary.read { try $0.savedReports() }.isEmpty)
        #expect(try await f.diary.read { try $0.trips.record(f.trip.id).title } == nil)
    }
}
