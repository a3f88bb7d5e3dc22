import AppFeatures
import Foundation
import Testing

/// Issue 33 §3 (UI6): help that can be found — a "?" that turns help mode on, in which a tap
/// shows a control's help instead of acting; long press kept where it does not fight the
/// cursor or the scroll; a first-run tip that says so and stays put away.
@Suite("Help mode (issue 33 §3; UI6)")
@MainActor
struct HelpModeTests {
    @Test("Given help mode, when turned off, then any help up is put away; turned on again, nothing is up")
    func modeTogglesAndClears() {
        let help = HelpModel(language: .english)
        #expect(!help.isHelpMode)
        help.toggleHelpMode()
        help.show(TripListModel.newTrip)
        #expect(help.isHelpMode && help.isShown(TripListModel.newTrip))
        help.toggleHelpMode()
        #expect(!help.isHelpMode && help.shown == nil)
    }

    @Test(
        "Given each kind of control, then a long press shows help on buttons, links and tabs, never on fields, pickers or switches"
    )
    func longPressByKind() {
        let pressed = ControlKind.allCases.filter(HelpModel.pressShowsHelp)
        #expect(Set(pressed) == [.button, .link, .tab, .menuItem])
    }

    @Test("Given a first run, when the tip is put away, then it stays away for the diary, read again by a new screen")
    func tipStaysAway() async throws {
        let f = try AppFixture()
        func settings() -> SettingsModel {
            SettingsModel(
                diary: f.diary, deviceLanguage: .english, drawableMapSources: [], mapKeys: f.mapKeys(drawable: []),
                appVersion: "1.0 (test)", logFolder: f.folder.appendingPathComponent("logs"))
        }
        let first = settings()
        try await first.load()
        #expect(first.showsHelpTip)
        await first.finishHelpTip()
        #expect(!first.showsHelpTip)
        let again = settings()
        try await again.load()
        #expect(!again.showsHelpTip)
    }

    @Test(
        "Given settings saved before the tip existed, when read, then the tip is still to show and nothing else changed"
    )
    func oldSettingsStillRead() throws {
        let old = Data(
            #"{"units":{"system":"metric","pressure":"millimetresOfMercury","wind":"metresPerSecond"},"language":"ru"}"#
                .utf8)
        let settings = try? JSONDecoder().decode(AppSettings.self, from: old)
        #expect(settings?.helpTipDone == nil && settings?.language == .russian)
    }
}
