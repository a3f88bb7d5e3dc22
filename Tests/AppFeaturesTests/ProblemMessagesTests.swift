import AppFeatures
import DiaryStore
import Foundation
import MediaLibrary
import MediaMetadata
import Reports
import SyncClient
import Testing

/// Every error a screen can show is said in English and in Russian (issue 13 §4): formula
/// problems (T18), the store's refusals, sync and media failures.
@Suite("Problems in the angler's language")
@MainActor
struct ProblemMessagesTests {
    let catalog = Catalog.shared

    @Test(
        "Given every formula problem and phrase, when looked up, then both languages exist with the core's placeholders and the English is the core's"
    )
    func everyReportProblemIsTranslated() {
        let texts =
            ReportProblem.allCases.map { ("report.\($0.rawValue)", $0.english) }
            + ReportPhrase.allCases.map { ("report.phrase.\($0.rawValue)", $0.english) }
        for (key, english) in texts {
            #expect(catalog.stored(key, .english) == english, "\(key)")
            let russian = catalog.stored(key, .russian)
            #expect(russian != nil && russian != english, "\(key) has no Russian of its own")
            #expect(
                ReportProblem.placeholders(in: russian ?? "") == ReportProblem.placeholders(in: english),
                "\(key): the Russian fills other values")
        }
    }

    @Test(
        "Given a misspelt formula typed in a Russian app, when checked, then the problem is in Russian at its position")
    func formulaProblemInRussian() async throws {
        let f = try AppFixture()
        defer { try? FileManager.default.removeItem(at: f.folder) }
        let url = try await f.diary.read { $0.fileURL }
        let model = ReportsModel(diary: f.diary, databaseURL: url, currentYear: 2026, language: .russian)
        model.formulaText = "sum(catch.weigth_kg) by species"
        let problem = try #require(model.formulaProblem)
        #expect(problem.message == "у catch нет поля `weigth_kg`; может быть, `weight_kg`?")
        #expect(problem.position == 4)
        model.formulaText = "count(catch) by species where"
        #expect(model.formulaProblem?.message == "нужно число, поле, агрегат или `(`, а стоит конец формулы")
        model.formulaText = "count(catch) where species"
        #expect(model.formulaProblem?.message == "для `where` нужно условие, например year = 2026, а не текст")
    }

    @Test(
        "Given every kind of stored, sync and media failure, when shown, then each language has its own complete sentence"
    )
    func coreErrorsInBothLanguages() {
        let errors: [any Error] = [
            StoreError.notFound(entity: "trip", id: "1234"),
            StoreError.ambiguousId(entity: "trip", prefix: "12", matches: 2),
            StoreError.inTrash(entity: "catch", label: "1234"),
            StoreError.alreadyInTrash(entity: "photo", label: "a.jpg"),
            StoreError.confirmationMismatch(expected: "Anna"), StoreError.nameTaken("Anna"),
            StoreError.refused("why"), StoreError.pinRequired(profile: "Anna"), StoreError.wrongPin(profile: "Anna"),
            StoreError.pinLocked(profile: "Anna", seconds: 61), SyncError.notSignedIn,
            SyncError.signInRequired("token"),
            SyncError.portalUnavailable("503"), SyncError.refused(status: 409, code: .conflict, detail: "d"),
            SyncError.updateRequired("old"),
            SyncError.unreadableAnswer("x"), SyncError.storage("disk"), SyncTransportError("timeout"),
            MediaStoreError.unreadableSource(path: "/a/b.jpg", reason: "r"),
            MediaStoreError.unsupportedMedia(name: "b.txt", problem: .unrecognisedFormat(firstBytes: "00")),
            MediaStoreError.contentMissing(sha256: "ab"), MediaStoreError.contentDamaged(sha256: "ab", found: "cd"),
            MediaStoreError.destinationExists(path: "/a/b.jpg"), MediaStoreError.io(path: "/a", reason: "full"),
            CaptureProblem.cameraDenied, CaptureProblem.cameraUnavailable, CaptureProblem.unreadablePicks(count: 2),
            CocoaError(.fileNoSuchFile),
        ]
        for error in errors {
            let english = ProblemMessages(language: .english).text(error)
            let russian = ProblemMessages(language: .russian).text(error)
            #expect(!english.isEmpty && !english.contains("{"), "\(error): \(english)")
            #expect(!russian.contains("{") && russian != english, "\(error): \(russian)")
        }
        #expect(
            ProblemMessages(language: .russian).text(StoreError.inTrash(entity: "catch", label: "1234"))
                == "Улов 1234 в Корзине; сначала восстановите.")
        #expect(ProblemMessages(language: .russian).text(StoreError.pinLocked(profile: "A", seconds: 61)).contains("2"))
    }
}
