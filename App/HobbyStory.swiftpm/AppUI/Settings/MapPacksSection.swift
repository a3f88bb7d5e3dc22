import AppFeatures
import MapPacks
import SwiftUI

/// Offline maps in the settings (issue 15 §2; T10): the packs on this device with Remove (asked
/// first, UI5), and those the angler's portal offers with Download.
struct MapPacksSection: View {
    let model: MapPacksModel
    let models: ScreenModels

    var body: some View {
        Section(models.text("mapPacks.section")) {
            if model.installed.isEmpty {
                Text(models.text("mapPacks.none")).font(.footnote).foregroundStyle(.secondary)
            }
            ForEach(model.installed, id: \.name) { pack in
                HStack {
                    Text(model.title(of: pack))
                    Spacer()
                    ControlButton(MapPacksModel.remove, systemImage: "trash", role: .destructive, help: models.help) {
                        model.selected = pack
                        Task { await model.request(MapPacksModel.remove) }
                    }
                }
            }
            ForEach(model.offered, id: \.name) { pack in
                HStack {
                    Text(model.title(of: pack))
                    Spacer()
                    ControlButton(MapPacksModel.download, systemImage: "arrow.down.circle", help: models.help) {
                        Task { await model.download(pack) }
                    }
                    .disabled(model.downloading != nil)
                }
            }
            if let name = model.downloading {
                ProgressView(models.text("mapPacks.downloading", ["name": name]))
            }
            ControlButton(MapPacksModel.refresh, systemImage: "arrow.clockwise", help: models.help) {
                Task { await model.refresh() }
            }
            ProblemNote(problem: model.problem)
        }
        .confirmation(model.confirmation, help: models.help) { model.dismissConfirmation() }
        .task { model.load() }
    }
}
