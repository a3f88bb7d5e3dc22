import Foundation
import Geodesy
import OnlineRoutes
import Routing
import TestSupport
import Testing
import Weather

/// The online route providers over real sockets, against a local server speaking their formats
/// (issue 15 §3): the same drive across Helsinki from each, their "no route" and refusals, a
/// provider down, slow or garbled, and the fallback to the next provider.
@Suite("Online route providers over HTTP", .timeLimit(.minutes(1)))
struct OnlineRoutesTests {
    static let station = Coordinate(latitude: 60.1712, longitude: 24.9415)
    static let market = Coordinate(latitude: 60.1676, longitude: 24.9526)

    static func providers(_ server: RouteFixtureServer, timeout: Duration = .seconds(5)) -> [any RouteProvider] {
        let transport = URLSessionTransport()
        return [
            OSRMRoutes(server: server.url("osrm"), transport: transport, timeout: timeout),
            ValhallaRoutes(server: server.url("valhalla"), transport: transport, timeout: timeout),
            GraphHopperRoutes(
                key: "test-key", server: server.url("graphhopper"), transport: transport, timeout: timeout),
        ]
    }

    @Test(
        "Given each provider healthy, when asked for the drive, then each answers the same length, a line from the station to the market, named steps from depart to arrive, and its own name"
    )
    func sameDriveFromEach() async throws {
        let server = try RouteFixtureServer()
        defer { Task { await server.stop() } }
        var lengths = [Double]()
        for provider in Self.providers(server) {
            let route = try await provider.route(from: Self.station, to: Self.market, by: .car)
            lengths.append(route.meters)
            #expect(route.seconds > 60 && route.seconds < 600)
            #expect(Geodesic.inverse(from: route.points[0], to: Self.station).meters < 100)
            #expect(Geodesic.inverse(from: route.points.last!, to: Self.market).meters < 100)
            #expect(route.steps.first?.maneuver == .depart && route.steps.last?.maneuver == .arrive)
            #expect(route.steps.contains { $0.street != nil })
            #expect(abs(route.steps.map(\.meters).reduce(0, +) - route.meters) < 0.01 * route.meters)
        }
        #expect(Set(lengths).count == 1, "one drive in three formats: \(lengths)")
        let requests = server.requests
        #expect(requests[0].hasPrefix("/osrm/route/v1/driving/24.9415,60.1712;24.9526,60.1676?"))
        #expect(requests[1].contains("auto"))
        #expect(requests[2].contains("profile=car") && requests[2].contains("key=test-key"))
    }

    @Test("Given walking, when asked, then each provider is asked for its walking profile")
    func walkingProfiles() async throws {
        let server = try RouteFixtureServer()
        defer { Task { await server.stop() } }
        for provider in Self.providers(server) {
            _ = try await provider.route(from: Self.station, to: Self.market, by: .foot)
        }
        let requests = server.requests
        #expect(
            requests[0].contains("/foot/") && requests[1].contains("pedestrian") && requests[2].contains("profile=foot")
        )
    }

    @Test(
        "Given no route between the points, when asked, then every provider says 'no route'; given a refusal, then the problem quotes the provider"
    )
    func noRouteAndRefusals() async throws {
        let server = try RouteFixtureServer(mode: .noRoute)
        defer { Task { await server.stop() } }
        for provider in Self.providers(server) {
            await #expect(throws: RouteProblem.noRoute) {
                try await provider.route(from: Self.station, to: Self.market, by: .car)
            }
        }
        let refusing = try RouteFixtureServer(mode: .refusing)
        defer { Task { await refusing.stop() } }
        var messages = [String]()
        for provider in Self.providers(refusing) {
            do {
                _ = try await provider.route(from: Self.station, to: Self.market, by: .car)
            } catch { messages.append(error.description) }
        }
        #expect(messages.count == 3)
        #expect(messages[0].contains("NoSegment") && messages[2].contains("refused the key"))
    }

    @Test(
        "Given providers down, slow or garbled, when asked, then each fails with a problem naming it and never hangs"
    )
    func failures() async throws {
        for mode in [RouteFixtureServer.Mode.down, .slow(delay: .seconds(3)), .truncated] {
            let server = try RouteFixtureServer(mode: mode)
            defer { Task { await server.stop() } }
            for provider in Self.providers(server, timeout: .seconds(1)) {
                do {
                    _ = try await provider.route(from: Self.station, to: Self.market, by: .car)
                    Issue.record("\(mode): a route came back")
                } catch {
                    #expect(
                        ["OSRM", "Valhalla", "GraphHopper"].contains { error.description.contains($0) }, "\(error)")
                }
            }
        }
    }

    @Test(
        "Given nothing listening, when asked, then the provider is offline, and the fallback hands the question to the next provider"
    )
    func offlineFallsBack() async throws {
        let server = try RouteFixtureServer()
        defer { Task { await server.stop() } }
        let nowhere = OSRMRoutes(server: URL(string: "http://127.0.0.1:9/osrm")!, transport: URLSessionTransport())
        await #expect(throws: RouteProblem.offline) {
            try await nowhere.route(from: Self.station, to: Self.market, by: .car)
        }
        let routes = FallbackRoutes([nowhere, Self.providers(server)[1]])
        #expect(try await routes.route(from: Self.station, to: Self.market, by: .car).provider == "valhalla")
    }
}
