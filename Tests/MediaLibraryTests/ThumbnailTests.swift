import FishingModel

#if canImport(JPEGThumbnails)
    import DiaryStore
    import Foundation
    import JPEGThumbnails
    import MediaMetadata
    import TestSupport
    import Testing

    @testable import MediaLibrary

    /// Thumbnails of photos (issue 30 §3): drawn upright as Pillow draws them, from a reduced decode,
    /// kept beside the bytes, swept with them; damaged photos refused. Linux only (Debian's libjpeg;
    /// Package.swift).
    @Suite("Media thumbnails")
    struct ThumbnailTests {
        struct Expected: Decodable {
            let width, height: Int
            let topLeft, topRight, bottomLeft, bottomRight: [Int]
        }

        static func fixture(_ name: String) -> URL {
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        }

        static func expected() throws -> Expected {
            let all =
                try JSONSerialization.jsonObject(with: Data(contentsOf: fixture("thumbnails.json"))) as? [String: Any]
            let entry = try JSONSerialization.data(withJSONObject: all?["quadrants_orientation6.jpg"] ?? [:])
            return try JSONDecoder().decode(Expected.self, from: entry)
        }

        /// A maker that counts its drawings and draws with libjpeg.
        final class CountingMaker: ThumbnailMaking, @unchecked Sendable {
            private let lock = NSLock()
            private var count = 0
            var drawings: Int { lock.withLock { count } }
            func writeThumbnail(
                of file: URL, format: MediaFormat, orientation: Int?, maxPixelSize: Int, to destination: URL
            ) async throws -> Bool {
                lock.withLock { count += 1 }
                return try await JPEGThumbnailMaker().writeThumbnail(
                    of: file, format: format, orientation: orientation, maxPixelSize: maxPixelSize, to: destination)
            }
        }

        @Test(
            "Given a 2000×1500 JPEG stored sideways (EXIF 6), when its thumbnail is drawn, then it is Pillow's 360×480 upright picture, decoded at a quarter of its size"
        )
        func drawsLikePillow() throws {
            let folder = try temporaryFolder("thumbnail")
            let output = folder.appendingPathComponent("thumb.jpg")
            let drawing = try JPEGThumbnailMaker.draw(
                Self.fixture("quadrants_orientation6.jpg"), orientation: 6, maxPixelSize: MediaThumbnails.maxPixelSize,
                to: output)
            let expected = try Self.expected()
            #expect(drawing.width == expected.width && drawing.height == expected.height)
            #expect(drawing.decodedWidth == 500 && drawing.decodedHeight == 375, "1/4 scale: never the full 2000×1500")
            let script = """
                import sys, json
                from PIL import Image
                with Image.open(sys.argv[1]) as image:
                    w, h = image.size
                    probe = lambda x, y: list(image.convert("RGB").getpixel((int(x * w), int(y * h))))
                    print(json.dumps({"width": w, "height": h, "topLeft": probe(.25, .25), "topRight": probe(.75, .25),
                        "bottomLeft": probe(.25, .75), "bottomRight": probe(.75, .75)}))
                """
            let result = try externalCommand(["python3", "-c", script, output.path])
            #expect(result.status == 0, "\(String(decoding: result.errors, as: UTF8.self))")
            let read = try JSONDecoder().decode(Expected.self, from: result.output)
            #expect(read.width == expected.width && read.height == expected.height)
            for (ours, pillows) in [
                (read.topLeft, expected.topLeft), (read.topRight, expected.topRight),
                (read.bottomLeft, expected.bottomLeft), (read.bottomRight, expected.bottomRight),
            ] {
                #expect(zip(ours, pillows).allSatisfy { abs($0 - $1) <= 8 }, "\(ours) against Pillow's \(pillows)")
            }
        }

        @Test("Given a JPEG cut short, when its thumbnail is drawn, then the error says why and no file is left")
        func refusesTruncated() throws {
            let folder = try temporaryFolder("thumbnail")
            let output = folder.appendingPathComponent("thumb.jpg")
            #expect(throws: JPEGThumbnailError.self) {
                try JPEGThumbnailMaker.draw(
                    Self.fixture("quadrants_truncated.jpg"), orientation: 1, maxPixelSize: 480, to: output)
            }
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }

        @Test(
            "Given 300 photos with bytes flipped at random (a fixed seed) and one claiming 65 000 × 65 000 pixels, when each is drawn, then each is drawn or refused with a reason, never a crash"
        )
        func survivesDamagedPhotos() throws {
            let folder = try temporaryFolder("thumbnail")
            let original = try Data(contentsOf: Self.fixture("quadrants_orientation6.jpg"))
            var random = SeededRandom(seed: 30)
            var refused = 0
            for round in 0..<300 {
                var bytes = original
                for _ in 0..<(1 + round % 8) {
                    let index = Int.random(in: 2..<bytes.count, using: &random)
                    bytes[index] = UInt8.random(in: 0...255, using: &random)
                }
                let input = folder.appendingPathComponent("damaged.jpg")
                let output = folder.appendingPathComponent("thumb-\(round).jpg")
                try bytes.write(to: input)
                do {
                    let drawing = try JPEGThumbnailMaker.draw(input, orientation: 1, maxPixelSize: 480, to: output)
                    #expect(drawing.width <= 480 && drawing.height <= 480)
                    try FileManager.default.removeItem(at: output)
                } catch let error as JPEGThumbnailError {
                    #expect(!error.reason.isEmpty)
                    #expect(!FileManager.default.fileExists(atPath: output.path))
                    refused += 1
                }
            }
            #expect(refused > 0, "some damage must be noticed")

            // A frame header claiming 65 000 × 65 000 pixels: refused before any pixel is allocated.
            var huge = original
            let frame = try #require(huge.firstRange(of: Data([0xFF, 0xC0])))
            huge.replaceSubrange((frame.lowerBound + 5)..<(frame.lowerBound + 9), with: [0xFD, 0xE8, 0xFD, 0xE8])
            let input = folder.appendingPathComponent("huge.jpg")
            try huge.write(to: input)
            #expect {
                try JPEGThumbnailMaker.draw(
                    input, orientation: 1, maxPixelSize: 480, to: folder.appendingPathComponent("huge-thumb.jpg"))
            } throws: { error in
                (error as? JPEGThumbnailError)?.reason.contains("more than a photo can be") == true
            }
        }

        @Test(
            "Given an imported photo, when a grid asks for its thumbnail twice, then it is drawn once beside the bytes; a PNG the maker cannot draw has none and leaves nothing"
        )
        func cachesThumbnails() async throws {
            let f = try MediaFixture()
            let maker = CountingMaker()
            let thumbnails = MediaThumbnails(mediaFolder: f.store.root, maker: maker)
            let photo = try f.importer.importMedia(MediaSource(url: Self.fixture("quadrants_orientation6.jpg"))).asset
            #expect(thumbnails.existing(photo) == nil)
            let first = try await thumbnails.thumbnail(photo)
            let second = try await thumbnails.thumbnail(photo)
            #expect(first == thumbnails.url(photo.sha256) && second == first)
            #expect(maker.drawings == 1)
            #expect(first?.path.hasSuffix("media/thumbnails/\(photo.sha256.prefix(2))/\(photo.sha256).jpg") == true)

            let png = try f.importFixture("photo_plain.png").asset
            #expect(try await thumbnails.thumbnail(png) == nil)
            let found = await thumbnails.thumbnails([photo, png])
            #expect(found == [photo.id: thumbnails.url(photo.sha256)])
            #expect(
                try f.files().filter { $0.hasPrefix("thumbnails/") } == [
                    "thumbnails/\(photo.sha256.prefix(2))/\(photo.sha256).jpg"
                ])
        }

        @Test(
            "Given thumbnails of a photo emptied from the Trash and an interrupted drawing, when the store sweeps, then both go and a drawing under way stays"
        )
        func sweepsThumbnails() async throws {
            let f = try MediaFixture()
            let thumbnails = MediaThumbnails(mediaFolder: f.store.root, maker: JPEGThumbnailMaker())
            let photo = try f.importer.importMedia(MediaSource(url: Self.fixture("quadrants_orientation6.jpg"))).asset
            _ = try await thumbnails.thumbnail(photo)
            let temporary = thumbnails.root.appendingPathComponent("tmp")
            let abandoned = temporary.appendingPathComponent("abandoned.jpg")
            let underWay = temporary.appendingPathComponent("under-way.jpg")
            try Data([1]).write(to: abandoned)
            try Data([2]).write(to: underWay)
            try FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(-3600)], ofItemAtPath: abandoned.path)

            try f.diary.trash.put(.media, photo.id)
            try f.store.emptyTrash()
            #expect(try f.files() == ["thumbnails/tmp/under-way.jpg"])
        }
    }
#endif
