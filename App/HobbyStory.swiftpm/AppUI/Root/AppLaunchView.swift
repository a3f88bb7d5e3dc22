import AppFeatures
import SwiftUI

/// The app's window (issue 14 §2): the profiles screen until a diary is open, then the app;
/// `hobbystory://` links open their page, a link the app cannot read is shown and changes
/// nothing. When the device's folder cannot be opened, the window says so.
public struct AppWindow: View {
    let start: Result<AppShell, any Error>

    public init(start: Result<AppShell, any Error>) { self.start = start }

    public var body: some View {
        switch start {
        case .success(let shell): AppLaunchView(shell: shell)
        case .failure(let error):
            let language = Language.preferred(Locale.preferredLanguages)
            ContentUnavailableView(
                Catalog.shared.text("error.start.title", language), systemImage: "externaldrive.badge.exclamationmark",
                description: Text(ProblemMessages(language: language).text(error)))
        }
    }
}

/// The app over an opened device folder.
struct AppLaunchView: View {
    let shell: AppShell
    @State private var linkProblem: String?

    var body: some View {
        Group {
            if let models = shell.models {
                AppRootView(models: models)
                    .onOpenURL { url in open(url, in: models) }
                    .onChange(of: models.settings.settings) { _, _ in Task { await shell.settingsChanged() } }
            } else {
                NavigationStack {
                    ProfilesScreen(model: shell.profiles, help: shell.help, catalog: .shared)
                    ProblemNote(problem: shell.problem)
                }
            }
        }
        .alert(Catalog.shared.text("error.link.title", shell.help.language), isPresented: linkProblemShown) {
            Button("OK") { linkProblem = nil }
        } message: {
            Text(linkProblem ?? "")
        }
        .task(id: shell.profiles.openedDiary.map(ObjectIdentifier.init)) { await shell.showOpenedDiary() }
    }

    private func open(_ url: URL, in models: ScreenModels) {
        do {
            try models.router.open(url: url)
        } catch {
            linkProblem = error.description
        }
    }

    private var linkProblemShown: Binding<Bool> {
        Binding(get: { @MainActor in linkProblem != nil }, set: { @MainActor in if !$0 { linkProblem = nil } })
    }
}
