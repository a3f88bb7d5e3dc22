import AppFeatures
import FishingModel
import SwiftUI

/// "Share a catch" (issue 34 §4), a sheet over the catch's page: how much of the place the link
/// gives away (the spot's choice or the default, kept for the spot when asked), what the link
/// will show, the photo and how long the link lasts; then Create link, and the link to send on
/// or withdraw.
struct ShareCatchSheet: View {
    @Bindable var model: ShareCatchModel
    let models: ScreenModels
    let close: @MainActor () -> Void

    var body: some View {
        NavigationStack {
            List {
                Section(models.text("share.placeSection")) {
                    Picker(models.help.label(ShareCatchModel.precision), selection: precision) {
                        ForEach(SharePrecision.allCases, id: \.self) { Text(model.name(of: $0)).tag($0) }
                    }
                    .control(ShareCatchModel.precision, help: models.help)
                    Toggle(models.help.label(ShareCatchModel.rememberForSpot), isOn: $model.rememberForSpot)
                        .control(ShareCatchModel.rememberForSpot, help: models.help)
                    Text(model.precisionNote).font(.footnote).foregroundStyle(.secondary)
                }
                .disabled(model.link != nil)
                Section(models.text("share.previewSection")) {
                    ForEach(model.previewFacts) { fact in LabeledValue(title: fact.label, value: fact.value) }
                    if model.hasPhoto {
                        Toggle(models.help.label(ShareCatchModel.includePhoto), isOn: $model.includePhoto)
                            .control(ShareCatchModel.includePhoto, help: models.help)
                        Text(models.text("share.photoNote")).font(.footnote).foregroundStyle(.secondary)
                    } else {
                        Text(models.text("share.noPhoto")).font(.footnote).foregroundStyle(.secondary)
                    }
                    Picker(models.help.label(ShareCatchModel.expiry), selection: $model.expiry) {
                        ForEach(ShareCatchModel.Expiry.allCases) { Text(model.name(of: $0)).tag($0) }
                    }
                    .control(ShareCatchModel.expiry, help: models.help)
                }
                .disabled(model.link != nil)
                Section(models.text("share.linkSection")) {
                    if let link = model.link {
                        Text(link.url.absoluteString).font(.callout)
                        if let life = model.linkLifeText {
                            Text(life).font(.footnote).foregroundStyle(.secondary)
                        }
                        ShareLink(item: link.url) {
                            Label(models.help.label(ShareCatchModel.send), systemImage: "square.and.arrow.up")
                        }
                        .control(ShareCatchModel.send, help: models.help)
                        ControlButton(
                            ShareCatchModel.revoke, systemImage: "link.badge.minus", role: .destructive,
                            help: models.help
                        ) {
                            Task { await model.request(ShareCatchModel.revoke) }
                        }
                        .disabled(model.isWorking)
                        Text(models.text("share.lockedNote")).font(.footnote).foregroundStyle(.secondary)
                    } else {
                        ControlButton(ShareCatchModel.create, systemImage: "link", help: models.help) {
                            Task { await model.createLink() }
                        }
                        .disabled(model.isWorking || model.preview == nil)
                    }
                    if model.isWorking { ProgressView() }
                }
                ProblemNote(problem: model.problem)
            }
            .navigationTitle(models.text("page.share"))
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .confirmationAction) {
                    ControlButton(ShareCatchModel.done, help: models.help, action: close)
                }
                HelpModeButton.barItem(models.help)
            }
        }
        .confirmation(model.confirmation, help: models.help) { model.dismissConfirmation() }
        .task { try? await model.load() }
    }

    /// The precision picker: a new choice updates the preview at once.
    private var precision: Binding<SharePrecision> {
        let model = model
        return Binding(
            get: { @MainActor in model.precision },
            set: { @MainActor choice in Task { await model.choose(precision: choice) } })
    }
}
