import AppFeatures
import SwiftUI

/// The keyboard shortcuts of the app's main actions (issue 33 §2; ``KeyCommand``): ⌘N Catch now
/// and ⌘F Find trips from any page, listed by iPadOS while ⌘ is held; off while no diary is open.
public struct AppCommands: Commands {
    let shell: AppShell?

    public init(shell: AppShell?) { self.shell = shell }

    public var body: some Commands {
        CommandMenu(Catalog.shared.label(AppScreens.tab("diary"), language)) {
            ForEach(KeyCommand.all, id: \.control.id) { command in
                Button(Catalog.shared.label(command.control, language)) {
                    guard let models = shell?.models else { return }
                    Task { await command.perform(router: models.router, home: models.home, trips: models.trips) }
                }
                .keyboardShortcut(KeyEquivalent(command.key))
                .disabled(shell?.models == nil)
            }
        }
    }

    private var language: Language { shell?.models?.language ?? .english }
}
