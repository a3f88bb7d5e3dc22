import AppFeatures
import DiaryStore
import MediaLibrary
import SwiftUI

/// Photos and videos (T4, T16, T17): a grid of thumbnails opening the full-screen viewer
/// (issue 30 §3); taken with the camera or picked from the library through the one import
/// pipeline, with progress; those on another device fetched; a tile's menu deletes to the Trash
/// with an undo (UI5).
struct MediaScreen: View {
    @Bindable var model: MediaModel
    let models: ScreenModels

    var body: some View {
        List {
            Section {
                ControlButton(MediaModel.takePhoto, systemImage: "camera", help: models.help) {
                    Task { await model.capture(.photo) }
                }
                ControlButton(MediaModel.takeVideo, systemImage: "video", help: models.help) {
                    Task { await model.capture(.video) }
                }
                ControlButton(MediaModel.chooseFromLibrary, systemImage: "photo.on.rectangle", help: models.help) {
                    Task { await model.chooseFromLibrary() }
                }
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
                    ControlButton(MediaModel.download, systemImage: "icloud.and.arrow.down", help: models.help) {
                        Task { await model.downloadMissing() }
                    }
                }
            }
            if model.assets.isEmpty {
                EmptyListNote(key: "media.none", systemImage: "photo", models: models)
            }
            if !model.tiles.isEmpty {
                Section {
                    MediaGrid(tiles: model.tiles, target: model.target, missing: model.missing, models: models)
                }
            }
            ProblemNote(problem: model.problem)
        }
        .navigationTitle(models.text("page.media"))
        .task { try? await model.load() }
        .task { await model.observe() }
    }

    private var unreadablePicks: CaptureProblem { .unreadablePicks(count: models.library.unreadable) }
}
