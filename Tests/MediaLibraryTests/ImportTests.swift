import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import MediaMetadata
import SecureHashing
import TestSupport
import Testing

@Suite("Importing photos and videos (T4, T16, T17)")
struct ImportTests {
    static let fixtures = [
        "photo_big_endian_progressive.jpg", "photo_exif.png", "photo_exif_full.jpg", "photo_iloc_v0.heic",
        "photo_iloc_v2_idat.heic", "photo_no_exif.jpg", "photo_plain.png", "photo_south_west_below_sea.jpg",
        "video_keys_location.mov", "video_largesize_mdat.mp4", "video_location.mp4", "video_no_ftyp.mov",
        "video_no_location.mp4", "video_user_data_keys.mp4",
    ]

    @Test(
        "Given each sample format, when it is imported, then its bytes sit under their SHA-256 and the row holds what the file says",
        arguments: fixtures)
    func everyFormat(name: String) throws {
        let f = try MediaFixture()
        let url = mediaFixture(name)
        let bytes = try Data(contentsOf: url)
        let addition = try f.importFixture(name)
        let asset = addition.asset
        #expect(!addition.duplicate)
        #expect(asset.sha256 == SHA256Digest.hex(of: bytes))
        #expect(asset.byteSize == Int64(bytes.count))
        #expect(asset.originalName == name)
        let read = try MediaMetadataReader.read(fileAt: url)
        #expect(asset.metadata == MediaContent(sha256: "", byteSize: 0, originalName: "", metadata: read).metadata)
        #expect(asset.kind == (name.hasPrefix("video") ? .video : .photo))
        #expect(try Data(contentsOf: f.store.contentURL(asset.sha256)) == bytes)
        #expect(try f.files() == ["\(asset.sha256.prefix(2))/\(asset.sha256)"], "no temporary file is left")
        #expect(try f.diary.media.asset(asset.id) == asset)
    }

    @Test(
        "Given a video of several chunks ending on a chunk, on a direct-I/O block or mid-block, when imported, then the digest and the stored bytes match the whole file",
        arguments: [0, 4096, 12_345])
    func manyChunks(tail: Int) throws {
        let f = try MediaFixture()
        var generator = SystemRandomNumberGenerator()
        let movie = try Data(contentsOf: mediaFixture("video_location.mp4"))
        let length = 5 * MediaStore.chunkSize + tail - movie.count - 8
        let words: [UInt64] = (0...length / 8).map { _ in generator.next() }
        let payload = words.withUnsafeBytes { Data($0.prefix(length)) }
        let size = UInt32(8 + payload.count)
        let bytes = movie + withUnsafeBytes(of: size.bigEndian) { Data($0) } + Data("free".utf8) + payload
        #expect(bytes.count == 5 * MediaStore.chunkSize + tail)
        let url = try temporaryFolder("chunks").appendingPathComponent("long.mp4")
        try bytes.write(to: url)
        let asset = try f.importer.importMedia(MediaSource(url: url)).asset
        #expect(asset.sha256 == SHA256Digest.hex(of: bytes))
        #expect(asset.byteSize == Int64(bytes.count))
        #expect(try Data(contentsOf: f.store.contentURL(asset.sha256)) == bytes)
        let exported = try f.store.export(asset.id, to: try temporaryFolder("out"))
        #expect(try Data(contentsOf: exported) == bytes)
    }

    @Test(
        "Given the same photo imported twice under other names and targets, when stored, then its bytes are kept once and the second import says duplicate"
    )
    func deduplicates() throws {
        let f = try MediaFixture()
        let first = try f.importFixture("photo_exif_full.jpg", to: MediaTarget(.spot, f.spot.id))
        let copy = try temporaryFolder("copy").appendingPathComponent("IMG_0001.JPG")
        try FileManager.default.copyItem(at: mediaFixture("photo_exif_full.jpg"), to: copy)
        let second = try f.importer.importMedia(MediaSource(url: copy, target: MediaTarget(.trip, f.trip.id)))
        #expect(second.duplicate)
        #expect(second.asset.id == first.asset.id && second.asset.originalName == "photo_exif_full.jpg")
        #expect(second.asset.links == [MediaTarget(.spot, f.spot.id), MediaTarget(.trip, f.trip.id)])
        #expect(try f.files().count == 1)
        #expect(try f.diary.media.assets().count == 1)
        try FileManager.default.removeItem(at: f.store.contentURL(first.asset.sha256))
        let third = try f.importFixture("photo_exif_full.jpg")
        #expect(third.duplicate && f.store.hasContent(third.asset), "a repeat import brings lost bytes back")
    }

