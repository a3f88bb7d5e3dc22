import Foundation
import Testing

@testable import MediaMetadata

@Suite("EXIF behaviour")
struct ExifBehaviourTests {
    @Test(
        "Given EXIF without OffsetTimeOriginal, when it is read, then capturedAt is the wall clock read as UTC and the offset is nil"
    )
    func noOffsetMeansWallClockAsUTC() throws {
        let metadata = try MediaMetadataReader.read(DataByteSource(Fixtures.bytes("photo_big_endian_progressive.jpg")))
        #expect(metadata.capturedAt == (try Date("2022-08-15T21:45:30Z", strategy: .iso8601)))
        #expect(metadata.captureUTCOffsetSeconds == nil)
    }

    @Test(
        "Given a JPEG whose EXIF is followed by the end of image, when it is read, then the size falls back to PixelX/YDimension"
    )
    func pixelSizeFallsBackToExif() throws {
        let bytes = Fixtures.bytes("photo_exif_full.jpg")
        let app1End = try #require(segmentEnd(of: 0xE1, in: bytes))
        let metadata = try MediaMetadataReader.read(DataByteSource(Array(bytes[..<app1End]) + [0xFF, 0xD9]))
        #expect(metadata.pixelWidth == 4032)
        #expect(metadata.pixelHeight == 3024)
        #expect(metadata.orientation == 6)
    }

    @Test("Given an IFD0 offset beyond the EXIF block, when the JPEG is read, then it is malformed and says so")
    func ifdOutsideBlock() throws {
        var bytes = Fixtures.bytes("photo_exif_full.jpg")
        let tiff = try #require(bytes.firstRange(of: Array("Exif\0\0".utf8))).upperBound
        bytes.replaceSubrange(tiff + 4..<tiff + 8, with: [0x00, 0x00, 0x01, 0x00])  // little-endian 65536
        let error = #expect(throws: MediaMetadataError.self) {
            try MediaMetadataReader.read(DataByteSource(bytes))
        }
        guard case .malformed(.jpeg, _, let reason)? = error else {
            Issue.record("expected a malformed JPEG, got \(String(describing: error))")
            return
        }
        #expect(reason.hasPrefix("IFD0 offset 65536 lies outside the"))
    }

    @Test(
        "Given EXIF date strings, when they are read, then valid ones become instants and the rest nil",
        arguments: [
            ("2024:06:01 06:30:15", 1_717_223_415.0), ("2024:02:29 00:00:00", 1_709_164_800),
            ("1970:01:01 00:00:00", 0),
            ("1969:12:31 23:59:59", -1), ("0001:01:01 00:00:00", -62_135_596_800), ("0000:00:00 00:00:00", nil),
            ("2023:02:29 12:00:00", nil), ("1900:02:29 12:00:00", nil), ("2024:13:01 00:00:00", nil),
            ("2024:06:01 24:00:00", nil), ("2024-06-01 06:30:15", nil), ("    :  :     :  :  ", nil),
            ("2024:06:01", nil),
        ] as [(String, Double?)])
    func dates(text: String, seconds: Double?) {
        #expect(ExifDate.wallClock(ArraySlice(text.utf8))?.timeIntervalSince1970 == seconds)
    }

    @Test(
        "Given EXIF offset strings, when they are read, then valid ones become seconds and the rest nil",
        arguments: [
            ("+03:00", 10_800), ("-03:30", -12_600), ("+00:00", 0), ("+14:00", 50_400), ("+19:00", nil), ("+3:00", nil),
            ("03:00", nil), ("+03:60", nil), ("", nil),
        ] as [(String, Int?)])
    func offsets(text: String, seconds: Int?) {
        #expect(ExifDate.utcOffsetSeconds(ArraySlice(text.utf8)) == seconds)
    }

    /// The end offset of the first segment with the given marker, walking from the start of image.
    private func segmentEnd(of marker: UInt8, in bytes: [UInt8]) -> Int? {
        var position = 2
        while position + 4 <= bytes.count, bytes[position] == 0xFF {
            let end = position + 2 + Int(bytes[position + 2]) << 8 + Int(bytes[position + 3])
            if bytes[position + 1] == marker { return end }
            position = end
        }
        return nil
    }
}
