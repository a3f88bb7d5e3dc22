import Foundation
import Geodesy
import TestSupport
import Testing
import Weather

/// The fixture files: real response formats of each provider.
enum Fixture {
    static func data(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
        return try Data(contentsOf: url)
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try data(name), as: UTF8.self)
    }

    /// 2025-11-29T10:00:00Z, the "now" of the forecast, MET Norway and Kp fixtures.
    static let now = Date(timeIntervalSince1970: 1_764_410_400)
    static let oslo = Coordinate(latitude: 59.91, longitude: 10.75)

    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }
}

/// What the fake transport does with one request.
enum Reply: Sendable {
    case ok(Data)
    case status(Int, Data)
    case fail(TransportError)
    case hang
}

/// A transport that answers from closures and records every request, for tests without a
/// network.
final class FakeTransport: HTTPTransport {
    private let log = RequestLog()
    private let handler: @Sendable (TransportRequest, Int) -> Reply

    /// `handler` gets the request and how many earlier requests went to the same path.
    init(_ handler: @escaping @Sendable (TransportRequest, Int) -> Reply) {
        self.handler = handler
    }

    /// Answers each path with a fixture file; paths not listed get 404.
    static func fixtures(_ files: [String: String]) -> FakeTransport {
        FakeTransport { request, _ in
            guard let name = files[request.url.path], let data = try? Fixture.data(name) else {
                return .status(404, Data("not found".utf8))
            }
            return .ok(data)
        }
    }

    /// The standard fixtures: Open-Meteo forecast and archive, MET Norway, SWPC Kp (objects).
    static func standard() -> FakeTransport {
        fixtures([
            "/v1/forecast": "open-meteo-forecast.json",
            "/v1/archive": "open-meteo-archive.json",
            "/weatherapi/locationforecast/2.0/compact": "met-norway-compact.json",
            "/products/noaa-planetary-k-index.json": "swpc-kp-objects.json",
            "/products/noaa-planetary-k-index-forecast.json": "swpc-kp-forecast-objects.json",
        ])
    }

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        let earlier = await log.record(request)
        switch handler(request, earlier) {
        case .ok(let data):
            return TransportResponse(status: 200, body: data)
        case .status(let status, let data):
            return TransportResponse(status: status, body: data)
        case .fail(let error):
            throw error
        case .hang:
            do {
                try await Task.sleep(for: .seconds(60))
            } catch {
                throw .cancelled
            }
            throw .timedOut
        }
    }

    var requests: [TransportRequest] {
        get async { await log.requests }
    }

    func paths() async -> [String] {
        await requests.map(\.url.path)
    }

    func count(_ path: String) async -> Int {
        await paths().filter { $0 == path }.count
    }
}

actor RequestLog {
    private(set) var requests: [TransportRequest] = []

    func record(_ request: TransportRequest) -> Int {
        let earlier = requests.filter { $0.url.path == request.url.path }.count
        requests.append(request)
        return earlier
    }
}

/// Records the backoff waits instead of sleeping.
actor SleepRecorder {
    private(set) var waits: [Duration] = []

    func record(_ duration: Duration) {
        waits.append(duration)
    }

    nonisolated var sleep: @Sendable (Duration) async throws -> Void {
        { duration in await self.record(duration) }
    }
}

/// A clock the test moves.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) {
        current = start
    }

    var now: Date {
        lock.withLock { current }
    }

    func advance(_ seconds: TimeInterval) {
        lock.withLock { current = current.addingTimeInterval(seconds) }
    }

    var function: @Sendable () -> Date {
        { self.now }
    }
}

/// Resolves city names from a fixed table.
struct TableResolver: PlaceResolver {
    var table: [String: Coordinate]

    func coordinate(for place: PlaceMetadata) async throws -> Coordinate? {
        place.city.flatMap { table[$0] }
    }
}

extension TransportRequest {
    func query(_ name: String) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == name }?.value
    }
}

func temporaryCachePath() -> String {
    // A test cannot go on without its folder.
    try! temporaryFolder("weather-cache").appendingPathComponent("cache.sqlite").path
}

func isClose(_ a: Double?, _ b: Double, within tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}
