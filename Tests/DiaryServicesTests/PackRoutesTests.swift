import Foundation
import Geodesy
import Routing
import SyncClient
import TestSupport
import Testing

@testable import DiaryServices

/// Routes on the installed map packs (issue 15 §3, T10): what the app asks when MapKit cannot.
@Suite("Routes on installed map packs")
struct PackRoutesTests {
    /// Routing never downloads: a transport that refuses every request.
    struct NoPortal: SyncTransport {
        func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
            throw SyncTransportError("routing asked the network")
        }
    }

    @Test(
        "Given the sample pack installed, when a route inside it is asked, then the pack answers; outside it, the problem names the point; with no pack, the same"
    )
    func routesOnInstalledPacks() async throws {
        let maps = try temporaryFolder("pack-routes")
        defer { try? FileManager.default.removeItem(at: maps) }
        let packs = MapPackService(folder: maps, transport: { _ in NoPortal() })
        let station = Coordinate(latitude: 60.1712, longitude: 24.9415)
        let tallinn = Coordinate(latitude: 59.437, longitude: 24.745)
        await #expect(throws: RouteProblem.outsideArea(station)) {
            try await InstalledPackRoutes(packs: packs).route(from: station, to: station, by: .car)
        }

        let pack = maps.appendingPathComponent("sample")
        try FileManager.default.createDirectory(at: pack, withIntermediateDirectories: true)
        try writeSampleMapPack(into: pack)
        try FileManager.default.moveItem(
            at: pack.appendingPathComponent("sample.json"), to: pack.appendingPathComponent("manifest.json"))

        let route = try await InstalledPackRoutes(packs: packs).route(
            from: station, to: Coordinate(latitude: 60.1676, longitude: 24.9526), by: .foot)
        #expect(route.provider == "offline:sample" && route.meters > 500)
        await #expect(throws: RouteProblem.outsideArea(tallinn)) {
            try await InstalledPackRoutes(packs: packs).route(from: station, to: tallinn, by: .car)
        }
        #expect(try packs.router(covering: [station], named: "sample")?.pack == "sample")
        #expect(try packs.router(covering: [tallinn]) == nil)
        #expect(packs.graphs.openings == 1, "the graph stays open between questions")

        // A pack downloaded again (here: its graph replaced by the town's) is opened afresh.
        let town = packageRoot.appendingPathComponent("Tests/RoutingTests/Fixtures/town.routing")
        try FileManager.default.removeItem(at: pack.appendingPathComponent("sample.routing"))
        try FileManager.default.copyItem(at: town, to: pack.appendingPathComponent("sample.routing"))
        #expect(try packs.router(covering: [station], named: "sample")?.graph.edgeCount == 28)
        #expect(packs.graphs.openings == 2)
    }
}
