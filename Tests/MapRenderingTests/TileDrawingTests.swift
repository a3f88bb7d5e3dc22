import Foundation
import Inflate
import MapRendering
import SecureHashing
import TestSupport
import Testing

/// The rasteriser and the PNGs (issue 15: drawing offline packs): polygons filled as Pillow
/// fills them (masks made by tools/make_vector_tile_fixtures.py), edges anti-aliased by their
/// exact coverage, lines of the width asked, tiles deeper than the pack drawn from their
/// ancestor, and PNGs Pillow reads back pixel for pixel.
@Suite("Map tiles drawn")
struct TileDrawingTests {
    @Test(
        "Given the real tiles' water and land cover, when filled, then each pixel's coverage is Pillow's at 16× finer")
    func fillsLikePillow() throws {
        var compared = 0
        for name in VectorTileTests.names {
            let tile = try VectorTileTests.tile(name)
            for layer in tile.layers where layer.features.contains(where: { $0.type == .polygon }) {
                let file = VectorTileTests.fixtures.appendingPathComponent("\(name)-\(layer.name).coverage.gz")
                let oracle = [UInt8](try Inflate.decompress(Data(contentsOf: file), limit: 1 << 17))
                let scale = 256 / Double(layer.extent)
                let rings = layer.features.filter { $0.type == .polygon }.flatMap(\.parts).map {
                    $0.map { TileCanvas.Point(x: Double($0.x) * scale, y: Double($0.y) * scale) }
                }
                var canvas = TileCanvas(size: 256, background: TileCanvas.Colour(0))
                let coverage = canvas.coverage(rings)
                var (worst, total, ours, theirs, touched) = (Float(0), Float(0), Float(0), Float(0), 0)
                for index in 0..<(256 * 256) where coverage[index] > 0 || oracle[index] > 0 {
                    let error = abs(coverage[index] - Float(oracle[index]) / 255)
                    worst = max(worst, error)
                    total += error
                    ours += coverage[index]
                    theirs += Float(oracle[index]) / 255
                    touched += 1
                }
                #expect(worst < 0.2, "\(name) \(layer.name): a pixel differs by \(worst)")
                #expect(total / Float(max(1, touched)) < 0.03, "\(name) \(layer.name): mean error")
                // Pillow fills the fine pixels its edges touch, a bias of up to half a fine pixel
                // along every edge: the areas agree within that.
                #expect(abs(ours - theirs) < max(8, 0.025 * theirs), "\(name) \(layer.name): area \(ours) vs \(theirs)")
                compared += 1
            }
        }
        #expect(compared == 6)
    }

