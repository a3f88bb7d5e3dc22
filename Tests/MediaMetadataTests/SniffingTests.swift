import FishingModel
import Foundation
import MediaMetadata
import TestSupport
import Testing

@Suite("Sniffing formats from bytes")
struct SniffingTests {
    @Test("Given a fixture, when it is sniffed, then the format is the one exiftool names", arguments: Fixtures.names)
    func fixtureFormat(name: String) throws {
        let expected = try #require(Fixtures.expected[name])
        #expect(try MediaMetadataReader.sniff(DataByteSource(Fixtures.bytes(name))) == expected.format)
    }

    @Test("Given a JPEG saved under a .mp4 name, when its file is read, then it is still a JPEG")
    func fileNameIsIgnored() throws {
        let url = try temporaryFolder("sniffing").appendingPathComponent("disguised.mp4")
        try Data(Fixtures.bytes("photo_exif_full.jpg")).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try MediaMetadataReader.read(fileAt: url).format == .jpeg)
    }

    @Test(
        "Given ftyp brands, when the file is sniffed, then the major brand wins and compatible brands are the fallback",
        arguments: [
            (["qt  ", "qt  "], MediaFormat.mov), (["heic", "mif1"], .heic), (["mif1", "heic"], .heic),
            (["avif", "mif1"], .heic), (["mp42", "isom"], .mp4), (["XXXX", "mp41"], .mp4), (["XXXX", "qt  "], .mov),
        ])
    func brands(brands: [String], format: MediaFormat) throws {
        let payload = Array(brands[0].utf8) + TestBoxes.bigEndian32(0) + brands.dropFirst().flatMap { Array($0.utf8) }
        #expect(try MediaMetadataReader.sniff(DataByteSource(TestBoxes.box("ftyp", payload))) == format)
    }

    @Test(
        "Given a movie without ftyp, when it starts with a QuickTime box, then it is a MOV",
        arguments: ["moov", "mdat", "wide", "free", "skip", "pnot"])
    func quickTimeWithoutFileType(firstBox: String) throws {
        #expect(try MediaMetadataReader.sniff(DataByteSource(TestBoxes.box(firstBox, [0, 0, 0, 0]))) == .mov)
    }

    @Test(
        "Given bytes of no supported format, when they are sniffed, then unrecognisedFormat shows the first bytes",
        arguments: [
            ([], ""), ([0x47, 0x49, 0x46, 0x38, 0x39, 0x61], "47 49 46 38 39 61"),
            ([0xFF, 0xD8], "FF D8"),
            (Array("\u{0}\u{0}\u{0}\u{10}ftypM4A \u{0}\u{0}\u{0}\u{0}".utf8), "00 00 00 10 66 74 79 70"),
        ] as [([UInt8], String)])
    func unrecognised(bytes: [UInt8], shown: String) {
        #expect(throws: MediaMetadataError.unrecognisedFormat(firstBytes: shown)) {
            try MediaMetadataReader.sniff(DataByteSource(bytes))
        }
    }
}
