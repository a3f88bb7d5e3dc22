import AppFeatures
import SwiftUI

/// The backup on Settings' Data page (issue 34 §2; T2, T3): make one, then save it to Files or
/// iCloud Drive or send it on through the share sheet, what it holds said above the button.
struct BackupSection: View {
    let model: BackupModel
    let models: ScreenModels

    var body: some View {
        Section(models.text("backup.section")) {
            ControlButton(BackupModel.backUp, systemImage: "externaldrive", help: models.help) {
                Task { await model.backUp() }
            }
            .disabled(model.isWorking)
            if model.isWorking { ProgressView() }
            if let made = model.made, let summary = model.summary(models.catalog) {
                Text(summary).font(.footnote).foregroundStyle(.secondary)
                ShareLink(item: made.file) {
                    Label(models.help.label(BackupModel.share), systemImage: "square.and.arrow.up")
                }
                .control(BackupModel.share, help: models.help)
            }
            ProblemNote(problem: model.problem)
        }
    }
}
