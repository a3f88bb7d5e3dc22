import Diagnostics
import Foundation
import MapPacks
import Routing
import Site
import SyncProtocol

/// The offline map packs a portal serves (issue 15 §2, T10): every `<name>.json` manifest in a
/// folder (`--map-packs DIR`) whose files are there at the sizes it gives, with the pack's tiles
/// opened for `/v1/tiles` and its road graph for `/v1/route`. A pack that does not check out is
/// left out and said in the log.
public struct MapShelf: Sendable {
    public struct Pack: Sendable {
        public let manifest: MapPackManifest
        let folder: URL
        let tiles: PMTilesArchive?
        let graph: RoutingGraph?
    }

    public let packs: [String: Pack]
    /// The pictures of the packs' tiles drawn lately.
    let images = TileImageCache()

    public init() { packs = [:] }

    public init(folder: URL, logger: Logger = Logger(category: "maps")) {
        var packs: [String: Pack] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for file in names.sorted() where file.hasSuffix(".json") {
            do {
                let data = try Data(contentsOf: folder.appendingPathComponent(file))
                let manifest = try MapPackManifest.read(data)
                for part in manifest.files {
                    let size =
                        try FileManager.default.attributesOfItem(
                            atPath: folder.appendingPathComponent(part.name).path)[.size] as? Int64
                    guard size == part.bytes else {
                        throw MapPackError.wrongSize(part.name, expected: part.bytes, found: size ?? -1)
                    }
                }
                let tiles = try manifest.file("tiles").map {
                    try PMTilesArchive(url: folder.appendingPathComponent($0.name))
                }
                let graph = try manifest.file("routing").map {
                    try RoutingGraph(contentsOf: folder.appendingPathComponent($0.name))
                }
                packs[manifest.name] = Pack(manifest: manifest, folder: folder, tiles: tiles, graph: graph)
            } catch {
                logger.warning("map pack \(file) left out: \(error)")
            }
        }
        self.packs = packs
    }

    /// The manifests, by name.
    public var manifests: [MapPackManifest] { packs.keys.sorted().compactMap { packs[$0]?.manifest } }
}

extension MapShelf {
    /// The packs with tiles as the site's map draws them over its background (issue 15).
    var siteLayers: [MapPages.PackLayer] {
        manifests.compactMap { manifest in
            guard let tiles = packs[manifest.name]?.tiles else { return nil }
            let zooms = PackTileDrawing.zooms(of: tiles.header)
            return MapPages.PackLayer(
                urlTemplate: PortalEndpoint.tileImage.target(["pack": manifest.name, "z": "Z", "x": "X", "y": "Y"])
                    .replacingOccurrences(of: "/Z/X/Y", with: "/{z}/{x}/{y}"),
                bounds: manifest.bounds, minZoom: zooms.lowerBound, maxZoom: zooms.upperBound,
                attribution: manifest.attribution)
        }
    }
}
