import AppFeatures
import Foundation
import StoreKit
import SwiftUI
import Testing

@testable import AppUI
@testable import AppWireframes

/// The app from launch (T15, issue 14 §2): the profiles screen until a diary opens, then every
/// screen over it, made again when the angler changes language or opens another diary.
@Suite("App shell")
@MainActor
struct AppShellTests {
    @Test(
        "Given a new device, when an angler is added and opened, then the screens show their diary; a new language remakes them"
    )
    func launchOpenAndRelanguage() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hobbystory-shell-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let shell = try AppShell(root: root, deviceLanguage: .english, providers: SampleDevice.providers)
        await shell.showOpenedDiary()
        #expect(shell.models == nil, "no diary is open before an angler is chosen")
        shell.profiles.newName = "Anna"
        await shell.profiles.addProfile()
        try await shell.profiles.load()
        shell.profiles.selected = shell.profiles.profiles.first
        await shell.profiles.openSelected()
        await shell.showOpenedDiary()
        let english = try #require(shell.models)
        #expect(english.language == .english)
        #expect(english.profiles === shell.profiles, "one profiles model for the launch and the Profiles page")
        await english.settings.choose(language: .russian)
        await shell.settingsChanged()
        let russian = try #require(shell.models)
        #expect(russian.language == .russian)
        #expect(russian.home !== english.home)
        await shell.showOpenedDiary()
        #expect(shell.models?.home === russian.home, "the diary shown is not opened twice")
        #expect(shell.problem == nil)
    }

    @Test(
        "Given the licence waiting on a purchase, when the Buy button's window makes it (the store has no such product here), then the licence hears it was cancelled and nothing waits"
    )
    func purchaseMadeByTheWindow() async throws {
        let purchases = StorePurchases()
        let store = AppStore(purchases: purchases)
        let buying = Task { try await store.purchase("org.hobbystory.fishing.yearly") }
        while purchases.pending == nil { await Task.yield() }
        #expect(purchases.pending == "org.hobbystory.fishing.yearly")
        await purchases.perform(with: EnvironmentValues().purchase)
        #expect(try await buying.value == .cancelled)
        #expect(purchases.pending == nil)
    }
}
