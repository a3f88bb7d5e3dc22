import Foundation
import HTTPServer
import Synchronization

/// A local HTTP server that answers on the providers' real paths with the real response formats
/// kept in `Tests/WeatherTests/Fixtures` (T14 tests): Open-Meteo forecast and archive, MET Norway
/// compact, NOAA SWPC Kp. Its ``Mode`` switches it between a healthy internet and the failures
/// the weather service must survive, and it counts the requests each path received.
public final class WeatherFixtureServer: Sendable {
    public enum Mode: Sendable {
        /// Every provider answers from its fixture.
        case healthy
        /// Open-Meteo (forecast and archive) answers 500; the others are healthy.
        case openMeteoFailing
        /// Open-Meteo's forecast answers after `delay`, later than the client waits.
        case openMeteoSlow(delay: Duration)
        /// Open-Meteo's forecast answers 400 with its `{"error":true,"reason":…}` body.
        case openMeteoRejecting
        /// Open-Meteo's forecast answers a truncated body with status 200.
        case openMeteoTruncated
        /// Every path answers 503: the network is "down" for the weather service.
        case allFailing
    }

    public static let forecastPath = "/v1/forecast"
    public static let archivePath = "/v1/archive"
    public static let metNorwayPath = "/weatherapi/locationforecast/2.0/compact"
    public static let kpPath = "/products/noaa-planetary-k-index.json"
    public static let kpForecastPath = "/products/noaa-planetary-k-index-forecast.json"

    private let server: HTTPServer
    private let state: State

    /// The mode and the request counts, shared with the route handlers.
    private final class State: Sendable {
        let value: Mutex<(mode: Mode, counts: [String: Int])>
        init(_ mode: Mode) { value = Mutex((mode, [:])) }
    }

    /// Starts on a free loopback port; `kpShape` picks the SWPC format (objects or arrays).
    public init(mode: Mode = .healthy, kpShape: KpShape = .objects) throws {
        let state = State(mode)
        let files: [String: String] = [
            Self.forecastPath: "open-meteo-forecast.json",
            Self.archivePath: "open-meteo-archive.json",
            Self.metNorwayPath: "met-norway-compact.json",
            Self.kpPath: kpShape == .objects ? "swpc-kp-objects.json" : "swpc-kp-arrays.json",
            Self.kpForecastPath: kpShape == .objects
                ? "swpc-kp-forecast-objects.json" : "swpc-kp-forecast-arrays.json",
        ]
        var router = Router()
        for (path, file) in files {
            let body = try Data(contentsOf: Self.fixturesFolder.appendingPathComponent(file))
            router.get(path) { _, _ in
                let mode = state.value.withLock { current -> Mode in
                    current.counts[path, default: 0] += 1
                    return current.mode
                }
                return try await Self.answer(path: path, body: body, mode: mode)
            }
        }
        self.state = state
        server = try HTTPServer.start(HTTPApplication(router: router), configuration: .init(port: 0))
    }

    /// The two shapes of NOAA SWPC's Kp JSON: objects (current) and arrays with a header row.
    public enum KpShape: Sendable { case objects, arrays }

    /// `http://127.0.0.1:PORT`, the value of every `HOBBYSTORY_*_URL` override.
    public var origin: String { "http://127.0.0.1:\(server.port)" }

    /// The `HOBBYSTORY_*_URL` overrides that send every provider to this server.
    public var environment: [String: String] {
        [
            "HOBBYSTORY_OPEN_METEO_URL": origin, "HOBBYSTORY_OPEN_METEO_ARCHIVE_URL": origin,
            "HOBBYSTORY_MET_NORWAY_URL": origin, "HOBBYSTORY_SWPC_URL": origin,
        ]
    }

    public var mode: Mode {
        get { state.value.withLock { $0.mode } }
        set { state.value.withLock { $0.mode = newValue } }
    }

    /// How many requests reached `path`.
    public func count(_ path: String) -> Int { state.value.withLock { $0.counts[path, default: 0] } }

    public func stop() async { await server.stop(gracePeriod: .seconds(1)) }

    private static func answer(path: String, body: Data, mode: Mode) async throws -> HTTPResponse {
        let isOpenMeteo = path == forecastPath || path == archivePath
        switch mode {
        case .allFailing:
            return HTTPResponse(status: HTTPStatus(code: 503), body: .bytes(Data("down".utf8)))
        case .openMeteoFailing where isOpenMeteo:
            return HTTPResponse(status: HTTPStatus(code: 500), body: .bytes(Data("boom".utf8)))
        case .openMeteoSlow(let delay) where path == forecastPath:
            try await Task.sleep(for: delay)
        case .openMeteoRejecting where path == forecastPath:
            let reason = try Data(contentsOf: fixturesFolder.appendingPathComponent("open-meteo-error-400.json"))
            return HTTPResponse(
                status: HTTPStatus(code: 400), headers: ["Content-Type": "application/json"], body: .bytes(reason))
        case .openMeteoTruncated where path == forecastPath:
            return json(body.prefix(body.count / 2))
        default:
            break
        }
        return json(body)
    }

    private static func json(_ body: Data) -> HTTPResponse {
        HTTPResponse(headers: ["Content-Type": "application/json"], body: .bytes(body))
    }

    /// The weather module's fixture files, shared with its own tests.
    public static let fixturesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("WeatherTests/Fixtures")
}
