import FishingModel
import Foundation
import Testing

@testable import MediaMetadata

/// A shared photo keeps its picture and loses everything else (issue 34 §4): no EXIF, no GPS, no
/// comment, nothing after the image, whatever the JPEG hid where.
@Suite("JPEG metadata stripping")
struct JPEGMetadataStrippingTests {
    /// The segments before the first scan, as (marker, payload).
    static func segments(_ jpeg: [UInt8]) -> [(UInt8, [UInt8])] {
        var found: [(UInt8, [UInt8])] = []
        var position = 2
        while position + 4 <= jpeg.count, jpeg[position] == 0xFF {
            let type = jpeg[position + 1]
            let length = Int(jpeg[position + 2]) << 8 | Int(jpeg[position + 3])
            found.append((type, Array(jpeg[(position + 4)..<min(jpeg.count, position + 2 + length)])))
            if type == 0xDA { break }
            position += 2 + length
        }
        return found
    }

    /// From the first start-of-scan marker to the end.
    static func scans(_ jpeg: [UInt8]) -> ArraySlice<UInt8> {
        let start = (0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDA } ?? jpeg.count
        return jpeg[start...]
    }

    @Test(
        "Given the JPEG fixtures with EXIF and GPS, when stripped, then no location, time or application segment but the JFIF header is left and the picture's bytes are the same",
        arguments: [
            "photo_exif_full.jpg", "photo_big_endian_progressive.jpg", "photo_south_west_below_sea.jpg",
            "photo_no_exif.jpg",
        ])
    func fixtures(name: String) throws {
        let original = Fixtures.bytes(name)
        let stripped = try JPEGMetadataStripping.stripped(original)
        let before = try MediaMetadataReader.read(DataByteSource(original))
        let after = try MediaMetadataReader.read(DataByteSource(stripped))
        #expect(after.latitude == nil && after.longitude == nil && after.altitude == nil && after.capturedAt == nil)
        #expect(after.pixelWidth == before.pixelWidth && after.pixelHeight == before.pixelHeight)
        #expect(Self.segments(stripped).allSatisfy { [0xE0, 0xEE].contains($0.0) || !(0xE1...0xEF).contains($0.0) })
        #expect(!Self.segments(stripped).contains { $0.0 == 0xFE })
        #expect(Self.scans(stripped) == Self.scans(original))
        #expect(try JPEGMetadataStripping.stripped(stripped) == stripped, "stripping twice changes nothing more")
    }

    @Test(
        "Given metadata hidden between scans, in a comment and after the end of the image, when stripped, then all of it is gone"
    )
    func hiddenMetadata() throws {
        let original = Fixtures.bytes("photo_exif_full.jpg")
        let end = try #require(original.lastIndex(of: 0xD9))
        let secret = Array("GPS 56.123456 37.987654".utf8)
        func segment(_ type: UInt8, _ payload: [UInt8]) -> [UInt8] {
            [0xFF, type, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        // A comment and an XMP segment after the scan (as between the scans of a progressive
        // JPEG), and bytes after the end of the image (as a phone's trailer of other pictures).
        let tampered =
            Array(original[..<(end - 1)]) + segment(0xFE, secret)
            + segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0".utf8) + secret)
            + [0xFF, 0xD9] + secret
        let stripped = try JPEGMetadataStripping.stripped(tampered)
        #expect(stripped.firstRange(of: secret) == nil)
        #expect(stripped.suffix(2) == [0xFF, 0xD9])
    }

    @Test("Given bytes that are not a whole JPEG, then stripping refuses them")
    func refusals() {
        let jpeg = Fixtures.bytes("photo_exif_full.jpg")
        for bad in [
            [], Array("GIF89a".utf8), Array(jpeg.prefix(300)), [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF],
            Array(jpeg.dropLast(2)),
        ] {
            #expect(throws: JPEGMetadataStripping.Failure.self) { try JPEGMetadataStripping.stripped(bad) }
        }
    }
}
