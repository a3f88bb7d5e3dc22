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
        #expect(osm?.tileURL(z: 5, x: 17, y: 9) == "https://tile.openstreetmap.org/5/17/9.png")
        let maptiler = MapSource.named("maptiler-satellite")
        #expect(maptiler?.tileURL(z: 1, x: 0, y: 1) == nil, "no key, no address")
        #expect(
            maptiler?.tileURL(z: 1, x: 0, y: 1, key: "a b&c")
                == "https://api.maptiler.com/tiles/satellite-v2/1/0/1.jpg?key=a%20b%26c")
        #expect(MapSource.named("apple")?.tileURL(z: 0, x: 0, y: 0) == nil)
    }
}
