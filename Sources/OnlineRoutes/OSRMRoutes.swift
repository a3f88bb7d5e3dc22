import Foundation
import Geodesy
import NetworkFetch
import Routing

/// Routes from an OSRM server's HTTP API (issue 15 §3, T9 online): `GET
/// /route/v1/{driving|foot}/{lon},{lat};{lon},{lat}?overview=full&geometries=geojson&steps=true`.
/// The public demo server forbids heavy use, so the angler names a server (their own, or a
/// provider's). Answers as `osrm`.
public struct OSRMRoutes: RouteProvider {
    let server: URL
    let service: RouteService

    public init(server: URL, transport: any HTTPTransport, timeout: Duration = .seconds(15)) {
        self.server = server
        service = RouteService(name: "OSRM", transport: transport, timeout: timeout)
    }

    public func route(from start: Coordinate, to end: Coordinate, by mode: TravelMode) async throws(RouteProblem)
        -> Route
    {
        let profile = mode == .car ? "driving" : "foot"
        let points = [start, end].map { "\($0.longitude),\($0.latitude)" }.joined(separator: ";")
        var components = URLComponents(
            url: server.appendingPathComponent("route/v1/\(profile)/\(points)"), resolvingAgainstBaseURL: false)!
        components.queryItems = [
            URLQueryItem(name: "overview", value: "full"), URLQueryItem(name: "geometries", value: "geojson"),
            URLQueryItem(name: "steps", value: "true"),
        ]
        let answer = try await service.get(components.url!)
        let object = try service.object(answer.body)
        let code = object["code"] as? String ?? ""
        switch code {
        case "Ok": break
        case "NoRoute": throw .noRoute
        default: throw .failed("OSRM refused the route (\(code)): \(object["message"] as? String ?? "no message")")
        }
        guard let route = (object["routes"] as? [[String: Any]])?.first,
            let meters = route["distance"] as? Double, let seconds = route["duration"] as? Double
        else { throw service.unreadable("its distance and duration") }
        let line = try service.lonLatLine((route["geometry"] as? [String: Any])?["coordinates"])
        let steps = ((route["legs"] as? [[String: Any]]) ?? []).flatMap { leg in
            ((leg["steps"] as? [[String: Any]]) ?? []).compactMap(Self.step)
        }
        return Route(points: line, meters: meters, seconds: seconds, steps: steps, provider: "osrm")
    }

    static func step(_ step: [String: Any]) -> RouteStep? {
        guard let maneuver = step["maneuver"] as? [String: Any], let location = maneuver["location"] as? [Double],
            location.count == 2
        else { return nil }
        let name = step["name"] as? String
        return RouteStep(
            maneuver: Self.maneuver(type: maneuver["type"] as? String, modifier: maneuver["modifier"] as? String),
            street: name?.isEmpty == false ? name : nil, meters: step["distance"] as? Double ?? 0,
            seconds: step["duration"] as? Double ?? 0,
            location: Coordinate(latitude: location[1], longitude: location[0]))
    }

    static func maneuver(type: String?, modifier: String?) -> Maneuver {
        switch type {
        case "depart": return .depart
        case "arrive": return .arrive
        case "roundabout", "rotary", "roundabout turn": return .roundabout
        default: break
        }
        switch modifier {
        case "uturn": return .uTurn
        case "sharp right": return .sharpRight
        case "right": return .right
        case "slight right": return .slightRight
        case "slight left": return .slightLeft
        case "left": return .left
        case "sharp left": return .sharpLeft
        default: return .straight
        }
    }
}
