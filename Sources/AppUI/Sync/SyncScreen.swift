import AppFeatures
import SwiftUI

/// Sync (T3): sign in to a portal, see what waits and what was refused, sync now, restore an
/// older version, sign out (asking first when changes are unsent, UI5).
struct SyncScreen: View {
    @Bindable var model: SyncModel
    let models: ScreenModels

    var body: some View {
        Form {
            if let status = model.status, status.isSignedIn {
                Section(models.text("sync.status")) {
                    if let account = status.account {
                        Label(
                            models.text("sync.signedInAs", ["email": account.email, "portal": account.portalURL]),
                            systemImage: "person.crop.circle")
                    }
                    Text(models.text("home.pending", ["count": "\(status.pending.count)"]))
                    ForEach(status.refused, id: \.mutationId) { refusal in
                        Text(refusal.reason).foregroundStyle(.red)
                    }
                    Button(models.help.label(SyncModel.syncNow), systemImage: "arrow.triangle.2.circlepath") {
                        Task { await model.syncNow() }
                    }
                    .disabled(model.isSyncing)
                    .control(SyncModel.syncNow, help: models.help)
                    Button(models.help.label(SyncModel.history), systemImage: "clock.arrow.circlepath") {
                        Task { await model.loadHistory() }
                    }
                    .control(SyncModel.history, help: models.help)
                    ForEach(model.versions, id: \.modifiedAt) { version in
                        HStack {
                            Text(model.title(of: version))
                            Spacer()
                            Button(models.help.label(SyncModel.restoreVersion)) {
                                Task { await model.restore(version) }
                            }
                            .control(SyncModel.restoreVersion, help: models.help)
                        }
                    }
                    Button(models.help.label(SyncModel.signOut), role: .destructive) {
                        Task { await model.request(SyncModel.signOut) }
                    }
                    .control(SyncModel.signOut, help: models.help)
                }
            } else {
                Section(models.help.label(SyncModel.signIn)) {
                    TextField(models.help.label(SyncModel.portal), text: $model.portalAddress)
                        .control(SyncModel.portal, help: models.help)
                    TextField(models.help.label(SyncModel.email), text: $model.emailAddress)
                        .control(SyncModel.email, help: models.help)
                    SecureField(models.help.label(SyncModel.password), text: $model.passwordText)
                        .control(SyncModel.password, help: models.help)
                    Button(models.help.label(SyncModel.signIn)) { Task { await model.signIn() } }
                        .disabled(!model.canSignIn)
                        .control(SyncModel.signIn, help: models.help)
                    Button(models.help.label(SyncModel.signUp)) { Task { await model.signIn(creatingAccount: true) } }
                        .disabled(!model.canSignIn)
                        .control(SyncModel.signUp, help: models.help)
                }
            }
            ProblemNote(problem: model.problem)
        }
        .navigationTitle(models.text("page.sync"))
        .confirmation(model.confirmation, help: models.help) { model.dismissConfirmation() }
        .task { try? await model.load() }
        .task { await model.observe() }
    }
}
