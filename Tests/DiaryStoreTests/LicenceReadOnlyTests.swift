import DiaryStore
import FishingModel
import Foundation
import SQLiteDB
import Testing

/// A diary whose licence is over (T13, issue 17): no local change gets in — not through the
/// diary's methods, which say why, nor past them into the outbox, where a trigger refuses —, and
/// everything already there stays readable; marked read-write again, it takes changes again.
@Suite("Read-only when the licence is over (T13)")
struct LicenceReadOnlyTests {
    @Test(
        "Given a read-only diary, then adding, editing and deleting are refused, nothing changes, and reading goes on")
    func refusesLocalChanges() throws {
        let f = try DiaryFixture()
        let pending = try f.diary.pendingChanges().count
        try f.diary.setLicenceReadOnly(true)
        #expect(try f.diary.isLicenceReadOnly())
        #expect(throws: StoreError.readOnly) {
            try f.diary.addSpot(SpotDraft(name: "Pike bay", latitude: 60.1, longitude: 24.9))
        }
        #expect(throws: StoreError.readOnly) { try f.diary.addCatches([f.catchDraft()]) }
        #expect(throws: StoreError.readOnly) { try f.diary.moveToTrash(.trip, f.trip.id) }
        #expect(try f.diary.spots().count == 1)
        #expect(try f.diary.trips().map(\.id) == [f.trip.id])
        #expect(try f.diary.trashEntries().isEmpty)
        #expect(try f.diary.pendingChanges().count == pending)

        // Past the diary's methods, the schema refuses too.
        let raw = try Database(path: f.diary.fileURL.path)
        #expect(throws: SQLiteError.self) {
            try raw.execute(
                "INSERT INTO outbox(entity_type, entity_id, operation, changed_at) VALUES ('spot', ?, 'upsert', 0)",
                [.text(UUID().uuidString.lowercased())])
        }

        try f.diary.setLicenceReadOnly(false)
        _ = try f.diary.addSpot(SpotDraft(name: "Pike bay", latitude: 60.1, longitude: 24.9))
        #expect(try f.diary.spots().count == 2)
    }
}
