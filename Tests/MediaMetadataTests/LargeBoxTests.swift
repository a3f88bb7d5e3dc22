import MediaMetadata
import Testing

@Suite("64-bit and open-ended box sizes")
struct LargeBoxTests {
    private let movie = TestBoxes.movie(timescale: 1000, duration: 4500)

    @Test("Given an mdat with a 64-bit largesize before moov, when the movie is read, then moov is found past it")
    func largesizeIsStepped() throws {
        let media = [UInt8](repeating: 0xAB, count: 40)
        let bytes = TestBoxes.fileType + TestBoxes.largeHeader("mdat", size: 16 + 40) + media + movie
        #expect(try MediaMetadataReader.read(DataByteSource(bytes)).durationSeconds == 4.5)
    }

    @Test("Given a largesize above Int64.max, when the movie is read, then it is malformed")
    func largesizeAboveInt64() {
        let bytes = TestBoxes.fileType + TestBoxes.largeHeader("mdat", size: .max) + movie
        #expect(
            throws: MediaMetadataError.malformed(
                format: .mp4, offset: 20, reason: "'mdat' box declares a 64-bit size of 18446744073709551615 bytes")
        ) {
            try MediaMetadataReader.read(DataByteSource(bytes))
        }
    }

    @Test("Given a largesize smaller than its 16-byte header, when the movie is read, then it is malformed")
    func largesizeBelowHeader() {
        let bytes = TestBoxes.fileType + TestBoxes.largeHeader("mdat", size: 12) + movie
        #expect(
            throws: MediaMetadataError.malformed(
                format: .mp4, offset: 20, reason: "'mdat' box declares 12 bytes, less than its header")
        ) {
            try MediaMetadataReader.read(DataByteSource(bytes))
        }
    }

    @Test("Given a 3 GiB largesize in a small file, when the movie is read, then it is truncated at that box")
    func largesizePastEnd() {
        let bytes = TestBoxes.fileType + TestBoxes.largeHeader("mdat", size: 3 << 30) + movie
        #expect(throws: MediaMetadataError.truncated(format: .mp4, offset: 20, needed: 3 << 30)) {
            try MediaMetadataReader.read(DataByteSource(bytes))
        }
    }

    @Test("Given a last mdat of size 0, when the movie is read, then it runs to the end and moov before it counts")
    func sizeZeroAtEnd() throws {
        let bytes = TestBoxes.fileType + movie + TestBoxes.bigEndian32(0) + Array("mdat".utf8) + [1, 2, 3]
        #expect(try MediaMetadataReader.read(DataByteSource(bytes)).durationSeconds == 4.5)
    }

    @Test("Given an mdat of size 0 before moov, when the movie is read, then moov is swallowed and reported missing")
    func sizeZeroHidesMovie() {
        let bytes = TestBoxes.fileType + TestBoxes.bigEndian32(0) + Array("mdat".utf8) + movie
        #expect(
            throws: MediaMetadataError.malformed(
                format: .mp4, offset: 0, reason: "no 'moov' box: the movie has no header")
        ) {
            try MediaMetadataReader.read(DataByteSource(bytes))
        }
    }

    @Test("Given a child box larger than its parent, when the movie is read, then it is malformed")
    func childLargerThanParent() {
        let header = TestBoxes.movieHeader(timescale: 1000, duration: 4500)
        var inflated = header
        inflated[3] &+= 1
        let bytes = TestBoxes.fileType + TestBoxes.box("moov", inflated)
        #expect(
            throws: MediaMetadataError.malformed(
                format: .mp4, offset: 28, reason: "'mvhd' box of 109 bytes runs past the end of its container")
        ) {
            try MediaMetadataReader.read(DataByteSource(bytes))
        }
    }
}
