import Foundation
import MediaMetadata
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Large files on disk")
struct LargeFileTests {
    static let fileSize: Int64 = 3 << 30

    enum Layout: String, CaseIterable, CustomTestStringConvertible {
        case movieFirst, mediaFirst
        var testDescription: String { rawValue }
    }

    @Test(
        "Given a sparse 3 GiB movie with a huge mdat, when its file is read, then the duration comes back from a few KB of reads",
        arguments: Layout.allCases)
    func sparseMovie(layout: Layout) throws {
        let url = try temporaryFolder("sparse").appendingPathComponent("sparse.mp4")
        try writeSparseMovie(at: url, layout: layout)
        defer { try? FileManager.default.removeItem(at: url) }

        let source = CountingByteSource(try FileByteSource(url: url))
        let started = ContinuousClock.now
        let metadata = try MediaMetadataReader.read(source)
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(source.count == Self.fileSize)
        #expect(metadata.durationSeconds == 5400)
        #expect(source.bytesRead < 4096, "read \(source.bytesRead) bytes in \(source.reads) reads")
    }

    /// ftyp, then moov and a 64-bit mdat filling the rest (movieFirst), or the mdat then moov at the end.
    private func writeSparseMovie(at url: URL, layout: Layout) throws {
        let movie = TestBoxes.movie(timescale: 600, duration: 600 * 5400)
        let head = TestBoxes.fileType + (layout == .movieFirst ? movie : [])
        let mediaSize = UInt64(Self.fileSize) - UInt64(head.count) - UInt64(layout == .mediaFirst ? movie.count : 0)
        let descriptor = open(url.path, O_CREAT | O_RDWR | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try #require(ftruncate(descriptor, off_t(Self.fileSize)) == 0)
        try write(head + TestBoxes.largeHeader("mdat", size: mediaSize), at: 0, to: descriptor)
        if layout == .mediaFirst {
            try write(movie, at: Self.fileSize - Int64(movie.count), to: descriptor)
        }
    }

    private func write(_ bytes: [UInt8], at offset: Int64, to descriptor: Int32) throws {
        let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        try #require(written == bytes.count)
    }
}
