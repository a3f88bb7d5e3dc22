import DiaryStore
import FishingModel
import Foundation
import TestSupport
import Testing

@Suite("Several anglers on one device (T15)")
struct ProfileTests {
    @Test("Given two profiles, when each writes, then neither sees the other's data and each has its own file")
    func isolation() throws {
        let f = try DiaryFixture(profile: "Anna")
        try f.storage.addProfile(ProfileDraft(displayName: "Ivan"))
        let ivan = try f.storage.openDiary(named: "Ivan", pin: nil)
        #expect(try ivan.spots.list().isEmpty)
        _ = try ivan.spots.add(SpotDraft(name: "Ivan's pond", latitude: 1, longitude: 1))
        #expect(try f.diary.spots.list().map(\.name) == ["Volga bend"])
        #expect(ivan.fileURL != f.diary.fileURL)
        #expect(throws: StoreError.self) { try ivan.resolveId(f.spot.id.uuidString.lowercased(), .spot) }
        #expect(throws: StoreError.self) { try ivan.spots.record(f.spot.id) }
    }

    @Test("Given a profile name, when another profile uses it in any case, then it is refused")
    func uniqueNames() throws {
        let f = try DiaryFixture(profile: "Anna")
        let error = #expect(throws: ValidationError.self) {
            try f.storage.addProfile(ProfileDraft(displayName: " anna "))
        }
        #expect(error?.fields == ["displayName"])
        #expect(try f.storage.profiles().count == 1)
    }

    @Test(
        "Given a PIN-protected profile, when opened without, with a wrong or with the right PIN, then only the right one opens"
    )
    func pin() throws {
        let f = try DiaryFixture(profile: "Anna", pin: "4821")
        #expect(try f.storage.profile(named: "Anna").hasPin)
        #expect(throws: StoreError.pinRequired(profile: "Anna")) { try f.storage.openDiary(named: "Anna", pin: nil) }
        #expect(throws: StoreError.wrongPin(profile: "Anna")) { try f.storage.openDiary(named: "Anna", pin: "0000") }
        #expect(try f.storage.openDiary(named: "Anna", pin: "4821").spots.list().count == 1)
    }

    @Test(
        "Given repeated wrong PINs, when the limit is passed, then the profile locks for a while, even for the right PIN"
    )
    func pinLockout() throws {
        let f = try DiaryFixture(profile: "Anna", pin: "4821")
        for _ in 0..<5 { _ = try? f.storage.openDiary(named: "Anna", pin: "1111") }
        #expect(throws: StoreError.pinLocked(profile: "Anna", seconds: 30)) {
            try f.storage.openDiary(named: "Anna", pin: "4821")
        }
        f.clock.advance(by: 31)
        #expect(try f.storage.openDiary(named: "Anna", pin: "4821").profile.displayName == "Anna")
    }

    @Test("Given a profile removal, when the name is not typed exactly, then it is refused and nothing changes")
    func removalNeedsConfirmation() throws {
        let f = try DiaryFixture(profile: "Anna")
        #expect(throws: StoreError.self) { try f.storage.removeProfile(named: "Anna", confirmation: nil, pin: nil) }
        #expect(throws: StoreError.self) { try f.storage.removeProfile(named: "Anna", confirmation: "anna", pin: nil) }
        #expect(try f.storage.profiles().count == 1)
    }

    @Test(
        "Given a PIN-protected profile, when its removal is confirmed by name without its PIN or with a wrong one, then it is refused, counted toward the lockout, and nothing changes"
    )
    func removalOfAProtectedProfileNeedsItsPin() throws {
        let f = try DiaryFixture(profile: "Anna", pin: "4821")
        #expect(throws: StoreError.pinRequired(profile: "Anna")) {
            try f.storage.removeProfile(named: "Anna", confirmation: "Anna", pin: nil)
        }
        for _ in 0..<5 {
            #expect(throws: StoreError.wrongPin(profile: "Anna")) {
                try f.storage.removeProfile(named: "Anna", confirmation: "Anna", pin: "0000")
            }
        }
        #expect(throws: StoreError.pinLocked(profile: "Anna", seconds: 30)) {
            try f.storage.removeProfile(named: "Anna", confirmation: "Anna", pin: "4821")
        }
        #expect(try f.storage.profiles().map(\.displayName) == ["Anna"])
        f.clock.advance(by: 31)
        try f.storage.removeProfile(named: "Anna", confirmation: "Anna", pin: "4821")
        #expect(try f.storage.profiles().isEmpty)
    }

    @Test("Given a removed profile, when restored within 30 days, then its diary is intact")
    func removeAndRestore() throws {
        let f = try DiaryFixture(profile: "Anna")
        try f.storage.removeProfile(named: "Anna", confirmation: "Anna", pin: nil)
        #expect(try f.storage.profiles().isEmpty)
        #expect(throws: StoreError.self) { try f.storage.openDiary(named: "Anna", pin: nil) }
        f.clock.advance(by: 29 * 86_400)
        let reopened = try DeviceStorage(root: f.folder, now: f.clock.function)
        try reopened.restoreProfile(named: "Anna")
        #expect(try reopened.openDiary(named: "Anna", pin: nil).spots.list().map(\.id) == [f.spot.id])
    }

    @Test("Given a profile removed more than 30 days ago, when the storage opens, then its data is purged")
    func purgeAfterRetention() throws {
        let f = try DiaryFixture(profile: "Anna")
        let folder = f.storage.folder(of: f.diary.profile)
        try f.storage.removeProfile(named: "Anna", confirmation: "Anna", pin: nil)
        f.clock.advance(by: 31 * 86_400)
        let reopened = try DeviceStorage(root: f.folder, now: f.clock.function)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
        #expect(throws: StoreError.self) { try reopened.restoreProfile(named: "Anna") }
        try reopened.addProfile(ProfileDraft(displayName: "Anna"))
        #expect(try reopened.openDiary(named: "Anna", pin: nil).spots.list().isEmpty)
    }
}
