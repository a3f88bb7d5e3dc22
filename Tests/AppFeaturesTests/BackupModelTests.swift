import AppFeatures
import DiaryBackup
import DiaryStore
import FishingModel
import Foundation
import TestSupport
import Testing

/// "Back up the diary" on Settings' Data page (issue 34 §2): the archive the app makes is a whole
/// backup of the diary, said in the angler's words, and a failure is said too, changing nothing.
@MainActor
@Suite("Backup in the app")
struct BackupModelTests {
    @Test(
        "Given a diary with a trip and two catches, when backed up twice, then one verified archive remains, holding them, and the summary counts them in English and Russian"
    )
    func backUp() async throws {
        let fixture = try AppFixture()
        let tripId = fixture.trip.id
        let start = fixture.trip.startAt
        try await fixture.diary.write { diary in
            for minutes in [10.0, 20.0] {
                _ = try diary.catches.add(
                    CatchDraft(
                        tripId: tripId, speciesId: "esox-lucius", caughtAt: start.addingTimeInterval(minutes * 60),
                        utcOffsetSeconds: 10_800))
            }
        }
        let folder = fixture.folder.appendingPathComponent("backups")
        let model = BackupModel(
            diary: fixture.diary, folder: folder, madeBy: "test", language: .english, now: fixture.clock.function)
        await model.backUp()
        let first = try #require(model.made)
        #expect(model.problem == nil && !model.isWorking)
        #expect(first.file.lastPathComponent.hasPrefix("Anna ") && first.file.pathExtension == "hsbackup")
        fixture.clock.advance(by: 86_400)
        await model.backUp()
        let made = try #require(model.made)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [made.file.lastPathComponent])
        let verified = try BackupReader.verify(made.file)
        #expect(verified.manifest.diary.live[RecordKind.catch.rawValue] == 2)
        #expect(verified.header.profileName == "Anna")
        #expect(
            model.summary()?.contains(": 1 trip, 2 catches, 0 photos and videos;") == true, "\(model.summary() ?? "")")
        #expect(model.summary()?.contains("save it to Files or iCloud Drive") == true)
        let russian = BackupModel(
            diary: fixture.diary, folder: folder, madeBy: "test", language: .russian, now: fixture.clock.function)
        await russian.backUp()
        #expect(
            russian.summary()?.contains(": 1 рыбалка, 2 поимки, 0 фото и видео;") == true, "\(russian.summary() ?? "")")
    }

    @Test("Given a folder that cannot be made, when backing up, then the problem is said and the diary is unchanged")
    func failureIsSaid() async throws {
        let fixture = try AppFixture()
        let before = try fixture.counts()
        let blocker = fixture.folder.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let model = BackupModel(
            diary: fixture.diary, folder: blocker.appendingPathComponent("backups"), madeBy: "test", language: .english)
        await model.backUp()
        #expect(model.made == nil && model.problem != nil)
        #expect(try fixture.counts() == before)
    }

    @Test(
        "Given a backup, when chosen on the Anglers screen, then its name is proposed, a name in use is refused leaving nothing, and another name restores it as a new angler who is selected"
    )
    func restoreAsNewAngler() async throws {
        let fixture = try AppFixture()
        let backup = BackupModel(
            diary: fixture.diary, folder: fixture.folder.appendingPathComponent("backups"), madeBy: "test",
            language: .english)
        await backup.backUp()
        let file = try #require(backup.made?.file)
        let profiles = ProfilesModel(storage: fixture.storage, language: .english)
        try await profiles.load()
        let restoring = profiles.restoring
        await restoring.choose(file)
        #expect(restoring.name == "Anna (restored)", "Anna is taken: a free name is proposed")
        #expect(restoring.description?.hasPrefix("The diary of Anna, backed up on ") == true)
        #expect(
            restoring.description?.hasSuffix("Restore adds it here as a new angler; nothing already here changes.")
                == true)
        restoring.name = "Anna"
        await restoring.restoreChosen()
        #expect(
            restoring.problem == "An angler here is already named Anna: choose another name for the restored diary.")
        #expect(profiles.profiles.map(\.displayName) == ["Anna"])
        let restoringFolder = fixture.folder.appendingPathComponent("restoring")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: restoringFolder.path))?.isEmpty ?? true)

        restoring.name = "Anna at home"
        await restoring.restoreChosen()
        #expect(restoring.problem == nil && restoring.chosen == nil)
        #expect(profiles.profiles.map(\.displayName) == ["Anna", "Anna at home"])
        #expect(profiles.selected?.displayName == "Anna at home")
        let trips = try await fixture.storage.run {
            try $0.openDiary(named: "Anna at home", pin: nil).trips.list().map(\.id)
        }
        #expect(trips == [fixture.trip.id])
    }

    @Test("Given a file that is no backup, when chosen, then the Anglers screen says so and nothing is chosen")
    func notABackup() async throws {
        let fixture = try AppFixture()
        let file = fixture.folder.appendingPathComponent("notes.txt")
        try Data(repeating: 65, count: 2_000).write(to: file)
        let model = RestoreModel(storage: fixture.storage, language: .english)
        await model.choose(file)
        #expect(
            model.chosen == nil && model.problem == "This file is not a Hobby Story backup.", "\(model.problem ?? "")")
    }
}
