import Foundation
import Geodesy
import Routing
import Testing

@Suite("The search algorithms agree (issue 15 §3)")
struct SearchAlgorithmTests {
    @Test(
        "Given the Helsinki graph and every fourth of the oracle's pairs, when routed by Dijkstra, A* and bidirectional A*, then all three find the same cost for each metric, and both A*s settle fewer states than Dijkstra",
        arguments: RouteMetric.allCases)
    func algorithmsAgree(metric: RouteMetric) throws {
        let graph = try RoutingFixtures.graph("helsinki")
        let routers = SearchAlgorithm.allCases.map {
            OfflineRouter(graph: graph, pack: "helsinki", algorithm: $0, metric: metric)
        }
        var settled = [SearchAlgorithm: Int]()
        for pair in try RoutingFixtures.oraclePairs().enumerated().filter({ $0.offset % 4 == 0 }).map(\.element) {
            let answers = routers.map { router in
                Result { try router.plan(from: pair.start, to: pair.end, by: pair.mode) }
            }
            let reference = answers[0]
            for (router, answer) in zip(routers, answers) {
                switch (reference, answer) {
                case (.success(let expected), .success(let found)):
                    let (a, b) =
                        metric == .fastest
                        ? (found.route.seconds, expected.route.seconds) : (found.route.meters, expected.route.meters)
                    #expect(
                        abs(a - b) < 1e-6 * max(1, b),
                        "\(router.algorithm) \(pair.from)→\(pair.to) \(pair.mode): \(a), Dijkstra \(b)")
                    settled[router.algorithm, default: 0] += found.settled
                case (.failure(let expected), .failure(let found)):
                    #expect("\(expected)" == "\(found)")
                default:
                    Issue.record(
                        "\(router.algorithm) \(pair.from)→\(pair.to) \(pair.mode): \(answer), Dijkstra \(reference)")
                }
            }
        }
        print("settled states (\(metric)): \(settled)")
        #expect(settled[.aStar]! < settled[.dijkstra]!)
        #expect(settled[.bidirectionalAStar]! < settled[.dijkstra]!)
    }
}
