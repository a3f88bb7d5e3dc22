import DiaryStore
import FishingModel
import Foundation
import MediaLibrary

/// A photo or video as a grid shows it (issue 30 §3): its thumbnail when one is drawn (never
/// the full image) and a video's length (`0:42`).
public struct MediaTile: Identifiable, Sendable, Equatable {
    public let asset: MediaAsset
    /// The cached thumbnail; nil while the bytes are elsewhere or the format cannot be drawn.
    public let thumbnail: URL?
    public var id: UUID { asset.id }
    public var isVideo: Bool { asset.kind == .video }

    /// A video's length on its tile: `0:42`, `12:05`, `1:02:03`.
    public var durationText: String? {
        guard isVideo, let seconds = asset.metadata.durationSeconds, seconds.isFinite, seconds >= 0 else { return nil }
        let whole = Int(min(seconds, 359_999).rounded())
        let (hours, minutes, rest) = (whole / 3600, whole % 3600 / 60, whole % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }

    /// The tiles of `assets` in their order, each with its thumbnail (drawn now when missing).
    static func tiles(_ assets: [MediaAsset], thumbnails: MediaThumbnails?) async -> [MediaTile] {
        let found = await thumbnails?.thumbnails(assets) ?? [:]
        return assets.map { MediaTile(asset: $0, thumbnail: found[$0.id]) }
    }
}
