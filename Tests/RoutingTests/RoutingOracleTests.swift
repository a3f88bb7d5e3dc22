import Foundation
import Geodesy
import Routing
import Testing

@Suite("Offline routes against Valhalla's on the same extract (issue 15 §3)")
struct RoutingOracleTests {
    /// How many of a mode's pairs our router answers within 3 % (or 5 m) of Valhalla's length.
    static func agreement(
        _ metric: RouteMetric, _ mode: TravelMode, valhalla: (RoutingFixtures.OraclePair) -> Double
    ) throws -> (within: Int, of: Int, worst: [String]) {
        let router = OfflineRouter(graph: try RoutingFixtures.graph("helsinki"), pack: "helsinki", metric: metric)
        let pairs = try RoutingFixtures.oraclePairs().filter { $0.mode == mode }
        var within = 0
        var worst = [(Double, String)]()
        for pair in pairs {
            let expected = valhalla(pair)
            do {
                let meters = try router.plan(from: pair.start, to: pair.end, by: mode).route.meters
                let difference = abs(meters - expected)
                if difference <= max(0.03 * expected, 5) {
                    within += 1
                } else {
                    worst.append(
                        (
                            difference / expected,
                            "\(pair.from)→\(pair.to): \(Int(meters)) m, Valhalla \(Int(expected)) m"
                        ))
                }
            } catch {
                worst.append((.infinity, "\(pair.from)→\(pair.to): \(error), Valhalla \(Int(expected)) m"))
            }
        }
        return (within, pairs.count, worst.sorted { $0.0 > $1.0 }.prefix(5).map(\.1))
    }

    @Test(
        "Given 250 car and 250 foot pairs Valhalla routed on the Helsinki extract, when our shortest routes are compared with Valhalla's shortest, then at least 95 % of each mode's lengths agree within 3 %",
        arguments: TravelMode.allCases)
    func shortestRoutesAgree(mode: TravelMode) throws {
        let result = try Self.agreement(.shortest, mode) { $0.shortestMeters }
        print(
            "shortest \(mode): \(result.within) of \(result.of) within 3 % of Valhalla's shortest; the furthest: \(result.worst)"
        )
        #expect(result.of >= 200)
        #expect(
            Double(result.within) >= 0.95 * Double(result.of),
            "\(mode): \(result.within) of \(result.of) within 3 %; the furthest: \(result.worst)")
    }

    @Test(
        "Given the same pairs, when our fastest routes are compared with Valhalla's default routes (its own penalties and preferences), then most agree within 3 % (the share is reported in docs/routing.md)",
        arguments: TravelMode.allCases)
    func fastestRoutesMostlyAgree(mode: TravelMode) throws {
        let result = try Self.agreement(.fastest, mode) { $0.meters }
        print(
            "fastest \(mode): \(result.within) of \(result.of) within 3 % of Valhalla's default; the furthest: \(result.worst)"
        )
        #expect(
            Double(result.within) >= 0.6 * Double(result.of), "\(mode): \(result.within) of \(result.of) within 3 %")
    }
}
