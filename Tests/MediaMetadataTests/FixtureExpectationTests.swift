import FishingModel
import Foundation
import MediaMetadata
import Testing

@Suite("Fixtures read as exiftool reads them")
struct FixtureExpectationTests {
    @Test("Given every fixture, when expected.json is loaded, then each one has exiftool's reading")
    func everyFixtureHasAnExpectation() {
        #expect(Fixtures.names.count == 14)
        #expect(Set(Fixtures.expected.keys) == Set(Fixtures.names))
    }

    @Test("Given a fixture in memory, when it is read, then every field matches exiftool", arguments: Fixtures.names)
    func inMemoryReadingMatchesExiftool(name: String) throws {
        let metadata = try MediaMetadataReader.read(DataByteSource(Fixtures.bytes(name)))
        try expectMatch(metadata, name: name)
    }

    @Test(
        "Given a fixture on disk, when it is read by URL, then every field matches exiftool", arguments: Fixtures.names)
    func fileReadingMatchesExiftool(name: String) throws {
        try expectMatch(try MediaMetadataReader.read(fileAt: Fixtures.url(name)), name: name)
    }

    private func expectMatch(_ metadata: MediaMetadata, name: String) throws {
        let expected = try #require(Fixtures.expected[name])
        #expect(metadata.format == expected.format)
        #expect(metadata.kind == expected.format.kind)
        #expect(metadata.capturedAt == (try expected.capturedAtDate))
        #expect(metadata.captureUTCOffsetSeconds == expected.captureUTCOffsetSeconds)
        #expect(close(metadata.latitude, expected.latitude), "latitude")
        #expect(close(metadata.longitude, expected.longitude), "longitude")
        #expect(close(metadata.altitude, expected.altitude), "altitude")
        #expect(metadata.orientation == expected.orientation)
        #expect(metadata.pixelWidth == expected.pixelWidth)
        #expect(metadata.pixelHeight == expected.pixelHeight)
        #expect(close(metadata.durationSeconds, expected.durationSeconds), "duration")
    }

    /// exiftool prints 15 significant digits, so values agree to about 1e-13.
    private func close(_ actual: Double?, _ expected: Double?) -> Bool {
        switch (actual, expected) {
        case (nil, nil): true
        case (let actual?, let expected?): abs(actual - expected) < 1e-9
        default: false
        }
    }
}
