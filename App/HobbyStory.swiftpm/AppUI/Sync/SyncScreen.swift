import AppFeatures
import SwiftUI

/// Sync (T3): sign in to a portal, see what waits and what was refused, sync now, restore an
/// older version, sign out (asking first when changes are unsent, UI5). Its own page in More,
/// and Settings' Account page under that page's title.
struct SyncScreen: View {
    @Bindable var model: SyncModel
    let models: ScreenModels
    var titleKey = "page.sync"

    var body: some View {
        Form {
            if let status = model.status, status.isSignedIn {
                Section(models.text("sync.status")) {
                    if let account = status.account {
                        Label(
                            models.text("sync.signedInAs", ["email": account.email, "portal": account.portalURL]),
                            systemImage: "person.crop.circle")
                    }
                    Text(models.text("home.pending", count: status.pending.count))
                    ForEach(status.refused, id: \.mutationId) { refusal in
                        Text(refusal.reason).foregroundStyle(.red)
                    }
                    ControlButton(SyncModel.syncNow, systemImage: "arrow.triangle.2.circlepath", help: models.help) {
                        Task { await model.syncNow() }
                    }
                    .disabled(model.isSyncing)
                    ControlButton(SyncModel.history, systemImage: "clock.arrow.circlepath", help: models.help) {
                        Task { await model.loadHistory() }
                    }
                    ForEach(model.versions, id: \.modifiedAt) { version in
                        HStack {
                            Text(model.title(of: version))
                            Spacer()
                            ControlButton(SyncModel.restoreVersion, help: models.help) {
                                Task { await model.restore(version) }
                            }
                        }
                    }
                    ControlButton(SyncModel.signOut, role: .destructive, help: models.help) {
                        Task { await model.request(SyncModel.signOut) }
                    }
                }
            } else {
                Section(models.help.label(SyncModel.signIn)) {
                    TextField(models.help.label(SyncModel.portal), text: $model.portalAddress)
                        .control(SyncModel.portal, help: models.help)
                    TextField(models.help.label(SyncModel.email), text: $model.emailAddress)
                        .control(SyncModel.email, help: models.help)
                    SecureField(models.help.label(SyncModel.password), text: $model.passwordText)
                        .control(SyncModel.password, help: models.help)
                    ControlButton(SyncModel.signIn, help: models.help) { Task { await model.signIn() } }
                        .disabled(!model.canSignIn)
                    ControlButton(SyncModel.signUp, help: models.help) {
                        Task { await model.signIn(creatingAccount: true) }
                    }
                    .disabled(!model.canSignIn)
                }
            }
            ProblemNote(problem: model.problem)
        }
        .navigationTitle(models.text(titleKey))
        .confirmation(model.confirmation, help: models.help) { model.dismissConfirmation() }
        .task { try? await model.load() }
        .task { await model.observe() }
    }
}
