import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import Testing

/// UI5: the Trash lists what was deleted, restores it, and keeps itself current.
@Suite("Trash screen (UI5)")
@MainActor
struct TrashModelTests {
    @Test(
        "Given the Trash on screen, when a trip is deleted elsewhere and then restored from the list, then the list follows both without a reload"
    )
    func followsTheDiary() async throws {
        let f = try AppFixture()
        let model = TrashModel(diary: f.diary, language: .russian)
        try await model.load()
        #expect(model.entries.isEmpty && !model.canEmpty)
        let watcher = Task { await model.observe() }
        defer { watcher.cancel() }
        try await Task.sleep(for: .milliseconds(20))
        _ = try await f.diary.write { [trip = f.trip] in try $0.trash.put(.trip, trip.id) }
        #expect(await eventually { model.entries.map(\.id) == [f.trip.id] })
        await model.restore(model.entries[0])
        #expect(model.entries.isEmpty)
        #expect(try await f.diary.read { try $0.trips.list().count } == 1)
    }

    @Test("Given a confirmation to empty the Trash, when dismissed, then everything stays restorable")
    func dismissKeepsEverything() async throws {
        let f = try AppFixture()
        _ = try await f.diary.write { [spot = f.spot] in try $0.trash.put(.spot, spot.id) }
        let model = TrashModel(diary: f.diary, language: .english)
        try await model.load()
        await model.request(TrashModel.empty)
        #expect(model.confirmation?.message.hasPrefix("2 items and their photos") == true)
        model.dismissConfirmation()
        #expect(model.confirmation == nil)
        #expect(try f.counts() == [0, 0, 0, 1])
    }
}
