import AppFeatures
import DiaryStore
import MediaLibrary
import SwiftUI

/// Photos and videos (T4, T16, T17): taken with the camera or picked from the library through
/// the one import pipeline, with progress; those on another device fetched; a delete goes to
/// the Trash with an undo (UI5).
struct MediaScreen: View {
    @Bindable var model: MediaModel
    let models: ScreenModels

    var body: some View {
        List {
            Section {
                Button(models.help.label(MediaModel.takePhoto), systemImage: "camera") {
                    Task { await model.capture(.photo) }
                }
                .control(MediaModel.takePhoto, help: models.help)
                Button(models.help.label(MediaModel.takeVideo), systemImage: "video") {
                    Task { await model.capture(.video) }
                }
                .control(MediaModel.takeVideo, help: models.help)
                Button(models.help.label(MediaModel.chooseFromLibrary), systemImage: "photo.on.rectangle") {
                    Task { await model.chooseFromLibrary() }
                }
                .control(MediaModel.chooseFromLibrary, help: models.help)
                if let progress = model.progress {
                    ProgressView(
                        models.text("media.importing", ["done": "\(progress.done)", "total": "\(progress.total)"]),
                        value: Double(progress.done), total: Double(progress.total))
                    ForEach(progress.failures, id: \.self) { Text($0).foregroundStyle(.red) }
                    if models.library.unreadable > 0 {
                        Text(ProblemMessages(language: models.language).text(unreadablePicks)).foregroundStyle(.red)
                    }
                }
                if !model.missing.isEmpty {
                    Button(models.help.label(MediaModel.download), systemImage: "icloud.and.arrow.down") {
                        Task { await model.downloadMissing() }
                    }
                    .control(MediaModel.download, help: models.help)
                }
            }
            if model.assets.isEmpty {
                EmptyListNote(key: "media.none", systemImage: "photo", models: models)
            }
            ForEach(model.assets) { asset in
                HStack {
                    Label(asset.originalName, systemImage: asset.kind == .video ? "video" : "photo")
                    if model.missing.contains(asset.id) { Text(models.text("media.missing")).font(.caption) }
                    Spacer()
                    Button(models.help.label(MediaModel.delete), systemImage: "trash", role: .destructive) {
                        model.selected = asset
                        Task { await model.request(MediaModel.delete) }
                    }
                    .labelStyle(.iconOnly)
                    .control(MediaModel.delete, help: models.help)
                }
            }
            ProblemNote(problem: model.problem)
        }
        .navigationTitle(models.text("page.media"))
        .undoBanner(model.undoOffer, help: models.help)
        .task { try? await model.load() }
        .task { await model.observe() }
    }

    private var unreadablePicks: CaptureProblem { .unreadablePicks(count: models.library.unreadable) }
}
