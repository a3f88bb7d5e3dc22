import Foundation
import SwiftUI

/// Photos and videos in the wireframes (issue 30 §1, §3): a photo is drawn from the file the
/// view read it from — in a grid the thumbnail the import pipeline drew, in the viewer the
/// named copy of the stored bytes, turned upright as the app shows it — read while the sample
/// device lives (``inline(_:)``) and inlined in the page; a video is the player's black frame
/// with its play symbol and file name.
@MainActor
enum WireframePhotos {
    /// The HTML of a `photo` or `video` node.
    static func html(_ node: WireframeNode) -> String {
        let file = node.attributes["file"] ?? ""
        if node.kind == "video" {
            let name = HTMLPage.escape((file as NSString).lastPathComponent)
            return "<div class=\"n-video\">\(HTMLPage.icon("play.circle"))<span>\(name)</span></div>"
        }
        let fit = node.attributes["contentMode"] == "fit" ? " fit" : ""
        guard let data = node.attributes["jpeg"] else { return "<div class=\"n-photo\(fit)\"></div>" }
        // Chromium honours the EXIF orientation of an inlined JPEG, as UIImage does.
        return "<img class=\"n-photo\(fit)\" alt=\"\" src=\"data:image/jpeg;base64,\(data)\">"
    }

    /// Reads the file of every photo in `nodes` into the node (base64), while the sample device
    /// that holds it still exists: the pages are written after every device is gone.
    static func inline(_ nodes: [WireframeNode]) -> [WireframeNode] {
        nodes.map { node in
            var node = node
            if node.kind == "photo", let file = node.attributes["file"],
                let data = FileManager.default.contents(atPath: file)
            {
                node.attributes["jpeg"] = data.base64EncodedString()
            }
            node.children = inline(node.children)
            return node
        }
    }
}
