import AVFoundation
import SwiftUI

/// A video with the system's playback controls (Apple: `VideoPlayer`). The wireframe draws the
/// player's frame with the file it plays.
@MainActor @preconcurrency public struct VideoPlayer<VideoOverlay: View>: View, _WireframePrimitive {
    nonisolated let file: String?

    /// Apple's VideoPlayer has a body (an opaque view); the wireframe draws the player itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }

    nonisolated public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [WireframeNode("video", attributes: file.map { ["file": $0] } ?? [:])]
    }
}

extension VideoPlayer where VideoOverlay == EmptyView {
    @MainActor @preconcurrency public init(player: AVPlayer?) {
        file = player?._wireframeURL?.path
    }
}
