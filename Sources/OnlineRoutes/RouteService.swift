import Foundation
import Geodesy
import NetworkFetch
import Routing

/// What the online route providers share (issue 15 §3): one GET through the app's transport for
/// public services, its failures turned into ``RouteProblem``s (no answer: `.offline`, so that
/// ``FallbackRoutes`` moves on to the offline router), and the JSON body decoded.
struct RouteService: Sendable {
    let name: String
    let transport: any HTTPTransport
    let timeout: Duration

    /// The body of a 2xx answer, or of an error answer `refusal` can read; otherwise the problem.
    func get(_ url: URL, headers: [String: String] = [:]) async throws(RouteProblem) -> (status: Int, body: Data) {
        let response: TransportResponse
        do {
            response = try await transport.send(TransportRequest(url: url, headers: headers, timeout: timeout))
        } catch .timedOut {
            throw .failed("\(name) did not answer within \(timeout)")
        } catch .cancelled {
            throw .failed("the route from \(name) was cancelled")
        } catch {
            throw .offline
        }
        if response.status >= 500 { throw .failed("\(name) failed (HTTP \(response.status))") }
        return (response.status, response.body)
    }

    /// The JSON object of a body, or a problem naming the provider.
    func object(_ body: Data) throws(RouteProblem) -> [String: Any] {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
            throw .failed("\(name) answered something that is not a route (\(body.count) bytes)")
        }
        return object
    }

    func unreadable(_ what: String) -> RouteProblem {
        .failed("\(name) answered a route without \(what)")
    }

    /// `[[lon, lat], …]` (GeoJSON order) as coordinates.
    func lonLatLine(_ value: Any?) throws(RouteProblem) -> [Coordinate] {
        guard let pairs = value as? [[Double]], pairs.count >= 2, pairs.allSatisfy({ $0.count >= 2 }) else {
            throw unreadable("a line")
        }
        return pairs.map { Coordinate(latitude: $0[1], longitude: $0[0]) }
    }
}
