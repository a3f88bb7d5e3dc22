import Foundation
import Geodesy
import Routing
import TestSupport
import Testing

@Suite("Routing files, whole and damaged (issue 15 §3)")
struct RoutingGraphTests {
    let town: Data

    init() throws {
        town = try Data(contentsOf: RoutingFixtures.url("town.routing"))
    }

    @Test("Given the town's routing file, when opened, then its counts and area are the builder's")
    func opens() throws {
        let graph = try RoutingGraph(data: town)
        #expect(graph.nodeCount == 10)
        #expect(graph.edgeCount == 28)
        #expect(graph.restrictionCount > 0)
        #expect(graph.bounds.west == 25.0 && graph.bounds.north == 60.002)
    }

    @Test("Given a file cut short anywhere, when opened, then it is refused by size, never read past its end")
    func truncated() {
        #expect(throws: RoutingGraphError.notARoutingFile) { try RoutingGraph(data: town.prefix(3)) }
        for length in [4, 40, 67, 68, 100, town.count / 2, town.count - 1] {
            #expect(throws: RoutingGraphError.self) { try RoutingGraph(data: town.prefix(length)) }
        }
        #expect(throws: RoutingGraphError.wrongSize(expected: town.count, found: town.count + 4)) {
            try RoutingGraph(data: town + Data(count: 4))
        }
    }

    @Test("Given another file or a newer format, when opened, then the error says which")
    func wrongKind() {
        var other = town
        other[0] = UInt8(ascii: "X")
        #expect(throws: RoutingGraphError.notARoutingFile) { try RoutingGraph(data: other) }
        var newer = town
        newer[4] = 9
        #expect(throws: RoutingGraphError.unsupportedVersion(9)) { try RoutingGraph(data: newer) }
        #expect(RoutingGraphError.unsupportedVersion(9).description.contains("format 9"))
    }

    @Test("Given an edge that points past the last junction, when opened, then it is refused naming the edge")
    func danglingEdge() throws {
        var damaged = town
        let firstEdge = 68 + 8 * 10 + 4 * 11
        damaged.replaceSubrange((firstEdge + 4)..<(firstEdge + 8), with: [0xFF, 0xFF, 0x00, 0x00])
        #expect(throws: RoutingGraphError.self) { try RoutingGraph(data: damaged) }
    }

    @Test(
        "Given 2,000 files each with a few random bytes changed, when opened and routed, then each is refused or answers; none crashes"
    )
    func randomDamage() throws {
        var generator = SeededRandom(seed: 15)
        var refused = 0
        for _ in 0..<2_000 {
            var damaged = town
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                damaged[Int.random(in: 4..<damaged.count, using: &generator)] = UInt8.random(
                    in: 0...255, using: &generator)
            }
            guard let graph = try? RoutingGraph(data: damaged) else {
                refused += 1
                continue
            }
            let router = OfflineRouter(graph: graph, pack: "damaged")
            for mode in TravelMode.allCases {
                _ = try? router.plan(
                    from: Coordinate(latitude: 60.000, longitude: 25.001),
                    to: Coordinate(latitude: 60.002, longitude: 25.003),
                    by: mode)
            }
        }
        #expect(refused > 0)
    }
}
