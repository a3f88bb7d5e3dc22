import AVFoundation
import SwiftUI

/// A video with the system's playback controls (Apple: `VideoPlayer`). The wireframe draws the
/// player's frame with the file it plays.
nonisolated public struct VideoPlayer<VideoOverlay: View>: View, _WireframePrimitive {
    public typealias Body = Never
    let file: String?
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [WireframeNode("video", attributes: file.map { ["file": $0] } ?? [:])]
    }
}

extension VideoPlayer where VideoOverlay == EmptyView {
    @MainActor public init(player: AVPlayer?) {
        file = player?._wireframeURL?.path
    }
}
