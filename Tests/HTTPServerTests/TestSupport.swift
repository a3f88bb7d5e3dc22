import Diagnostics
import Foundation
import HTTPServer
import Synchronization
import TestSupport

/// A JSON payload used across tests.
struct CatchPayload: Codable, Equatable, Sendable {
    struct Measure: Codable, Equatable, Sendable {
        var weightGrams: Int
        var lengthCm: Double
    }

    var species: String
    var measure: Measure
}

extension HTTPApplication {
    /// An application with one route table built by `build`.
    static func make(
        middleware: [any HTTPMiddleware] = [], limits: Limits = Limits(), logger: Logger = Logger(category: "http"),
        _ build: (inout Router) -> Void
    ) -> HTTPApplication {
        var router = Router()
        build(&router)
        return HTTPApplication(router: router, middleware: middleware, limits: limits, logger: logger)
    }
}

/// Starts a server on 127.0.0.1 with a free port for `body`, stopping it afterwards.
func withServer<T>(
    _ application: HTTPApplication, configuration: HTTPServer.Configuration = .init(),
    _ body: (HTTPServer, HTTPSocketClient) async throws -> T
) async throws -> T {
    let server = try HTTPServer.start(application, configuration: configuration)
    do {
        let result = try await body(server, HTTPSocketClient(port: server.port, timeout: .seconds(20)))
        await server.stop(gracePeriod: .seconds(5))
        return result
    } catch {
        await server.stop(gracePeriod: .seconds(1))
        throw error
    }
}

/// The process's resident set size in bytes (VmRSS from /proc/self/status).
func residentMemoryBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
        let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    else { return 0 }
    return kilobytes * 1024
}

/// A body of `count` bytes produced in `chunkSize` pieces without ever holding it whole.
func generatedBody(count: Int, chunkSize: Int = 64 * 1024) -> HTTPBodyStream {
    let chunk = Data((0..<chunkSize).map { UInt8(truncatingIfNeeded: $0 * 31 + 7) })
    let produced = SendableCounter()
    return HTTPBodyStream(expectedLength: count) {
        let offset = produced.add(0)
        guard offset < count else { return nil }
        let size = min(chunkSize, count - offset)
        _ = produced.add(size)
        return chunk.prefix(size)
    }
}

/// A thread-safe counter for tests.
final class SendableCounter: Sendable {
    private let value = Mutex(0)

    /// Adds `amount` and returns the value before the addition.
    func add(_ amount: Int) -> Int {
        value.withLock { value in
            defer { value += amount }
            return value
        }
    }

    var current: Int { value.withLock { $0 } }
}

/// Values a test records from inside handlers.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func append(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

/// Polls `condition` every 10 ms until it holds or `timeout` passes; returns its last value.
/// The timeout is generous because the whole package's tests share two cores and one cooperative
/// thread pool: under load a poll can be late by seconds. It costs nothing when the condition holds.
func eventually(timeout: Duration = .seconds(30), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}
