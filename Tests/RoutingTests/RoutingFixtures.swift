import Foundation
import Geodesy
import Routing

/// The fixtures tools/make_routing_fixtures.py writes.
enum RoutingFixtures {
    static func url(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)!
    }

    static func graph(_ name: String) throws -> RoutingGraph {
        try RoutingGraph(contentsOf: url("\(name).routing"))
    }

    static func router(_ name: String, _ algorithm: SearchAlgorithm = .aStar) throws -> OfflineRouter {
        OfflineRouter(graph: try graph(name), pack: name, algorithm: algorithm)
    }

    /// One of Valhalla's answers on the Helsinki extract.
    struct OraclePair: Decodable {
        var mode: TravelMode
        var from: [Double]
        var to: [Double]
        var meters: Double
        var seconds: Double
        var shortestMeters: Double

        var start: Coordinate { Coordinate(latitude: from[0], longitude: from[1]) }
        var end: Coordinate { Coordinate(latitude: to[0], longitude: to[1]) }
    }

    static func oraclePairs() throws -> [OraclePair] {
        struct File: Decodable { var pairs: [OraclePair] }
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: url("helsinki-valhalla.json"))).pairs
    }
}
