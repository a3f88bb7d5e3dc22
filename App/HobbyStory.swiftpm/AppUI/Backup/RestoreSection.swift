import AppFeatures
import SwiftUI
import UniformTypeIdentifiers

/// Restoring a backup as a new angler, on the Anglers screen (issue 34 §2; T2, T15): choose the
/// file in the system's browser, see whose diary it holds and when it was made, name the new
/// angler, restore — or cancel. What went wrong is said under it.
struct RestoreSection: View {
    @Bindable var model: RestoreModel
    let help: HelpModel
    let catalog: Catalog

    var body: some View {
        Section(catalog.text("restore.section", help.language)) {
            if let description = model.description {
                Text(description)
                TextField(help.label(RestoreModel.nameField), text: $model.name)
                    .control(RestoreModel.nameField, help: help)
                SecureField(help.label(RestoreModel.pinField), text: $model.pin)
                    .control(RestoreModel.pinField, help: help)
                HStack {
                    Button(help.label(RestoreModel.cancel)) { model.cancel() }
                        .control(RestoreModel.cancel, help: help)
                    Spacer()
                    Button(help.label(RestoreModel.restore)) { Task { await model.restoreChosen() } }
                        .disabled(!model.canRestore)
                        .control(RestoreModel.restore, help: help)
                }
                if model.isWorking { ProgressView() }
            } else {
                Button(help.label(RestoreModel.choose), systemImage: "square.and.arrow.down") {
                    model.isChoosing = true
                }
                .control(RestoreModel.choose, help: help)
                if let restored = model.restored {
                    Text(catalog.text("restore.done", help.language, ["name": restored.displayName]))
                        .foregroundStyle(.secondary)
                }
            }
            ProblemNote(problem: model.problem)
        }
        .fileImporter(isPresented: $model.isChoosing, allowedContentTypes: [DiaryFileType.backup.utType]) { result in
            guard case .success(let file) = result else { return }
            Task { await model.choose(file, access: SecurityScopedAccess(file)) }
        }
    }
}
