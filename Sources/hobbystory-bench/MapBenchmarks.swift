import Foundation
import MapPacks
import MapRendering

/// Issue 15 §5: looking a tile up in a PMTiles pack (root, leaf directory, then the bytes)
/// beside reading the same bytes straight from the file at a known offset, over every tile of the
/// sample pack (tools/make_pmtiles_fixtures.py) in a shuffled order. Goal: at most 2×.
func benchmarkMaps() throws {
    print("== Map packs (PMTiles) ==")
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Tests/MapPacksTests/Fixtures/sample.pmtiles").standardized
    let opening = medianTime(5) { _ = try? PMTilesArchive(url: url) }
    let archive = try PMTilesArchive(url: url)
    var tiles: [(z: Int, x: Int, y: Int)] = []
    for z in 0...Int(archive.header.maxZoom) {
        for x in 0..<(1 << z) {
            for y in 0..<(1 << z) where try archive.location(z: z, x: x, y: y) != nil { tiles.append((z, x, y)) }
        }
    }
    var generator = SystemRandomNumberGenerator()
    tiles.shuffle(using: &generator)
    let ranges = try tiles.map { try archive.location(z: $0.z, x: $0.x, y: $0.y)! }
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    var direct: [Double] = []
    var lookedUp: [Double] = []
    for _ in 0..<7 {
        direct.append(
            try time {
                for range in ranges {
                    try handle.seek(toOffset: range.lowerBound)
                    _ = try handle.read(upToCount: range.count)
                }
            })
        lookedUp.append(try time { for tile in tiles { _ = try archive.storedTile(z: tile.z, x: tile.x, y: tile.y) } })
    }
    let perTile = { (total: Double) in String(format: "%.2f µs", total / Double(tiles.count) * 1e6) }
    print("  open a pack (header, root directory): \(ms(opening)) median")
    print(
        "  \(tiles.count) tiles, shuffled: looked up \(perTile(median(lookedUp))) per tile vs read at a known offset \(perTile(median(direct))) (ratio \(String(format: "%.2f", median(lookedUp) / median(direct)))×, goal ≤ 2×)"
    )
    print("")
}

/// Issue 15: drawing a pack's tiles as pictures (the app's offline map, the site's
/// `/v1/tile-images`), over every tile of the real Helsinki pack, beside two baselines measured
/// in the same run: reading the tile from the pack (lookup and inflate) and decoding it. Per tile:
/// decoding, drawing (fill and stroke by the style), encoding the PNG; at 256 and 512 pixels.
func benchmarkTileDrawing() throws {
    print("== Map pictures from packs ==")
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Tests/MapRenderingTests/Fixtures/helsinki.pmtiles").standardized
    let archive = try PMTilesArchive(url: url)
    var tiles: [(z: Int, x: Int, y: Int)] = []
    for z in Int(archive.header.minZoom)...Int(archive.header.maxZoom) {
        let (low, high) = (tileRange(archive, z))
        for x in low.x...high.x {
            for y in low.y...high.y where try archive.location(z: z, x: x, y: y) != nil { tiles.append((z, x, y)) }
        }
    }
    let bytes = try tiles.map { [UInt8](try archive.tile(z: $0.z, x: $0.x, y: $0.y)!) }
    let decoded = try bytes.map { try VectorTile(decoding: $0) }
    func perTile(_ body: () throws -> Void) rethrows -> Double {
        try medianTime(7, body) / Double(tiles.count)
    }
    let read = try perTile { for tile in tiles { _ = try archive.tile(z: tile.z, x: tile.x, y: tile.y) } }
    let decode = try perTile { for tile in bytes { _ = try VectorTile(decoding: tile) } }
    var results: [String] = []
    for size in [256, 512] {
        let renderer = TileRenderer(size: size)
        let draw = try perTile { for (tile, at) in zip(decoded, tiles) { _ = try renderer.draw(tile, zoom: at.z) } }
        let canvases = try zip(decoded, tiles).map { try renderer.draw($0, zoom: $1.z) }
        let encode = perTile { for canvas in canvases { _ = PNGEncoder.encode(canvas) } }
        let heaviest = try medianTime(7) {
            _ = try renderer.png(decoded[decoded.indices.max { bytes[$0].count < bytes[$1].count }!], zoom: 14)
        }
        results.append(
            "  \(size) px: draw \(ms(draw)) + PNG \(ms(encode)) per tile (\(String(format: "%.1f", (draw + encode) / decode))× decoding); the heaviest tile (\(bytes.map(\.count).max()! / 1024) KiB) \(ms(heaviest))"
        )
    }
    print("  \(tiles.count) tiles: read from the pack \(ms(read)), decoded \(ms(decode)) per tile (baselines)")
    results.forEach { print($0) }
    print("")
}

/// The columns and rows of zoom `z` the pack's area spans.
private func tileRange(_ archive: PMTilesArchive, _ z: Int) -> (
    (x: Int, y: Int), (x: Int, y: Int)
) {
    let count = Double(1 << z)
    func column(_ longitude: Double) -> Int { Int((longitude + 180) / 360 * count) }
    func row(_ latitude: Double) -> Int {
        let radians = latitude * .pi / 180
        return Int((1 - log(tan(radians) + 1 / cos(radians)) / .pi) / 2 * count)
    }
    let header = archive.header
    let (west, east) = (Double(header.minLonE7) / 1e7, Double(header.maxLonE7) / 1e7)
    let (south, north) = (Double(header.minLatE7) / 1e7, Double(header.maxLatE7) / 1e7)
    return ((column(west), row(north)), (column(east), row(south)))
}
