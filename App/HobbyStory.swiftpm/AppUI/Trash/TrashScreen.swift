import AppFeatures
import SwiftUI

/// The Trash (UI5): everything deleted, newest first, each restorable; emptying it asks first.
struct TrashScreen: View {
    @Bindable var model: TrashModel
    let models: ScreenModels

    var body: some View {
        List {
            if model.entries.isEmpty {
                EmptyListNote(key: "trash.none", systemImage: "trash", models: models)
            }
            ForEach(model.entries) { entry in
                HStack {
                    VStack(alignment: .leading) {
                        Text(entry.label).font(.headline)
                        Text(models.text("trash.items", count: entry.itemCount)).font(.caption)
                    }
                    Spacer()
                    ControlButton(TrashModel.restore, systemImage: "arrow.uturn.backward", help: models.help) {
                        Task { await model.restore(entry) }
                    }
                }
            }
            ProblemNote(problem: model.problem)
        }
        .navigationTitle(models.text("page.trash"))
        .toolbar {
            ToolbarItem(placement: .destructiveAction) {
                ControlButton(TrashModel.empty, systemImage: "trash.slash", role: .destructive, help: models.help) {
                    Task { await model.request(TrashModel.empty) }
                }
                .disabled(!model.canEmpty)
            }
        }
        .confirmation(model.confirmation, help: models.help) { model.dismissConfirmation() }
        .task { try? await model.load() }
        .task { await model.observe() }
    }
}
