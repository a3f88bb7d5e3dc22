import Foundation
import Geodesy
import NetworkFetch
import Routing

/// Routes from a Valhalla server's HTTP API (issue 15 §3, T9 online): `GET /route?json=…` with
/// costing `auto` or `pedestrian`; the line comes as an encoded polyline of six decimals.
/// Answers as `valhalla`.
public struct ValhallaRoutes: RouteProvider {
    let server: URL
    let service: RouteService

    public init(server: URL, transport: any HTTPTransport, timeout: Duration = .seconds(15)) {
        self.server = server
        service = RouteService(name: "Valhalla", transport: transport, timeout: timeout)
    }

    public func route(from start: Coordinate, to end: Coordinate, by mode: TravelMode) async throws(RouteProblem)
        -> Route
    {
        let query = Query(
            locations: [start, end].map { Query.Location(lat: $0.latitude, lon: $0.longitude) },
            costing: mode == .car ? "auto" : "pedestrian")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let body = try? encoder.encode(query) else { throw .failed("the Valhalla query could not be written") }
        let json = String(decoding: body, as: UTF8.self)
        var components = URLComponents(url: server.appendingPathComponent("route"), resolvingAgainstBaseURL: false)!
        components.queryItems = [URLQueryItem(name: "json", value: json)]
        let answer = try await service.get(components.url!)
        let object = try service.object(answer.body)
        if let code = object["error_code"] as? Int {
            if code == 442 { throw .noRoute }
            throw .failed("Valhalla refused the route (\(code)): \(object["error"] as? String ?? "no message")")
        }
        guard let trip = object["trip"] as? [String: Any], let summary = trip["summary"] as? [String: Any],
            let kilometres = summary["length"] as? Double, let seconds = summary["time"] as? Double,
            let legs = trip["legs"] as? [[String: Any]], !legs.isEmpty
        else { throw service.unreadable("a trip") }
        var line = [Coordinate]()
        var steps = [RouteStep]()
        for leg in legs {
            guard let shape = leg["shape"] as? String, let points = Polyline.decode(shape, precision: 6),
                points.count >= 2
            else { throw service.unreadable("a line") }
            for maneuver in (leg["maneuvers"] as? [[String: Any]]) ?? [] {
                let index = min(max(maneuver["begin_shape_index"] as? Int ?? 0, 0), points.count - 1)
                steps.append(
                    RouteStep(
                        maneuver: Self.maneuver(maneuver["type"] as? Int ?? 0),
                        street: (maneuver["street_names"] as? [String])?.first,
                        meters: (maneuver["length"] as? Double ?? 0) * 1000, seconds: maneuver["time"] as? Double ?? 0,
                        location: points[index]))
            }
            line += line.isEmpty ? points : Array(points.dropFirst())
        }
        return Route(points: line, meters: kilometres * 1000, seconds: seconds, steps: steps, provider: "valhalla")
    }

    /// The `json` parameter of a route request.
    struct Query: Encodable {
        struct Location: Encodable {
            var lat: Double
            var lon: Double
        }
        struct Directions: Encodable {
            var units = "kilometers"
            var language = "en-US"
        }
        var locations: [Location]
        var costing: String
        var directions_options = Directions()
    }

    /// Valhalla's maneuver types (its API reference numbers them) as ours.
    static func maneuver(_ type: Int) -> Maneuver {
        switch type {
        case 1, 2, 3: .depart
        case 4, 5, 6: .arrive
        case 9, 18, 20, 23: .slightRight
        case 10: .right
        case 11: .sharpRight
        case 12, 13: .uTurn
        case 14: .sharpLeft
        case 15: .left
        case 16, 19, 21, 24: .slightLeft
        case 26: .roundabout
        default: .straight
        }
    }
}

/// Google's encoded polyline format, which Valhalla writes with six decimals.
enum Polyline {
    static func decode(_ text: String, precision: Int) -> [Coordinate]? {
        let bytes = Array(text.utf8)
        let scale = pow(10, Double(precision))
        var index = 0
        var latitude = 0
        var longitude = 0
        var points = [Coordinate]()
        func next() -> Int? {
            var result = 0
            var shift = 0
            while index < bytes.count, shift < 64 {
                let value = Int(bytes[index]) - 63
                index += 1
                guard (0..<64).contains(value) else { return nil }
                result |= (value & 0x1F) << shift
                shift += 5
                if value < 0x20 { return (result & 1) != 0 ? ~(result >> 1) : result >> 1 }
            }
            return nil
        }
        while index < bytes.count {
            guard let dLatitude = next(), let dLongitude = next() else { return nil }
            latitude += dLatitude
            longitude += dLongitude
            let point = Coordinate(latitude: Double(latitude) / scale, longitude: Double(longitude) / scale)
            guard abs(point.latitude) <= 90, abs(point.longitude) <= 180 else { return nil }
            points.append(point)
        }
        return points
    }
}
