import AppFeatures
import DiaryStore
import FishingModel
import SwiftUI

/// The anglers of this device (T15): pick one, unlock with a PIN (a lockout is shown), add one,
/// remove one after typing its name (UI5), bring a removed one back. The app opens on it until
/// an angler's diary is open.
struct ProfilesScreen: View {
    @Bindable var model: ProfilesModel
    /// The screen is also the app's first (before a diary is open), so it needs no other model.
    let help: HelpModel
    let catalog: Catalog

    var body: some View {
        Form {
            Section(text("page.profiles")) {
                ForEach(model.profiles, id: \.id) { profile in
                    Button {
                        model.selected = profile
                    } label: {
                        Label(profile.displayName, systemImage: profile.hasPin ? "lock" : "person")
                    }
                    .control(ProfilesModel.open, help: help)
                }
            }
            if let selected = model.selected {
                Section(selected.displayName) {
                    if selected.hasPin {
                        SecureField(help.label(ProfilesModel.pinField), text: $model.pin)
                            .control(ProfilesModel.pinField, help: help)
                    }
                    ProblemNote(problem: model.unlockProblem)
                    Button(help.label(ProfilesModel.unlock)) { Task { await model.openSelected() } }
                        .disabled(!model.canOpen)
                        .control(ProfilesModel.unlock, help: help)
                    Button(help.label(ProfilesModel.remove), role: .destructive) {
                        Task { await model.request(ProfilesModel.remove) }
                    }
                    .control(ProfilesModel.remove, help: help)
                }
            }
            Section(help.label(ProfilesModel.add)) {
                TextField(help.label(ProfilesModel.nameField), text: $model.newName)
                    .control(ProfilesModel.nameField, help: help)
                FieldErrorNote(message: model.fieldErrors[.displayName])
                SecureField(help.label(ProfilesModel.newPinField), text: $model.newPin)
                    .control(ProfilesModel.newPinField, help: help)
                FieldErrorNote(message: model.fieldErrors[.pin])
                Picker(help.label(ProfilesModel.unitsPicker), selection: $model.newUnits) {
                    ForEach(Units.allCases, id: \.self) { Text(text("option.\($0.rawValue)")).tag($0) }
                }
                .control(ProfilesModel.unitsPicker, help: help)
                Button(help.label(ProfilesModel.add)) { Task { await model.addProfile() } }
                    .control(ProfilesModel.add, help: help)
            }
            RestoreSection(model: model.restoring, help: help, catalog: catalog)
            if !model.removedProfiles.isEmpty {
                Section(text("profiles.removed")) {
                    ForEach(model.removedProfiles, id: \.id) { profile in
                        Button(profile.displayName, systemImage: "arrow.uturn.backward") {
                            Task { try? await model.restore(profile) }
                        }
                        .control(ProfilesModel.restore, help: help)
                    }
                }
            }
        }
        .navigationTitle(text("page.profiles"))
        .confirmation(model.confirmation, help: help) { model.dismissConfirmation() }
        .undoBanner(model.undoOffer, help: help)
        .task { try? await model.load() }
    }

    private func text(_ key: String) -> String { catalog.text(key, help.language) }
}
