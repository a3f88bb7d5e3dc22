import MapSources
import Testing

/// The map sources offered (T7, T8): honest about price, licence and offline use, attribution
/// always present, keys required where the provider requires them.
@Suite("Map sources")
struct MapSourcesTests {
    @Test("Given the catalogue, when read, then every entry is complete and the free default comes first")
    func catalogueIsHonest() {
        let ids = MapSource.catalogue.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(MapSource.catalogue.first?.price == .free)
        for source in MapSource.catalogue {
            #expect(!source.attribution.isEmpty && !source.licence.isEmpty && source.termsURL.hasPrefix("https://"))
            #expect(source.price == .free || source.needsKey, "\(source.id): paid sources need a key")
        }
        #expect(MapSource.named("osm-tiles")?.offline == .forbidden, "OSM's tile policy forbids offline use")
        #expect(MapSource.named("apple")?.drawing == .mapKit && MapSource.named("osm-packs")?.drawing == .packs)
        #expect(MapSource.catalogue.filter { $0.rasterTiles.isEmpty }.map(\.id) == ["apple", "osm-packs"])
        #expect(MapSource.catalogue.filter { $0.kinds.contains(.satellite) && $0.price != .free }.count >= 2)
        #expect(MapSource.catalogue.contains { $0.kinds.contains(.satellite) && $0.price == .free })
    }

    @Test(
        "Given keys configured for some paid sources, when a surface asks, then only drawable sources with keys are offered"
    )
    func offeredWithKeys() {
        let drawable: Set = ["apple", "osm-tiles", "mapbox-satellite", "maptiler-satellite"]
        #expect(MapSource.offered(on: .site, drawable: drawable).map(\.id) == ["osm-tiles"])
        #expect(
            MapSource.offered(on: .site, drawable: drawable, keys: ["maptiler-satellite": "k"]).map(\.id)
                == ["osm-tiles", "maptiler-satellite"])
        #expect(MapSource.offered(on: .app, drawable: drawable).map(\.id) == ["apple"])
    }

    @Test("Given a raster source, when a tile is addressed, then z/x/y and the escaped key fill the template")
    func tileAddresses() {
        let osm = MapSource.named("osm-tiles")
        #expect(osm?.tileURL(.scheme, z: 5, x: 17, y: 9) == "https://tile.openstreetmap.org/5/17/9.png")
        #expect(osm?.tileURL(.satellite, z: 5, x: 17, y: 9) == nil, "no satellite tiles from OpenStreetMap")
        let maptiler = MapSource.named("maptiler-satellite")
        #expect(maptiler?.tileURL(.satellite, z: 1, x: 0, y: 1) == nil, "no key, no address")
        #expect(
            maptiler?.tileURL(.satellite, z: 1, x: 0, y: 1, key: "a b&c")
                == "https://api.maptiler.com/tiles/satellite-v2/1/0/1.jpg?key=a%20b%26c")
        #expect(
            MapSource.named("mapbox-satellite")?.tileTemplate(.hybrid, key: "pk.x")
                == "https://api.mapbox.com/styles/v1/mapbox/satellite-streets-v12/tiles/512/{z}/{x}/{y}@2x?access_token=pk.x"
        )
        #expect(MapSource.named("apple")?.tileURL(.scheme, z: 0, x: 0, y: 0) == nil)
        for source in MapSource.catalogue {
            for (kind, tiles) in source.rasterTiles {
                #expect(source.kinds.contains(kind), "\(source.id) serves \(kind) tiles it does not list")
                #expect([256, 512].contains(tiles.tileSize) && (1...24).contains(tiles.maxZoom))
                #expect(
                    tiles.urlTemplate.contains("{key}") == source.needsKey, "\(source.id): the key goes in the address")
            }
        }
    }

    @Test("Given keys as anglers paste them, when checked, then spaces are trimmed and wrong keys are named")
    func keyRules() throws {
        let mapbox = try #require(MapSource.named("mapbox-satellite")?.key)
        let maptiler = try #require(MapSource.named("maptiler-satellite")?.key)
        #expect(try mapbox.checked("  pk.eyJ1IjoiYW5nbGVyIn0.abc-DEF_123\n") == "pk.eyJ1IjoiYW5nbGVyIn0.abc-DEF_123")
        #expect(try maptiler.checked("AbCdEfGh12345678") == "AbCdEfGh12345678")
        #expect(throws: KeyProblem.empty) { try maptiler.checked(" \n\t") }
        #expect(throws: KeyProblem.secret(prefix: "sk.")) { try mapbox.checked("sk.eyJ1IjoiYW5nbGVyIn0.secret") }
        #expect(throws: KeyProblem.prefix(expected: "pk.")) { try mapbox.checked("eyJ1IjoiYW5nbGVyIn0") }
        #expect(throws: KeyProblem.character("&", position: 5)) { try maptiler.checked("abcd&key=other") }
        #expect(throws: KeyProblem.character(" ", position: 5)) { try maptiler.checked("abcd efgh") }
        #expect(throws: KeyProblem.character("é", position: 1)) { try maptiler.checked("ébcd") }
        #expect(throws: KeyProblem.tooLong(bytes: 513, limit: 512)) {
            try maptiler.checked(String(repeating: "k", count: 513))
        }
        #expect(MapSource.catalogue.allSatisfy { $0.needsKey == ($0.price != .free) })
    }
}
