import FishingModel
import MediaMetadata
import Testing

@Suite("Mutation fuzzing")
struct MutationFuzzTests {
    static let inputs = 112_000  // 8,000 per fixture

    @Test(
        "Given 112,000 seeded mutations of the fixtures, when each is read, then none crashes and every result is in range"
    )
    func mutatedFixturesNeverCrash() {
        let mutators = Fixtures.names.map { Mutator(Fixtures.bytes($0)) }
        var random = SplitMix64(seed: 0x4D45_4449_4121)
        var outcomes = (read: 0, failed: 0)
        for index in 0..<Self.inputs {
            let bytes = mutators[index % mutators.count].mutated(using: &random)
            do throws(MediaMetadataError) {
                let metadata = try MediaMetadataReader.read(DataByteSource(bytes))
                outcomes.read += 1
                if let problem = rangeProblem(metadata) {
                    Issue.record("input \(index): \(problem) in \(metadata)")
                }
            } catch .unreadable(let path, let reason) {
                Issue.record("input \(index): in-memory read failed: \(path) \(reason)")
            } catch {
                outcomes.failed += 1
                #expect(!error.description.isEmpty)
            }
        }
        #expect(outcomes.read + outcomes.failed == Self.inputs)
        #expect(outcomes.read > Self.inputs / 10, "most mutations should still leave readable files")
        #expect(outcomes.failed > Self.inputs / 10, "many mutations should be detected")
    }

    /// What makes a reading impossible, or nil when all fields are in range.
    private func rangeProblem(_ metadata: MediaMetadata) -> String? {
        if (metadata.latitude == nil) != (metadata.longitude == nil) { return "half a position" }
        if let latitude = metadata.latitude, !(-90...90).contains(latitude) { return "latitude" }
        if let longitude = metadata.longitude, !(-180...180).contains(longitude) { return "longitude" }
        if let altitude = metadata.altitude, !altitude.isFinite { return "altitude" }
        if let orientation = metadata.orientation, !(1...8).contains(orientation) { return "orientation" }
        if let width = metadata.pixelWidth, width <= 0 { return "width" }
        if let height = metadata.pixelHeight, height <= 0 { return "height" }
        if (metadata.pixelWidth == nil) != (metadata.pixelHeight == nil) { return "half a size" }
        if let duration = metadata.durationSeconds, !duration.isFinite || duration < 0 { return "duration" }
        if let offset = metadata.captureUTCOffsetSeconds, abs(offset) > 18 * 3600 { return "UTC offset" }
        return nil
    }
}
