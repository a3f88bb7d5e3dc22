import Foundation
import MediaMetadata
import Testing

@Suite("Safety limits against crafted files")
struct SafetyLimitTests {
    @Test("Given 10,001 empty boxes before moov, when the movie is read, then the walk stops as malformed")
    func tooManyBoxes() {
        let filler = (0..<10_001).flatMap { _ in TestBoxes.box("free") }
        let bytes = TestBoxes.fileType + filler + TestBoxes.movie(timescale: 1, duration: 1)
        let fillerEnd = Int64(TestBoxes.fileType.count + 9_999 * 8)  // ftyp is the first of the 10,000
        #expect(
            throws: MediaMetadataError.malformed(
                format: .mp4, offset: fillerEnd, reason: "more than 10000 boxes in one container")
        ) {
            try MediaMetadataReader.read(DataByteSource(bytes))
        }
    }

    @Test("Given an iloc box over 1 MiB, when the HEIC is read, then it is refused, not loaded")
    func oversizedMetadataBox() {
        let exifItem = TestBoxes.fullBox("infe", version: 2, [0, 1, 0, 0] + Array("Exif".utf8) + [0])
        let itemInfo = TestBoxes.fullBox("iinf", [0, 1] + exifItem)
        let locations = TestBoxes.fullBox("iloc", [UInt8](repeating: 0, count: 1 << 20))
        let fileType = TestBoxes.box("ftyp", Array("heic".utf8) + TestBoxes.bigEndian32(0))
        let bytes = fileType + TestBoxes.fullBox("meta", itemInfo + locations)
        let ilocOffset = Int64(fileType.count + 12 + itemInfo.count)
        #expect(
            throws: MediaMetadataError.malformed(
                format: .heic, offset: ilocOffset, reason: "'iloc' box holds 1048580 bytes; the limit is 1 MiB")
        ) {
            try MediaMetadataReader.read(DataByteSource(bytes))
        }
    }

    @Test("Given an Exif item over 1 MiB, when the HEIC is read, then it is refused, not loaded")
    func oversizedExifItem() {
        let exifItem = TestBoxes.fullBox("infe", version: 2, [0, 1, 0, 0] + Array("Exif".utf8) + [0])
        let itemInfo = TestBoxes.fullBox("iinf", [0, 1] + exifItem)
        // Version 1: 4-byte offsets and lengths; item 1 in idat (construction method 1), one extent 0...end.
        let entry: [UInt8] = [0, 1, 0, 1, 0, 0, 0, 1] + TestBoxes.bigEndian32(0) + TestBoxes.bigEndian32(0)
        let locations = TestBoxes.fullBox("iloc", version: 1, [0x44, 0x00, 0, 1] + entry)
        let itemData = TestBoxes.box("idat", [UInt8](repeating: 0, count: (1 << 20) + 1))
        let fileType = TestBoxes.box("ftyp", Array("heic".utf8) + TestBoxes.bigEndian32(0))
        let bytes = fileType + TestBoxes.fullBox("meta", itemInfo + locations + itemData)
        let ilocOffset = Int64(fileType.count + 12 + itemInfo.count)
        #expect(
            throws: MediaMetadataError.malformed(
                format: .heic, offset: ilocOffset, reason: "Exif item is larger than 1 MiB")
        ) {
            try MediaMetadataReader.read(DataByteSource(bytes))
        }
    }

    @Test("Given 4,097 chunks before the image data, when the PNG is read, then the walk stops as malformed")
    func tooManyChunks() {
        let header = Array(Fixtures.bytes("photo_plain.png")[..<33])  // signature and IHDR chunk
        let chunk = TestBoxes.bigEndian32(0) + Array("tIME".utf8) + TestBoxes.bigEndian32(0)
        let bytes = header + (0..<4097).flatMap { _ in chunk }  // IHDR is the first of the 4,096 walked
        #expect(
            throws: MediaMetadataError.malformed(
                format: .png, offset: 33 + 4095 * 12, reason: "more than 4096 chunks before the image data")
        ) {
            try MediaMetadataReader.read(DataByteSource(bytes))
        }
    }

    @Test("Given an eXIf chunk over 1 MiB, when the PNG is read, then it is refused, not loaded")
    func oversizedExifChunk() {
        let header = Array(Fixtures.bytes("photo_plain.png")[..<33])
        let size = (1 << 20) + 1
        let bytes =
            header + TestBoxes.bigEndian32(UInt32(size)) + Array("eXIf".utf8) + [UInt8](repeating: 0, count: size + 4)
        #expect(
            throws: MediaMetadataError.malformed(
                format: .png, offset: 33, reason: "eXIf chunk holds 1048577 bytes; the limit is 1 MiB")
        ) {
            try MediaMetadataReader.read(DataByteSource(bytes))
        }
    }

    @Test("Given a JPEG of 5,000 fill bytes, when it is read, then the marker walk stops as malformed")
    func endlessFillBytes() {
        let bytes: [UInt8] = [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 5000)
        #expect(
            throws: MediaMetadataError.malformed(
                format: .jpeg, offset: 4098, reason: "more than 4096 markers before the image data")
        ) {
            try MediaMetadataReader.read(DataByteSource(bytes))
        }
    }
}
