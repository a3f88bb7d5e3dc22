import DiaryStore
import FishingModel
import Foundation
import MediaLibrary

/// Writes a KMZ (issue 34 §1): the KML document first (`doc.kml`, what readers open), then each
/// catch's photos that map programs show (JPEG and PNG, as stored on this device) under
/// `files/`, named by their SHA-256 so a photo of two catches travels once.
enum KMZExport {
    /// Writes the archive and returns how many photos it holds.
    static func write(
        _ content: ExportContent, diary: Diary, title: String, directories: DirectoryNames, to file: ExportFile
    ) throws -> Int {
        let store = try MediaStore(diary: diary)
        var paths: [UUID: [String]] = [:]
        var files: [String: URL] = [:]
        for item in content.catches.values.joined() {
            for asset in try diary.media.assets(linkedTo: MediaTarget(.catch, item.id))
            where [.jpeg, .png].contains(asset.metadata.format) && store.hasContent(asset) {
                let path = "files/\(asset.sha256).\(asset.metadata.format == .png ? "png" : "jpg")"
                paths[item.id, default: []].append(path)
                files[path] = store.contentURL(asset.sha256)
            }
        }
        var zip = ZipArchive.Writer(file)
        let kml = KMLExport(title: title, directories: directories, photos: paths).document(content)
        try zip.add("doc.kml", Data(kml.utf8))
        for (path, url) in files.sorted(by: { $0.key < $1.key }) {
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw InterchangeError.io(path: url.path, reason: "the photo could not be read")
            }
            try zip.add(path, data)
        }
        try zip.finish()
        return files.count
    }
}
