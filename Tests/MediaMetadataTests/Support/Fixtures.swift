import FishingModel
import Foundation
import MediaMetadata

/// The committed sample files in Fixtures/ and exiftool's reading of them in expected.json.
enum Fixtures {
    static let directory: URL = {
        guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            fatalError("the Fixtures resource folder is missing from the test bundle")
        }
        return url
    }()

    /// The media file names, sorted.
    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { !$0.hasSuffix(".json") }.sorted()
    }()

    static let expected: [String: ExpectedMetadata] = {
        do {
            let data = try Data(contentsOf: directory.appendingPathComponent("expected.json"))
            return try JSONDecoder().decode(ExpectedFile.self, from: data).files
        } catch {
            fatalError("expected.json cannot be read: \(error)")
        }
    }()

    static func url(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    static func bytes(_ name: String) -> [UInt8] {
        guard let data = try? Data(contentsOf: url(name)) else { fatalError("fixture \(name) cannot be read") }
        return [UInt8](data)
    }
}

/// expected.json: written by tools/make_media_expectations.py from exiftool's output.
struct ExpectedFile: Decodable {
    let exiftoolVersion: String
    let files: [String: ExpectedMetadata]
}

/// One fixture's fields as exiftool reads them.
struct ExpectedMetadata: Decodable {
    let format: MediaFormat
    let capturedAt: String?
    let captureUTCOffsetSeconds: Int?
    let latitude: Double?
    let longitude: Double?
    let altitude: Double?
    let orientation: Int?
    let pixelWidth: Int?
    let pixelHeight: Int?
    let durationSeconds: Double?

    var capturedAtDate: Date? {
        get throws { try capturedAt.map { try Date($0, strategy: .iso8601) } }
    }
}
