import Foundation
import TestSupport
import Testing

/// `hobbystory route` on a downloaded pack, on a graph file and through online services served
/// locally (issue 15 §3, T9, T10).
@Suite("Routes and points from the command line")
struct RouteCLITests {
    static let station = "60.1712,24.9415"
    static let market = "60.1676,24.9526"

    @Test(
        "Given the sample pack downloaded, when a route is asked offline, then the JSON has the distance, duration, line, steps and the pack as provider; walking differs from driving"
    )
    func offlineOnAPack() async throws {
        let shelf = try temporaryFolder("cli-route-shelf")
        defer { try? FileManager.default.removeItem(at: shelf) }
        try writeSampleMapPack(into: shelf)
        let portal = try PortalProcess(
            data: try temporaryFolder("portal-route"), arguments: ["--map-packs", shelf.path])
        defer { portal.stop() }
        let cli = try CLIRunner()
        defer { try? FileManager.default.removeItem(at: cli.folder) }

        let before = try await cli.run(["route", "--from", Self.station, "--to", Self.market])
        #expect(before.status == 3 && before.stderr.contains("outside every map pack"))
        #expect(before.stderr.contains("hobbystory map download NAME"))
        #expect(try await cli.run(["map", "download", "sample", "--portal", portal.url]).status == 0)

        let drive = try await cli.run(["route", "--from", Self.station, "--to", Self.market, "--offline", "--json"])
            .object()
        #expect(drive["provider"] as? String == "offline:sample")
        let meters = try #require(drive["distanceM"] as? Double)
        #expect(meters > 900 && meters < 2_500)
        #expect((drive["durationS"] as? Double ?? 0) > 60)
        let line = try #require(drive["geometry"] as? [[Double]])
        #expect(line.count > 5 && abs(line[0][0] - 60.1712) < 0.001)
        let steps = try #require(drive["steps"] as? [[String: Any]])
        #expect(steps.first?["maneuver"] as? String == "depart" && steps.last?["maneuver"] as? String == "arrive")
        #expect(steps.contains { ($0["street"] as? String)?.isEmpty == false })

        let walk = try await cli.run(["route", "--from", Self.station, "--to", Self.market, "--by", "foot", "--json"])
            .object()
        #expect(walk["provider"] as? String == "offline:sample")
        #expect((walk["distanceM"] as? Double ?? 0) < meters)
        let text = try await cli.run(["route", "--from", Self.station, "--to", Self.market, "--by", "foot"])
        #expect(text.stdout.contains("on foot (offline:sample)") && text.stdout.contains("Arrive"))

        // Everything about the station's point (issue 15 §4).
        #expect(try await cli.run(["profile", "add", "Anna"]).status == 0)
        #expect(
            try await cli.run(["spot", "add", "--name", "Kaisaniemi bay", "--lat", "60.1745", "--lon", "24.9460"])
                .status == 0)
        let info = try await cli.run(["point", "--lat", "60.1712", "--lon", "24.9415", "--to", Self.market, "--json"])
            .object()
        #expect(info["decimal"] as? String == "60.17120, 24.94150")
        #expect(
            (info["dms"] as? String)?.hasPrefix("60°10′16") == true
                && (info["ddm"] as? String)?.hasPrefix("60°10.272′") == true)
        #expect((info["place"] as? [String: Any])?["settlement"] as? String == "Helsinki")
        let road = try #require(info["nearestRoad"] as? [String: Any])
        #expect(road["pack"] as? String == "sample" && (road["distanceM"] as? Double ?? 1e9) < 100)
        let distance = try #require(info["distance"] as? [String: Any])
        #expect(abs((distance["meters"] as? Double ?? 0) - 739) < 15)
        let spots = try #require(info["nearestSpots"] as? [[String: Any]])
        #expect(spots.first?["name"] as? String == "Kaisaniemi bay")
        #expect(info["conditions"] is [String: Any], "the almanac's part comes offline")
        let farPoint = try await cli.run(["point", "--lat", "59.437", "--lon", "24.745", "--json"]).object()
        #expect(farPoint["nearestRoad"] is NSNull)

        let bad = try await cli.run(["route", "--from", Self.station, "--to", Self.market, "--by", "boat"])
        #expect(bad.status == 1, "\(bad.status)")
        #expect(bad.stderr.contains("allowed: car, foot"))
    }

    @Test(
        "Given an OSRM server and a graph file, when the server answers, then it is the provider; when it is down, then the graph answers; with --offline the server is not asked"
    )
    func onlineFirstThenOffline() async throws {
        let graph = packageRoot.appendingPathComponent("Tests/RoutingTests/Fixtures/helsinki.routing").path
        let cli = try CLIRunner()
        defer { try? FileManager.default.removeItem(at: cli.folder) }
        let server = try RouteFixtureServer()
        defer { Task { await server.stop() } }
        let online = try await cli.run([
            "route", "--from", Self.station, "--to", Self.market, "--osrm", server.url("osrm").absoluteString,
            "--graph", graph, "--json",
        ]).object()
        #expect(online["provider"] as? String == "osrm")
        let offline = try await cli.run([
            "route", "--from", Self.station, "--to", Self.market, "--osrm", server.url("osrm").absoluteString,
            "--graph", graph, "--offline", "--json",
        ]).object()
        #expect(offline["provider"] as? String == "offline:helsinki")
        #expect(server.requests.count == 1)

        let down = try RouteFixtureServer(mode: .down)
        defer { Task { await down.stop() } }
        let fallback = try await cli.run([
            "route", "--from", Self.station, "--to", Self.market, "--osrm", down.url("osrm").absoluteString,
            "--graph", graph, "--json",
        ]).object()
        #expect(fallback["provider"] as? String == "offline:helsinki")
        let alone = try await cli.run([
            "route", "--from", Self.station, "--to", Self.market, "--osrm", down.url("osrm").absoluteString,
        ])
        #expect(alone.status == 5 && alone.stderr.contains("OSRM failed (HTTP 503)"), "\(alone.status) \(alone.stderr)")
        let garbage = try await cli.run([
            "route", "--from", Self.station, "--to", Self.market, "--graph",
            packageRoot.appendingPathComponent("Package.swift").path,
        ])
        #expect(
            garbage.status == 5 && garbage.stderr.contains("not a routing graph"), "\(garbage.status) \(garbage.stderr)"
        )
    }
}
