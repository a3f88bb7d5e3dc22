import Foundation
import HTTPServer
import Synchronization

/// A local HTTP server answering on OSRM's, Valhalla's and GraphHopper's real paths with their
/// response formats (fixtures in Tests/OnlineRoutesTests/Fixtures, written by
/// tools/make_routing_fixtures.py): `/osrm/route/v1/…`,
/// `/valhalla/route`, `/graphhopper/route`. Its ``Mode`` plays the failures a provider has, and
/// it keeps each request's path and query for the tests to check.
public final class RouteFixtureServer: Sendable {
    public enum Mode: Sendable {
        case healthy
        /// Every provider finds no route between the points.
        case noRoute
        /// OSRM finds no road near a point; GraphHopper refuses the key.
        case refusing
        /// Every provider answers 503.
        case down
        /// Every provider answers after `delay`.
        case slow(delay: Duration)
        /// Every provider answers half its body with status 200.
        case truncated
    }

    /// The mode and the requests seen, shared with the route handlers.
    private final class State: Sendable {
        let value: Mutex<(mode: Mode, requests: [String])>
        init(_ mode: Mode) { value = Mutex((mode, [])) }
    }

    private let server: HTTPServer
    private let state: State

    public init(mode: Mode = .healthy) throws {
        let state = State(mode)
        self.state = state
        func fixture(_ name: String) throws -> Data {
            try Data(contentsOf: Self.fixturesFolder.appendingPathComponent(name))
        }
        let answers: [(pattern: String, route: Data, noRoute: Data, refused: (Int, Data))] = [
            (
                "/osrm/route/v1/:profile/:points", try fixture("osrm-route.json"), try fixture("osrm-no-route.json"),
                (400, try fixture("osrm-no-segment.json"))
            ),
            (
                "/valhalla/route", try fixture("valhalla-route.json"), try fixture("valhalla-no-route.json"),
                (400, try fixture("valhalla-no-route.json"))
            ),
            (
                "/graphhopper/route", try fixture("graphhopper-route.json"), try fixture("graphhopper-no-route.json"),
                (401, try fixture("graphhopper-bad-key.json"))
            ),
        ]
        var router = Router()
        for answer in answers {
            router.get(answer.pattern) { request, _ in
                let mode = state.value.withLock { current -> Mode in
                    current.requests.append(request.target)
                    return current.mode
                }
                switch mode {
                case .healthy: return Self.json(200, answer.route)
                case .noRoute: return Self.json(400, answer.noRoute)
                case .refusing: return Self.json(answer.refused.0, answer.refused.1)
                case .down: return Self.json(503, Data("{}".utf8))
                case .slow(let delay):
                    try await Task.sleep(for: delay)
                    return Self.json(200, answer.route)
                case .truncated: return Self.json(200, answer.route.prefix(answer.route.count / 2))
                }
            }
        }
        server = try HTTPServer.start(HTTPApplication(router: router), configuration: .init(port: 0))
    }

    /// The base address of `provider` (`osrm`, `valhalla`, `graphhopper`) on this server.
    public func url(_ provider: String) -> URL { URL(string: "http://127.0.0.1:\(server.port)/\(provider)")! }

    /// Each request's path and query, in order.
    public var requests: [String] { state.value.withLock { $0.requests } }

    public func stop() async { await server.stop(gracePeriod: .seconds(1)) }

    /// The providers' fixture files, shared with the online providers' own tests.
    public static let fixturesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("OnlineRoutesTests/Fixtures")

    private static func json(_ status: Int, _ body: Data) -> HTTPResponse {
        HTTPResponse(
            status: HTTPStatus(code: status), headers: ["Content-Type": "application/json"], body: .bytes(body))
    }
}
