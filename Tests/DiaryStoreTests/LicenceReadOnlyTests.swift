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
        let pending = try f.diary.outbox.pending().count
        try f.diary.licence.setReadOnly(true)
        #expect(try f.diary.licence.isReadOnly())
        #expect(throws: StoreError.readOnly) {
            try f.diary.spots.add(SpotDraft(name: "Pike bay", latitude: 60.1, longitude: 24.9))
        }
        #expect(throws: StoreError.readOnly) { try f.diary.catches.add(contentsOf: [f.catchDraft()]) }
        #expect(throws: StoreError.readOnly) { try f.diary.trash.put(.trip, f.trip.id) }
        #expect(try f.diary.spots.list().count == 1)
        #expect(try f.diary.trips.list().map(\.id) == [f.trip.id])
        #expect(try f.diary.trash.entries().isEmpty)
        #expect(try f.diary.outbox.pending().count == pending)

        // Past the diary's methods, the schema refuses too.
        let raw = try Database(path: f.diary.fileURL.path)
        #expect(throws: SQLiteError.self) {
            try raw.execute(
                "INSERT INTO outbox(entity_type, entity_id, operation, changed_at) VALUES ('spot', ?, 'upsert', 0)",
                [.text(UUID().uuidString.lowercased())])
        }

        try f.diary.licence.setReadOnly(false)
        _ = try f.diary.spots.add(SpotDraft(name: "Pike bay", latitude: 60.1, longitude: 24.9))
        #expect(try f.diary.spots.list().count == 2)
    }
}
