import MediaMetadata
import Testing

@Suite("Error messages")
struct ErrorDescriptionTests {
    @Test(
        "Given each kind of error, when it is described, then the message names the problem and where it is",
        arguments: [
            (
                .unrecognisedFormat(firstBytes: "47 49 46 38"),
                "Unrecognised media: the data starts with 47 49 46 38, which is not JPEG, HEIC, PNG, MP4 or MOV"
            ),
            (
                .unrecognisedFormat(firstBytes: ""),
                "Unrecognised media: the data is empty, which is not JPEG, HEIC, PNG, MP4 or MOV"
            ),
            (
                .truncated(format: .heic, offset: 512, needed: 40),
                "Truncated HEIC: needed 40 bytes at offset 512, but the data ends sooner"
            ),
            (
                .malformed(format: .mov, offset: 28, reason: "unsupported mvhd version 7"),
                "Malformed MOV at offset 28: unsupported mvhd version 7"
            ),
            (.unreadable(path: "/tmp/a.jpg", reason: "Permission denied"), "Cannot read /tmp/a.jpg: Permission denied"),
        ] as [(MediaMetadataError, String)])
    func describes(error: MediaMetadataError, message: String) {
        #expect(error.description == message)
    }

    @Test("Given a damaged JPEG, when it is read, then the error names the marker and its offset")
    func realError() {
        var bytes = Fixtures.bytes("photo_no_exif.jpg")
        bytes[20] = 0x12  // the 0xFF of the DQT marker after the 16-byte APP0 segment
        #expect(
            throws: MediaMetadataError.malformed(
                format: .jpeg, offset: 20, reason: "expected a marker (0xFF) but found 0x12")
        ) {
            try MediaMetadataReader.read(DataByteSource(bytes))
        }
    }
}
