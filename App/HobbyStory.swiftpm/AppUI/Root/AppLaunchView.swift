import AppFeatures
import SwiftUI

/// The app's window (issue 14 §2): the profiles screen until a diary is open, then the app;
/// `hobbystory://` links open their page and files other apps hand over open where they are read
/// (issue 34 §1, §2); a link or file the app cannot read is shown and changes nothing. When the device's folder cannot be opened, the window says so.
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
    /// What could not be opened: the alert's title key and its message.
    @State private var openProblem: (titleKey: String, message: String)?

    var body: some View {
        Group {
            if let models = shell.models {
                AppRootView(models: models)
                    .task(id: ObjectIdentifier(models.track)) { await models.track.observe() }
                    .onChange(of: models.settings.settings) { _, _ in Task { await shell.settingsChanged() } }
            } else {
                NavigationStack {
                    ProfilesScreen(model: shell.profiles, help: shell.help, catalog: .shared)
                    ProblemNote(problem: shell.problem)
                }
            }
        }
        .onOpenURL { url in open(url) }
        .alert(
            Catalog.shared.text(openProblem?.titleKey ?? "error.link.title", shell.help.language),
            isPresented: openProblemShown
        ) {
            Button("OK") { openProblem = nil }
        } message: {
            Text(openProblem?.message ?? "")
        }
        .task(id: shell.profiles.openedDiary.map(ObjectIdentifier.init)) { await shell.showOpenedDiary() }
    }

    /// A file handed over opens where it is read, even before a diary is open (a backup is
    /// restored on the Anglers page); a link needs the open diary's pages.
    private func open(_ url: URL) {
        guard url.isFileURL else {
            do {
                try shell.models?.router.open(url: url)
            } catch {
                openProblem = ("error.link.title", error.description)
            }
            return
        }
        let opening = OpenedFile(
            restoring: shell.profiles.restoring, interchange: shell.models?.interchange, router: shell.models?.router)
        let language = shell.help.language
        Task {
            do throws(OpenedFile.Problem) {
                try await opening.open(url, access: SecurityScopedAccess(url))
            } catch {
                openProblem = ("error.file.title", error.text(language))
            }
        }
    }

    private var openProblemShown: Binding<Bool> {
        Binding(get: { @MainActor in openProblem != nil }, set: { @MainActor in if !$0 { openProblem = nil } })
    }
}
