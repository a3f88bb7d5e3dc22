import DiaryStore
import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol
import Testing

@testable import DiaryStore

/// Saved custom reports (T18) go to the Trash and come back like every other record (UI5), and
/// are queued for sync like them (T3, issue 16).
@Suite("Saved reports in the Trash (T18, UI5)")
struct SavedReportTests {
    @Test(
        "Given a saved report, when moved to the Trash, then it is listed there, restorable, queued for sync each time, and goes only when the Trash is emptied"
    )
    func trashRoundTrip() throws {
        let f = try DiaryFixture()
        let report = try f.diary.saveReport(title: "Pike by month", formula: "count(catch) by month", chart: "bar")
        #expect(try lastQueued(f.diary) == "upsert report \(report.id)")
        let entry = try f.diary.trash.put(.report, report.id)
        #expect(try lastQueued(f.diary) == "delete report \(report.id)")
        #expect(entry.entityType == .report && entry.label == "Pike by month" && entry.itemCount == 1)
        #expect(try f.diary.savedReports().isEmpty)
        #expect(try f.diary.trash.entries().map(\.id) == [report.id])
        #expect(throws: StoreError.inTrash(entity: "report", label: "Pike by month")) {
            try f.diary.saveReport(id: report.id, title: "Changed", formula: "count(catch)", chart: "table")
        }
        #expect(throws: StoreError.alreadyInTrash(entity: "report", label: "Pike by month")) {
            try f.diary.trash.put(.report, report.id)
        }
        try f.diary.trash.restore(report.id)
        #expect(try f.diary.savedReports().map(\.title) == ["Pike by month"])
        #expect(try lastQueued(f.diary) == "upsert report \(report.id)")

        try f.diary.trash.put(.report, report.id)
        #expect(try f.diary.trash.empty() == 1)
        #expect(try f.diary.trash.entries().isEmpty)
        #expect(throws: StoreError.notFound(entity: "report", id: report.id.uuidString.lowercased())) {
            try f.diary.trash.put(.report, report.id)
        }
    }

    @Test("Given a report in the Trash, when a pulled page is applied, then the report stays in the Trash, restorable")
    func pullKeepsTheReportsTrash() throws {
        let f = try DiaryFixture()
        let report = try f.diary.saveReport(title: "Mine", formula: "count(catch)", chart: "table")
        try f.diary.trash.put(.report, report.id)
        _ = try f.diary.sync.applyPulled(PullResponse(changes: [], cursor: "c", hasMore: false, directoryVersion: 1))
        #expect(try f.diary.trash.entries().map(\.id) == [report.id])
        try f.diary.trash.restore(report.id)
        #expect(try f.diary.savedReports().map(\.id) == [report.id])
    }

    @Test("Given raw SQL, when a live saved report is deleted outright, then the database refuses it")
    func deleteOnlyThroughTheTrash() throws {
        let f = try DiaryFixture()
        let report = try f.diary.saveReport(title: "Mine", formula: "count(catch)", chart: "table")
        let raw = try Database(path: f.diary.fileURL.path)
        #expect(throws: SQLiteError.self) {
            try raw.execute("DELETE FROM saved_reports WHERE id = ?", [SQLiteValue(report.id)])
        }
        #expect(throws: SQLiteError.self) {
            try raw.execute(
                "UPDATE saved_reports SET deleted_at = created_at WHERE id = ?", [SQLiteValue(report.id)])
        }
    }

    @Test("Given a version-11 diary with a removed report, when it migrates, then the report waits in the Trash")
    func removedBeforeTheTrashMigrates() throws {
        let f = try DiaryFixture()
        let url = f.diary.fileURL.deletingLastPathComponent().appendingPathComponent("v11.sqlite")
        let old = try Database(path: url.path)
        try DiaryMigrations.migrator.migrate(old, upTo: 11)
        let kept = UUID().uuidString.lowercased()
        let removed = UUID().uuidString.lowercased()
        try old.executeScript(
            """
            INSERT INTO saved_reports(id, title, formula, chart, created_at, updated_at, deleted_at)
            VALUES ('\(kept)', 'Kept', 'count(catch)', 'table', 0, 0, NULL),
                   ('\(removed)', 'Removed', 'count(trip)', 'bar', 0, 0, 5);
            """)
        let diary = try Diary(profile: f.diary.profile, fileURL: url, sharedDirectoryURL: nil)
        #expect(try diary.savedReports().map(\.title) == ["Kept"])
        #expect(try diary.trash.entries().map(\.label) == ["Removed"])
        try diary.trash.restore(try #require(UUID(uuidString: removed)))
        #expect(try diary.savedReports().map(\.title) == ["Kept", "Removed"])
    }

    @Test(
        "Given a version-13 diary with a live and a removed report and a read-only licence, when it migrates, then only the live report is queued, after the older changes, and the diary stays read-only"
    )
    func reportsSavedBeforeSyncAreQueued() throws {
        let f = try DiaryFixture()
        let url = f.diary.fileURL.deletingLastPathComponent().appendingPathComponent("v13.sqlite")
        let old = try Database(path: url.path)
        try DiaryMigrations.migrator.migrate(old, upTo: 13)
        let (kept, removed, spot) = (UUID(), UUID(), UUID())
        try old.executeScript(
            """
            INSERT INTO trash(batch_id, entity_type, entity_id, label, item_count, deleted_at)
                VALUES ('\(removed.uuidString.lowercased())', 'report', '\(removed.uuidString.lowercased())', 'Removed', 1, 5);
            INSERT INTO saved_reports(id, title, formula, chart, created_at, updated_at, deleted_at, trash_batch)
            VALUES ('\(kept.uuidString.lowercased())', 'Kept', 'count(catch)', 'table', 0, 0, NULL, NULL),
                   ('\(removed.uuidString.lowercased())', 'Removed', 'count(trip)', 'bar', 0, 0, 5, '\(removed.uuidString.lowercased())');
            INSERT INTO outbox(entity_type, entity_id, operation, changed_at) VALUES ('spot', '\(spot.uuidString.lowercased())', 'delete', 3);
            DELETE FROM outbox;
            INSERT INTO outbox(entity_type, entity_id, operation, changed_at) VALUES ('spot', '\(spot.uuidString.lowercased())', 'delete', 4);
            """ + DiarySchema.outboxReadOnlyTrigger)

        let diary = try Diary(profile: f.diary.profile, fileURL: url, sharedDirectoryURL: nil)
        let pending = try diary.outbox.pending()
        #expect(pending.map(\.entityId) == [spot, kept])
        #expect(pending.map(\.mutationId) == [2, 3], "ids go on from the counter, never reused")
        #expect(try diary.licence.isReadOnly())
        #expect(throws: StoreError.readOnly) {
            try diary.saveReport(title: "New", formula: "count(catch)", chart: "bar")
        }
    }

    /// The outbox's latest change: its operation, kind and id.
    private func lastQueued(_ diary: Diary) throws -> String? {
        try diary.outbox.pending().last.map { "\($0.operation.rawValue) \($0.entityType.rawValue) \($0.entityId)" }
    }
}
