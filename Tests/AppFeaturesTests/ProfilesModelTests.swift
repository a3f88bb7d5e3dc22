import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import Testing

/// T15: several anglers on one device, each diary behind its own PIN if they like.
@Suite("Profiles screen (T15)")
@MainActor
struct ProfilesModelTests {
    @Test(
        "Given the form, when a profile is added with a bad PIN and no name, then each field shows its message and nothing is saved"
    )
    func formErrorsAtTheirFields() async throws {
        let f = try AppFixture()
        let model = ProfilesModel(storage: f.storage, language: .english)
        try await model.load()
        model.newName = "  "
        model.newPin = "12a"
        await model.addProfile()
        #expect(Set(model.fieldErrors.keys) == [.displayName, .pin])
        #expect(model.profiles.map(\.displayName) == ["Anna"])
    }

    @Test(
        "Given a profile with a PIN, when opened with a wrong PIN and then the right one, then the error is shown and then its diary opens"
    )
    func unlockWithPin() async throws {
        let f = try AppFixture()
        let model = ProfilesModel(storage: f.storage, language: .russian)
        model.newName = "Boris"
        model.newPin = "2468"
        await model.addProfile()
        #expect(model.selected?.displayName == "Boris")
        #expect(!model.canOpen, "a PIN must be typed first")
        model.pin = "1111"
        await model.openSelected()
        #expect(model.unlockProblem == "Неверный PIN-код. Попробуйте ещё раз.")
        #expect(model.openedDiary == nil)
        model.pin = "2468"
        await model.openSelected()
        #expect(model.unlockProblem == nil)
        #expect(model.openedDiary?.profile.displayName == "Boris")
    }

    @Test("Given five wrong PINs, when the sixth is tried, then the lockout says how long to wait")
    func lockoutShown() async throws {
        let f = try AppFixture()
        let model = ProfilesModel(storage: f.storage, language: .english)
        model.newName = "Boris"
        model.newPin = "2468"
        await model.addProfile()
        for _ in 0..<6 {
            model.pin = "0000"
            await model.openSelected()
        }
        #expect(model.unlockProblem?.hasPrefix("Too many wrong PINs. Try again in ") == true)
        model.pin = "2468"
        await model.openSelected()
        #expect(model.openedDiary == nil, "even the right PIN waits for the lock to end")
    }

    @Test(
        "Given a profile to remove, when the angler types another name, then nothing happens; the exact name removes it, and restore brings it back"
    )
    func typedRemoval() async throws {
        let f = try AppFixture()
        let model = ProfilesModel(storage: f.storage, language: .english)
        try await model.load()
        model.selected = model.profiles.first
        await model.request(ProfilesModel.remove)
        let confirmation = try #require(model.confirmation)
        #expect(confirmation.title == "Remove Anna?")
        confirmation.typedText = "anna"
        #expect(!confirmation.canConfirm)
        try await confirmation.confirm()
        #expect(model.profiles.count == 1)
        confirmation.typedText = "Anna"
        try await confirmation.confirm()
        #expect(model.profiles.isEmpty)
        #expect(model.removedProfiles.map(\.displayName) == ["Anna"])
        try await model.restore(model.removedProfiles[0])
        #expect(model.profiles.map(\.displayName) == ["Anna"])
    }

    @Test(
        "Given a PIN-protected angler, when its removal is confirmed by name only or with a wrong PIN, then it stays and the dialog says why; with its PIN it goes (issue 30 §2.6)"
    )
    func removingAProtectedAnglerNeedsItsPin() async throws {
        let f = try AppFixture()
        let model = ProfilesModel(storage: f.storage, language: .english)
        model.newName = "Boris"
        model.newPin = "2468"
        await model.addProfile()
        await model.request(ProfilesModel.remove)
        let confirmation = try #require(model.confirmation)
        #expect(confirmation.asksPin)
        confirmation.typedText = "Boris"
        #expect(!confirmation.canConfirm, "the name alone is not enough")
        try await confirmation.confirm()
        confirmation.pin = "1111"
        try await confirmation.confirm()
        #expect(model.profiles.map(\.displayName) == ["Anna", "Boris"])
        #expect(confirmation.problem == "Wrong PIN. Try again.")
        #expect(confirmation.pin.isEmpty, "a wrong PIN is cleared")
        confirmation.pin = "2468"
        try await confirmation.confirm()
        #expect(model.profiles.map(\.displayName) == ["Anna"])
        #expect(model.confirmation == nil)
    }
}
