import FishingModel
import MediaMetadata
import Testing

@Suite("Truncated files")
struct TruncationTests {
    @Test(
        "Given every prefix of a fixture, when it is read, then it throws truncated or malformed or returns a subset of the full reading",
        arguments: Fixtures.names)
    func everyPrefix(name: String) throws {
        let bytes = Fixtures.bytes(name)
        let full = try MediaMetadataReader.read(DataByteSource(bytes))
        for length in 0..<bytes.count {
            do throws(MediaMetadataError) {
                let partial = try MediaMetadataReader.read(DataByteSource(Array(bytes[..<length])))
                #expect(isSubset(partial, of: full), "prefix of \(length) bytes invented a value")
            } catch .unrecognisedFormat {
                #expect(length < 32, "prefix of \(length) bytes lost its format")
            } catch .truncated, .malformed {
                continue
            } catch {
                Issue.record("prefix of \(length) bytes: unexpected \(error)")
            }
        }
    }

    /// Every field the partial reading knows has the full reading's value.
    private func isSubset(_ partial: MediaMetadata, of full: MediaMetadata) -> Bool {
        func agrees<Value: Equatable>(_ field: KeyPath<MediaMetadata, Value?>) -> Bool {
            partial[keyPath: field] == nil || partial[keyPath: field] == full[keyPath: field]
        }
        return partial.format == full.format && agrees(\.capturedAt) && agrees(\.captureUTCOffsetSeconds)
            && agrees(\.latitude) && agrees(\.longitude) && agrees(\.altitude) && agrees(\.orientation)
            && agrees(\.pixelWidth) && agrees(\.pixelHeight) && agrees(\.durationSeconds)
    }
}
