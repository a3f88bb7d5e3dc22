import AppFeatures
import DiaryStore
import FishingModel
import SwiftUI
import UIKit

/// Photos and videos as a grid of thumbnails (issue 30 §3): square tiles at least 100 points
/// wide, as many as the width holds; each opens the full-screen viewer on its item. A tile
/// shows the cached thumbnail (never the full image), a video's length, and a cloud when its
/// bytes are on another device.
struct MediaGrid: View {
    let tiles: [MediaTile]
    /// The gallery the viewer pages through.
    let target: MediaTarget?
    let missing: Set<UUID>
    let models: ScreenModels

    var body: some View {
        LazyVGrid(columns: [GridItem(.adaptive(minimum: 100), spacing: 4)], spacing: 4) {
            ForEach(tiles) { tile in
                NavigationLink(value: Destination.mediaViewer(MediaViewing(target: target, assetId: tile.id))) {
                    MediaTileView(tile: tile, onAnotherDevice: missing.contains(tile.id), models: models)
                }
                // A tile rises under an iPad's pointer, as photos do in Photos (issue 33 §2).
                .hoverEffect(.lift)
                .control(MediaModel.open, help: models.help)
            }
        }
    }
}

/// One square of the grid: the thumbnail filling it, or the kind's symbol and the file's name
/// when no thumbnail can be drawn; a video's length in the corner.
struct MediaTileView: View {
    let tile: MediaTile
    let onAnotherDevice: Bool
    let models: ScreenModels

    var body: some View {
        ZStack(alignment: .bottomTrailing) {
            if let file = tile.thumbnail?.path, let image = UIImage(contentsOfFile: file) {
                Image(uiImage: image).resizable().scaledToFill().frame(minWidth: 100, minHeight: 100).clipped()
            } else {
                VStack {
                    Image(systemName: tile.isVideo ? "video" : "photo")
                    Text(tile.asset.originalName).font(.caption2).lineLimit(1)
                }
                .frame(minWidth: 100, maxWidth: .infinity, minHeight: 100)
                .background(.quaternary)
                .foregroundStyle(.secondary)
            }
            if let length = tile.durationText {
                Label(length, systemImage: "video.fill").font(.caption2).padding(4)
            }
            if onAnotherDevice {
                Image(systemName: "icloud.and.arrow.down").padding(4)
            }
        }
        .accessibilityLabel(spokenName)
    }

    /// "Photo, Sat 30 May 2026" / "Video, 0:13, Sat 30 May 2026": what VoiceOver says of the tile.
    private var spokenName: String {
        let taken = tile.asset.metadata.capturedAt.map {
            DiaryDates(language: models.language).day($0, offset: tile.asset.metadata.captureUTCOffsetSeconds ?? 0)
        }
        return [models.text(tile.isVideo ? "media.kind.video" : "media.kind.photo"), tile.durationText, taken]
            .compactMap { $0 }.joined(separator: ", ")
    }
}
