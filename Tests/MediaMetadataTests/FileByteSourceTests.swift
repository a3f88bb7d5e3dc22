import Foundation
import MediaMetadata
import Testing

@Suite("FileByteSource")
struct FileByteSourceTests {
    @Test("Given a fixture file, when ranges are read, then they match its bytes and stop at its end")
    func readsRanges() throws {
        let bytes = Fixtures.bytes("photo_exif_full.jpg")
        let source = try FileByteSource(url: Fixtures.url("photo_exif_full.jpg"))
        #expect(source.count == Int64(bytes.count))
        #expect(try source.read(at: 0, count: 4) == Array(bytes[0..<4]))
        #expect(try source.read(at: Int64(bytes.count - 3), count: 10) == Array(bytes.suffix(3)))
        #expect(try source.read(at: Int64(bytes.count) + 100, count: 10) == [])
    }

    @Test("Given a missing file, when it is opened, then it is unreadable with the system's reason")
    func missingFile() {
        let url = URL(fileURLWithPath: "/nonexistent/\(UUID()).jpg")
        #expect(
            throws: MediaMetadataError.unreadable(
                path: url.path(percentEncoded: false), reason: "No such file or directory")
        ) {
            try MediaMetadataReader.read(fileAt: url)
        }
    }

    @Test("Given a directory, when it is opened, then it is unreadable as not a regular file")
    func directory() {
        #expect(
            throws: MediaMetadataError.unreadable(
                path: Fixtures.directory.path(percentEncoded: false), reason: "not a regular file")
        ) {
            try FileByteSource(url: Fixtures.directory)
        }
    }

    @Test("Given Data, when it is wrapped, then it reads like the same bytes in an array")
    func dataSource() throws {
        let bytes = Fixtures.bytes("video_location.mp4")
        let fromData = try MediaMetadataReader.read(DataByteSource(Data(bytes)))
        #expect(fromData == (try MediaMetadataReader.read(DataByteSource(bytes))))
    }

    @Test("Given a negative offset, when a source is read, then it refuses instead of trapping")
    func negativeOffset() throws {
        #expect(throws: MediaMetadataError.self) { try DataByteSource([1, 2, 3]).read(at: -1, count: 1) }
        let file = try FileByteSource(url: Fixtures.url("photo_plain.png"))
        #expect(throws: MediaMetadataError.self) { try file.read(at: -1, count: 1) }
    }
}
