import Foundation
import Geodesy
import NetworkFetch
import Routing

/// Routes from GraphHopper's Directions API (issue 15 §3, T9 online; a paid key, with a free
/// tier): `GET /route?point=lat,lon&point=lat,lon&profile=car|foot&points_encoded=false&key=…`.
/// Answers as `graphhopper`.
public struct GraphHopperRoutes: RouteProvider {
    public static let server = URL(string: "https://graphhopper.com/api/1")!
    let server: URL
    let key: String
    let service: RouteService

    public init(key: String, server: URL = Self.server, transport: any HTTPTransport, timeout: Duration = .seconds(15))
    {
        self.server = server
        self.key = key
        service = RouteService(name: "GraphHopper", transport: transport, timeout: timeout)
    }

    public func route(from start: Coordinate, to end: Coordinate, by mode: TravelMode) async throws(RouteProblem)
        -> Route
    {
        var components = URLComponents(url: server.appendingPathComponent("route"), resolvingAgainstBaseURL: false)!
        components.queryItems =
            [start, end].map { URLQueryItem(name: "point", value: "\($0.latitude),\($0.longitude)") } + [
                URLQueryItem(name: "profile", value: mode == .car ? "car" : "foot"),
                URLQueryItem(name: "points_encoded", value: "false"), URLQueryItem(name: "locale", value: "en"),
                URLQueryItem(name: "key", value: key),
            ]
        let answer = try await service.get(components.url!)
        let object = try service.object(answer.body)
        guard answer.status == 200 else {
            let message = object["message"] as? String ?? "no message"
            if message.hasPrefix("Connection between locations not found") { throw .noRoute }
            if answer.status == 401 { throw .failed("GraphHopper refused the key (\(message))") }
            if answer.status == 429 { throw .failed("GraphHopper's limit for the key is used up (\(message))") }
            throw .failed("GraphHopper refused the route (HTTP \(answer.status)): \(message)")
        }
        guard let path = (object["paths"] as? [[String: Any]])?.first, let meters = path["distance"] as? Double,
            let milliseconds = path["time"] as? Double
        else { throw service.unreadable("its distance and time") }
        let line = try service.lonLatLine((path["points"] as? [String: Any])?["coordinates"])
        let instructions = (path["instructions"] as? [[String: Any]]) ?? []
        let steps = instructions.enumerated().map { offset, instruction in
            let first = min(max((instruction["interval"] as? [Int])?.first ?? 0, 0), line.count - 1)
            let street = instruction["street_name"] as? String
            return RouteStep(
                maneuver: offset == 0 ? .depart : Self.maneuver(instruction["sign"] as? Int ?? 0),
                street: street?.isEmpty == false ? street : nil, meters: instruction["distance"] as? Double ?? 0,
                seconds: (instruction["time"] as? Double ?? 0) / 1000, location: line[first])
        }
        return Route(points: line, meters: meters, seconds: milliseconds / 1000, steps: steps, provider: "graphhopper")
    }

    /// GraphHopper's instruction signs as our maneuvers.
    static func maneuver(_ sign: Int) -> Maneuver {
        switch sign {
        case -98, -8, 8: .uTurn
        case -7, -1: .slightLeft
        case -3: .sharpLeft
        case -2: .left
        case 1, 7: .slightRight
        case 2: .right
        case 3: .sharpRight
        case 4: .arrive
        case 6: .roundabout
        default: .straight
        }
    }
}
