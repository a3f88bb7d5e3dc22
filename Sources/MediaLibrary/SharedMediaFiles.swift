import DiaryStore
import FishingModel
import Foundation
import MediaMetadata

/// Photos and videos handed to the system under their own names (issue 30 §3): the share sheet
/// and the video player need a file named like the original (`IMG_0412.MOV`), while the store
/// names bytes by their SHA-256. Each is a hard link to the stored bytes (a copy where the file
/// system refuses links), kept for a day:
///
///     <profile folder>/media/shared/<asset id>/<original name, with its format's extension>
public enum SharedMediaFiles {
    /// How long a shared file stays before a sweep removes it, in seconds.
    static let lifetime: TimeInterval = 24 * 3600

    static func folder(in mediaFolder: URL) -> URL { mediaFolder.appendingPathComponent("shared") }

    /// The asset's bytes under its original name, made if needed; throws
    /// ``MediaStoreError/contentMissing(sha256:)`` when the bytes are on another device.
    public static func file(of asset: MediaAsset, in mediaFolder: URL) throws -> URL {
        let content = MediaStore.contentURL(mediaFolder, asset.sha256)
        guard FileManager.default.fileExists(atPath: content.path) else {
            throw MediaStoreError.contentMissing(sha256: asset.sha256)
        }
        let folder = Self.folder(in: mediaFolder).appendingPathComponent(asset.id.uuidString.lowercased())
        let file = folder.appendingPathComponent(name(of: asset))
        if FileManager.default.fileExists(atPath: file.path) { return file }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        do {
            try FileManager.default.linkItem(at: content, to: file)
        } catch {
            try FileManager.default.copyItem(at: content, to: file)
        }
        return file
    }

    /// The original name, with the extension of the bytes' format when it has another (or none).
    static func name(of asset: MediaAsset) -> String {
        let original = (asset.originalName as NSString).lastPathComponent
        let stem = (original as NSString).deletingPathExtension
        let wanted = asset.metadata.format.fileExtensions
        let present = (original as NSString).pathExtension.lowercased()
        let safeStem = stem.isEmpty || stem.hasPrefix(".") ? "media" : stem
        return wanted.contains(present) ? original : "\(safeStem).\(wanted[0])"
    }

    /// Removes the shared files older than a day. Returns how many folders went.
    static func sweep(in mediaFolder: URL) throws -> Int {
        let root = folder(in: mediaFolder)
        guard FileManager.default.fileExists(atPath: root.path) else { return 0 }
        var removed = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: root.path) {
            let folder = root.appendingPathComponent(name)
            if try ContentFile.isOlder(folder, than: lifetime) {
                try FileManager.default.removeItem(at: folder)
                removed += 1
            }
        }
        return removed
    }
}

extension MediaFormat {
    /// The file extensions of the format, the usual one first.
    var fileExtensions: [String] {
        switch self {
        case .jpeg: ["jpg", "jpeg"]
        case .heic: ["heic", "heif", "avif"]
        case .png: ["png"]
        case .mp4: ["mp4", "m4v"]
        case .mov: ["mov"]
        }
    }
}