    @Test(
        "Given a file that is not a supported photo or video, when imported, then it is refused with a typed error and nothing is kept",
        arguments: ["text", "empty", "truncated"])
    func refusesUnsupported(kind: String) throws {
        let f = try MediaFixture()
        let url = try temporaryFolder("bad").appendingPathComponent("bad-\(kind).jpg")
        let jpeg = try Data(contentsOf: mediaFixture("photo_exif_full.jpg"))
        let contents = ["text": Data("not a photo".utf8), "empty": Data(), "truncated": jpeg.prefix(40)][kind]!
        try contents.write(to: url)
        let error = #expect(throws: MediaStoreError.self) { try f.importer.importMedia(MediaSource(url: url)) }
        guard case .unsupportedMedia(let name, _) = error else {
            Issue.record("expected unsupportedMedia, got \(String(describing: error))")
            return
        }
        #expect(name == "bad-\(kind).jpg")
        #expect(error?.description.contains("is not a photo or video the diary can store") == true)
        #expect(try f.files().isEmpty)
        #expect(try f.diary.media.assets().isEmpty)
        #expect(try f.diary.outbox.pending().allSatisfy { $0.entityType != .media })
    }

    @Test("Given a missing file or a folder, when imported, then the source is reported unreadable")
    func refusesUnreadable() throws {
        let f = try MediaFixture()
        for url in [f.folder.appendingPathComponent("nowhere.jpg"), f.folder] {
            let error = #expect(throws: MediaStoreError.self) { try f.importer.importMedia(MediaSource(url: url)) }
            guard case .unreadableSource(let path, _) = error else {
                Issue.record("expected unreadableSource, got \(String(describing: error))")
                continue
            }
            #expect(path == url.path)
        }
        #expect(try f.files().isEmpty)
    }

    @Test("Given a stored video, when exported to a file and to a folder, then the bytes come out whole")
    func exports() throws {
        let f = try MediaFixture()
        let asset = try f.importFixture("video_location.mp4").asset
        let out = try temporaryFolder("export")
        let file = try f.store.export(asset.id, to: out.appendingPathComponent("clip.mp4"))
        let intoFolder = try f.store.export(asset.id, to: out)
        #expect(intoFolder.lastPathComponent == "video_location.mp4")
        let original = try Data(contentsOf: mediaFixture("video_location.mp4"))
        #expect(try Data(contentsOf: file) == original && Data(contentsOf: intoFolder) == original)
        let exists = #expect(throws: MediaStoreError.self) { try f.store.export(asset.id, to: file) }
        #expect(exists == .destinationExists(path: file.path))
    }

    @Test(
        "Given stored bytes damaged or gone, when exported, then the export refuses and leaves no file behind"
    )
    func exportChecksContent() throws {
        let f = try MediaFixture()
        let asset = try f.importFixture("photo_plain.png").asset
        let stored = f.store.contentURL(asset.sha256)
        try Data("damaged".utf8).write(to: stored)
        let target = try temporaryFolder("export").appendingPathComponent("out.png")
        let damaged = #expect(throws: MediaStoreError.self) { try f.store.export(asset.id, to: target) }
        guard case .contentDamaged(let sha256, _) = damaged else {
            Issue.record("expected contentDamaged, got \(String(describing: damaged))")
            return
        }
        #expect(sha256 == asset.sha256)
        #expect(!FileManager.default.fileExists(atPath: target.path))
        try FileManager.default.removeItem(at: stored)
        #expect(throws: MediaStoreError.contentMissing(sha256: asset.sha256)) {
            try f.store.export(asset.id, to: target)
        }
    }
}
