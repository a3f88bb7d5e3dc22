import Foundation
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
public func temporaryFolder(_ label: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// An executable of this package, built next to the test bundle (tests depend on it, so it is built first).
public func builtProduct(_ name: String) -> URL {
    let runner = URL(
        fileURLWithPath: CommandLine.arguments[0],
        relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
    return runner.standardizedFileURL.deletingLastPathComponent().appendingPathComponent(name)
}
