import AppUI
import SwiftUI
import UIKit

/// The app's entry point (issue 14 §2): the device's profiles in Application Support and the
/// device's providers (Core Location, MapKit, URLSession); everything else is `AppUI`'s.
@main
struct HobbyStoryApp: App {
    @State private var start = AppShell.onDevice(
        deviceName: UIDevice.current.name,
        appVersion: Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String ?? "1.0")

    var body: some Scene {
        WindowGroup { AppWindow(start: start) }
            .commands { AppCommands(shell: try? start.get()) }
    }
}