    @Test("Given simple shapes, when filled, then coverage is their exact area and holes and overlaps are right")
    func exactCoverage() {
        var canvas = TileCanvas(size: 8, background: TileCanvas.Colour(0))
        func square(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, clockwise: Bool = true) -> [TileCanvas
            .Point]
        {
            let ring = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)].map { TileCanvas.Point(x: $0.0, y: $0.1) }
            return clockwise ? ring : ring.reversed()
        }
        let half = canvas.coverage([square(1.5, 1, 3, 2)])
        #expect(abs(half[8 + 1] - 0.5) < 1e-5 && abs(half[8 + 2] - 1) < 1e-5 && half[8 + 3] == 0)
        let holed = canvas.coverage([square(0, 0, 6, 6), square(2, 2, 4, 4, clockwise: false)])
        #expect(holed[0] == 1 && holed[2 * 8 + 2] == 0 && holed[5 * 8 + 5] == 1)
        let overlapping = canvas.coverage([square(0, 0, 4, 4), square(2, 2, 6, 6)])
        #expect(overlapping[3 * 8 + 3] == 1, "an overlap is covered once")
        let outside = canvas.coverage([square(-100, -100, 100, 2)])
        #expect(outside[0] == 1 && outside[7] == 1 && outside[2 * 8] == 0, "clipped at every border")
        let diagonal = canvas.coverage([
            [TileCanvas.Point(x: 0, y: 0), TileCanvas.Point(x: 8, y: 0), TileCanvas.Point(x: 0, y: 8)]
        ])
        #expect(abs(diagonal.reduce(0, +) - 32) < 1e-3, "a triangle of area 32")
        #expect(abs(diagonal[0 * 8 + 7] - 0.5) < 1e-5, "a pixel the diagonal halves")
        let line = canvas.coverage(TileCanvas.strokeRings([.init(x: 1, y: 4), .init(x: 7, y: 4)], halfWidth: 1))
        #expect(line[3 * 8 + 4] == 1 && line[4 * 8 + 4] == 1 && line[2 * 8 + 4] == 0 && line[5 * 8 + 4] == 0)
    }

    @Test("Given a real tile, when drawn as a PNG, then Pillow reads it back pixel for pixel and water is blue")
    func pngsPillowReads() throws {
        let tile = try VectorTileTests.tile("14-9327-4742")
        let renderer = TileRenderer(size: 256)
        let canvas = try renderer.draw(tile, zoom: 14)
        let png = try renderer.png(tile, zoom: 14)
        #expect(png.count < 60_000, "a map tile compresses")
        let folder = try temporaryFolder("tile-png")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("tile.png")
        try Data(png).write(to: file)
        let script = """
            import hashlib, sys
            from PIL import Image
            image = Image.open(sys.argv[1])
            image.load()
            print(image.format, image.mode, image.size[0], image.size[1], hashlib.sha256(image.tobytes()).hexdigest())
            """
        let result = try externalCommand(["python3", "-c", script, file.path])
        let words = String(decoding: result.output, as: UTF8.self).split(separator: " ").map(String.init)
        #expect(result.status == 0, "\(String(decoding: result.errors, as: UTF8.self))")
        #expect(Array(words.prefix(4)) == ["PNG", "RGB", "256", "256"])
        let digest = SHA256Digest.hex(of: Data(canvas.pixels))
        #expect(words.last?.trimmingCharacters(in: .whitespacesAndNewlines) == digest)
        let style = TileStyle.outdoors
        let colours = Set((0..<256).flatMap { y in stride(from: 0, to: 256, by: 4).map { canvas.colour(x: $0, y: y) } })
        #expect(colours.contains(TileCanvas.Colour(0x9CC8E0)), "water drawn")
        #expect(colours.contains(TileCanvas.Colour(0xFFFFFF)), "streets drawn")
        #expect(colours.contains(style.background))
    }

    @Test("Given a tile deeper than the pack, when drawn from its ancestor, then it is that quarter enlarged")
    func overzoom() throws {
        let tile = try VectorTileTests.tile("14-9326-4741")
        let fills = TileStyle(
            background: TileStyle.outdoors.background,
            rules: TileStyle.outdoors.rules.filter { if case .fill = $0.paint { true } else { false } })
        #expect(
            TileRenderer.Window(z: 15, x: 2 * 9326 + 1, y: 2 * 4741, sourceZoom: 14)
                == TileRenderer.Window(depth: 1, column: 1, row: 0))
        let whole = try TileRenderer(style: fills, size: 512).draw(tile, zoom: 15)
        var colours: Set<TileCanvas.Colour> = []
        for (column, row) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let window = TileRenderer.Window(z: 15, x: 2 * 9326 + column, y: 2 * 4741 + row, sourceZoom: 14)
            let quarter = try TileRenderer(style: fills, size: 256).draw(tile, zoom: 15, window: window)
            var same = 0
            for y in 0..<256 {
                for x in 0..<256 {
                    let colour = quarter.colour(x: x, y: y)
                    colours.insert(colour)
                    if colour == whole.colour(x: 256 * column + x, y: 256 * row + y) { same += 1 }
                }
            }
            #expect(same > 65_000, "quarter \(column), \(row): \(same) of 65 536 pixels are the whole's")
        }
        #expect(colours.count > 10, "the quarters are not blank")
    }

    @Test("Given a tile asking to draw more points than a tile may, when drawn, then it is refused")
    func budget() throws {
        let point = VectorTile.Point(x: 0, y: 0)
        let line = VectorTile.Feature(
            id: nil, type: .lineString, properties: ["class": .string("river")],
            parts: [[VectorTile.Point]](repeating: [point, point], count: TileRenderer.pointBudget / 2 + 1))
        let tile = VectorTile(layers: [VectorTile.Layer(name: "waterway", extent: 4096, features: [line])])
        #expect(throws: VectorTileError.self) { try TileRenderer().draw(tile, zoom: 14) }
    }
}
