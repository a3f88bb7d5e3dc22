import AppFeatures
import DiaryStore
import FishingModel
import SwiftUI

/// The anglers of this device (T15): pick one, unlock with a PIN (a lockout is shown), add one,
/// remove one after typing its name (UI5), bring a removed one back.
struct ProfilesScreen: View {
    @Bindable var model: ProfilesModel
    let models: ScreenModels

    var body: some View {
        Form {
            Section(models.text("page.profiles")) {
                ForEach(model.profiles, id: \.id) { profile in
                    Button {
                        model.selected = profile
                    } label: {
                        Label(profile.displayName, systemImage: profile.hasPin ? "lock" : "person")
                    }
                    .control(ProfilesModel.open, help: models.help)
                }
            }
            if let selected = model.selected {
                Section(selected.displayName) {
                    if selected.hasPin {
                        SecureField(models.help.label(ProfilesModel.pinField), text: $model.pin)
                            .control(ProfilesModel.pinField, help: models.help)
                    }
                    ProblemNote(problem: model.unlockProblem)
                    Button(models.help.label(ProfilesModel.unlock)) { Task { await model.openSelected() } }
                        .disabled(!model.canOpen)
                        .control(ProfilesModel.unlock, help: models.help)
                    Button(models.help.label(ProfilesModel.remove), role: .destructive) {
                        Task { await model.request(ProfilesModel.remove) }
                    }
                    .control(ProfilesModel.remove, help: models.help)
                }
            }
            Section(models.help.label(ProfilesModel.add)) {
                TextField(models.help.label(ProfilesModel.nameField), text: $model.newName)
                    .control(ProfilesModel.nameField, help: models.help)
                FieldErrorNote(message: model.fieldErrors["displayName"])
                SecureField(models.help.label(ProfilesModel.newPinField), text: $model.newPin)
                    .control(ProfilesModel.newPinField, help: models.help)
                FieldErrorNote(message: model.fieldErrors["pin"])
                Picker(models.help.label(ProfilesModel.unitsPicker), selection: $model.newUnits) {
                    ForEach(Units.allCases, id: \.self) { Text(models.text("option.\($0.rawValue)")).tag($0) }
                }
                .control(ProfilesModel.unitsPicker, help: models.help)
                Button(models.help.label(ProfilesModel.add)) { Task { await model.addProfile() } }
                    .control(ProfilesModel.add, help: models.help)
            }
            if !model.removedProfiles.isEmpty {
                Section(models.text("profiles.removed")) {
                    ForEach(model.removedProfiles, id: \.id) { profile in
                        Button(profile.displayName, systemImage: "arrow.uturn.backward") {
                            Task { try? await model.restore(profile) }
                        }
                        .control(ProfilesModel.restore, help: models.help)
                    }
                }
            }
        }
        .navigationTitle(models.text("page.profiles"))
        .confirmation(model.confirmation, help: models.help) { model.dismissConfirmation() }
        .undoBanner(model.undoOffer, help: models.help)
        .task { try? await model.load() }
    }

}
