import DiaryStore
import FishingModel
import Foundation
import SQLiteDB
import TestSupport
import Testing

@testable import DiaryStore

/// The diary's side of a backup (issue 34 §2): a copy as of one moment without the sign-in token,
/// and what a diary file holds read only after SQLite and the shipped schema vouch for it.
@Suite("A diary's backup copy")
struct DiaryBackupCopyTests {
    @Test(
        "Given a signed-in diary with a catch in the Trash, when copied for a backup, then the copy holds every record, is signed out and is one file"
    )
    func copyIsWholeAndSignedOut() throws {
        let f = try DiaryFixture()
        try f.diary.sync.saveAccount(
            portalURL: "https://portal.example", email: "anna@example.org", accountId: UUID(), token: "secret-token")
        let kept = try f.diary.catches.add(f.catchDraft())
        let gone = try f.diary.catches.add(f.catchDraft("perca-fluviatilis"))
        _ = try f.diary.trash.put(.catch, gone.id)
        let copy = f.folder.appendingPathComponent("copy.sqlite")
        try f.diary.writeBackupCopy(to: copy)
        let summary = try Diary.summary(ofFileAt: copy)
        #expect(summary.schemaVersion == Diary.currentSchemaVersion)
        #expect(summary.live[RecordKind.catch.rawValue] == 1 && summary.trashed[RecordKind.catch.rawValue] == 1)
        #expect(summary.live[RecordKind.trip.rawValue] == 1 && summary.live[RecordKind.spot.rawValue] == 1)
        let database = try Database(path: copy.path, mode: .readOnly)
        #expect(try database.scalar("SELECT count(*) FROM sync_account WHERE token IS NULL").int64Value == 1)
        #expect(
            try database.scalar("SELECT id FROM catches WHERE deleted_at IS NULL").stringValue == kept.id.canonicalText)
        let beside = try FileManager.default.contentsOfDirectory(atPath: f.folder.path).filter { $0.hasPrefix("copy.") }
        #expect(beside == ["copy.sqlite"], "no write-ahead log beside the copy")
    }

    @Test(
        "Given copies whose schema was changed — a trigger added, an index or a rule dropped — when read, then each is refused; a diary of an older version is read at its version"
    )
    func changedSchemaIsRefused() throws {
        let f = try DiaryFixture()
        let changes = [
            "CREATE TRIGGER quietly_gone AFTER INSERT ON catches BEGIN DELETE FROM trips; END",
            "DROP INDEX catches_by_weekday",
            "DROP TRIGGER spot_fish_catch_added",
        ]
        for (index, change) in changes.enumerated() {
            let copy = f.folder.appendingPathComponent("changed-\(index).sqlite")
            try f.diary.writeBackupCopy(to: copy)
            try Database(path: copy.path).execute(change)
            do {
                _ = try Diary.summary(ofFileAt: copy)
                Issue.record("\(change) was read")
            } catch let error as StoreError {
                #expect(
                    error
                        == .damagedFile(
                            copy.lastPathComponent,
                            reason: "its tables, indexes or triggers are not the ones this app makes"))
            }
        }
        try f.diary.licence.setReadOnly(true)
        let readOnly = f.folder.appendingPathComponent("read-only.sqlite")
        try f.diary.writeBackupCopy(to: readOnly)
        #expect(try Diary.summary(ofFileAt: readOnly).live[RecordKind.trip.rawValue] == 1, "a diary past its licence")
        let older = f.folder.appendingPathComponent("older.sqlite")
        let database = try Database(path: older.path)
        _ = try DiaryMigrations.migrator.migrate(database, upTo: 16)
        #expect(try Diary.summary(ofFileAt: older).schemaVersion == 16)
    }
}
