import Foundation
import MapPacks

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
