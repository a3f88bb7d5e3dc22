import Foundation

extension MapSource {
    /// Every source the product knows, the default first (T7: free software only, except the map
    /// service, where free and paid options are offered). What each allows is summarised in
    /// docs/maps.md; the providers' pages named here are the authority.
    public static let catalogue: [MapSource] = [
        MapSource(
            id: "apple", name: "Apple Maps", kinds: [.scheme, .satellite, .hybrid], price: .free,
            offline: .forbidden, surfaces: [.app], key: nil,
            licence: "Apple MapKit terms (part of the Apple Developer Program License Agreement)",
            termsURL: "https://developer.apple.com/maps/", attribution: "Apple Maps (legal notice drawn by MapKit)",
            drawing: .mapKit),
        MapSource(
            id: "osm-packs", name: "OpenStreetMap offline packs", kinds: [.scheme], price: .free, offline: .allowed,
            surfaces: [.app, .site], key: nil, licence: "ODbL 1.0 (the data), packs built by the portal",
            termsURL: "https://www.openstreetmap.org/copyright", attribution: "© OpenStreetMap contributors",
            drawing: .packs),
        MapSource(
            id: "osm-tiles", name: "OpenStreetMap standard tiles", kinds: [.scheme], price: .free, offline: .forbidden,
            surfaces: [.site], key: nil,
            licence: "ODbL 1.0 (the data), CC BY-SA 2.0 (the tiles); the OSMF tile usage policy",
            termsURL: "https://operations.osmfoundation.org/policies/tiles/",
            attribution: "© OpenStreetMap contributors",
            drawing: .rasterTiles([.scheme: RasterTiles("https://tile.openstreetmap.org/{z}/{x}/{y}.png", maxZoom: 19)])
        ),
        MapSource(
            id: "mapbox-satellite", name: "Mapbox Satellite", kinds: [.satellite, .hybrid], price: .freeTier,
            offline: .providerLimits, surfaces: [.app, .site],
            key: KeyRule(
                prefix: "pk.", secretPrefixes: ["sk.", "tk."], accountURL: "https://account.mapbox.com/access-tokens/"),
            licence: "Mapbox Terms of Service (proprietary imagery)", termsURL: "https://www.mapbox.com/pricing",
            attribution: "© Mapbox © OpenStreetMap contributors © Maxar",
            drawing: .rasterTiles([
                // The Raster Tiles API (imagery) and the Static Tiles API (a style drawn as tiles).
                .satellite: RasterTiles(
                    "https://api.mapbox.com/v4/mapbox.satellite/{z}/{x}/{y}@2x.jpg90?access_token={key}",
                    maxZoom: 22),
                .hybrid: RasterTiles(
                    "https://api.mapbox.com/styles/v1/mapbox/satellite-streets-v12/tiles/512/{z}/{x}/{y}@2x?access_token={key}",
                    tileSize: 512, maxZoom: 22),
            ])),
        MapSource(
            id: "maptiler-satellite", name: "MapTiler Satellite", kinds: [.satellite, .hybrid], price: .freeTier,
            offline: .providerLimits, surfaces: [.app, .site],
            key: KeyRule(accountURL: "https://cloud.maptiler.com/account/keys/"),
            licence: "MapTiler Cloud terms (proprietary imagery; the free plan is for non-commercial use)",
            termsURL: "https://www.maptiler.com/cloud/pricing/", attribution: "© MapTiler © OpenStreetMap contributors",
            drawing: .rasterTiles([
                .satellite: RasterTiles(
                    "https://api.maptiler.com/tiles/satellite-v2/{z}/{x}/{y}.jpg?key={key}", tileSize: 512, maxZoom: 20),
                .hybrid: RasterTiles("https://api.maptiler.com/maps/hybrid/256/{z}/{x}/{y}.jpg?key={key}", maxZoom: 20),
            ])),
    ]

    /// The source with `id`, if the catalogue has it.
    public static func named(_ id: String) -> MapSource? { catalogue.first { $0.id == id } }

    /// The sources a surface can offer: those it can draw, and of those needing a key only the
    /// ones whose key is configured (`keys` by source id).
    public static func offered(on surface: Surface, drawable: Set<String>, keys: [String: String] = [:]) -> [MapSource]
    {
        catalogue.filter { source in
            source.surfaces.contains(surface) && drawable.contains(source.id)
                && (!source.needsKey || !(keys[source.id] ?? "").isEmpty)
        }
    }

    /// The raster tile address of `kind` with the key filled in and `{z}`, `{x}`, `{y}` kept,
    /// as tile layers take it (MapKit's `MKTileOverlay`, Leaflet); nil when the source draws no
    /// raster tiles of that kind, or needs a key and has none.
    public func tileTemplate(_ kind: Kind, key: String? = nil) -> String? {
        guard let tiles = rasterTiles[kind] else { return nil }
        if needsKey && (key ?? "").isEmpty { return nil }
        return tiles.urlTemplate.replacingOccurrences(of: "{key}", with: key.map(Self.escaped) ?? "")
    }

    /// The address of one tile of `kind`, for sources drawn from raster tiles.
    public func tileURL(_ kind: Kind, z: Int, x: Int, y: Int, key: String? = nil) -> String? {
        tileTemplate(kind, key: key).map {
            $0.replacingOccurrences(of: "{z}", with: String(z)).replacingOccurrences(of: "{x}", with: String(x))
                .replacingOccurrences(of: "{y}", with: String(y))
        }
    }

    /// A key as it may appear in a query: letters, digits and `-._~` kept, the rest escaped.
    private static func escaped(_ key: String) -> String {
        key.utf8.map { byte -> String in
            let kept =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "-._~".utf8.contains(byte)
            return kept ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }.joined()
    }
}
