import AVFoundation
import AVKit
import AppFeatures
import SwiftUI
import UIKit

/// A photo or video full screen (issue 30 §3): swipe sideways (or Previous / Next) to turn,
/// pinch or double-tap a photo to zoom, play a video with the system's controls, share the file
/// under its own name, delete to the Trash with an undo (UI5).
struct MediaViewerScreen: View {
    @Bindable var model: MediaViewerModel
    let models: ScreenModels
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack {
            picture
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .gesture(DragGesture().onEnded { value in Task { await model.swiped(width: value.translation.width) } })
            Text(model.captionText).font(.footnote)
            Text(model.positionText).font(.caption)
            ProblemNote(problem: model.problem)
        }
        .background(Color.black)
        .navigationTitle(model.titleText)
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                if let file = model.file {
                    ShareLink(item: file).control(MediaViewerModel.share, help: models.help)
                }
            }
            ToolbarItem(placement: .bottomBar) {
                HStack {
                    ControlButton(MediaViewerModel.previous, systemImage: "chevron.left", help: models.help) {
                        Task { await model.showPrevious() }
                    }
                    .disabled(!model.canGoBack)
                    Spacer()
                    ControlButton(
                        MediaViewerModel.delete, systemImage: "trash", role: .destructive, help: models.help
                    ) {
                        Task { await model.request(MediaViewerModel.delete) }
                    }
                    .keyboardShortcut(.delete)
                    Spacer()
                    ControlButton(MediaViewerModel.next, systemImage: "chevron.right", help: models.help) {
                        Task { await model.showNext() }
                    }
                    .disabled(!model.canGoOn)
                }
                .labelStyle(.iconOnly)
            }
        }
        .undoBanner(model.undoOffer, help: models.help)
        .onChange(of: model.isEmpty) { _, empty in if empty { dismiss() } }
        .task { try? await model.load() }
    }

    /// The photo (zoomable), the video's player, or what stands in while the bytes are elsewhere.
    @ViewBuilder private var picture: some View {
        if model.isVideo, let file = model.file {
            VideoPlayer(player: AVPlayer(url: file))
        } else if let path = (model.file ?? model.thumbnail)?.path, let image = UIImage(contentsOfFile: path) {
            Image(uiImage: image)
                .resizable()
                .scaledToFit()
                .scaleEffect(model.zoom)
                .gesture(MagnifyGesture().onEnded { value in model.magnify(by: value.magnification) })
                .onTapGesture(count: 2) { model.toggleZoom() }
                .accessibilityHint(models.text("mediaViewer.zoomHint"))
        } else if model.current != nil {
            VStack {
                Image(systemName: model.isVideo ? "video" : "photo")
                Text(models.text("media.missing"))
                ControlButton(MediaViewerModel.download, systemImage: "icloud.and.arrow.down", help: models.help) {
                    Task { await model.downloadCurrent() }
                }
            }
        }
    }
}
