import Foundation
import MapRendering
import Testing

/// Names on map pictures (issue 15): the bundled font read as fontTools reads it (points, curve
/// flags, contours, advances; tools/make_map_font.py), words inked as Pillow's FreeType inks them,
/// and place and lake names on a real tile.
@Suite("Map labels")
struct LabelTests {
    static func fixture() throws -> [String: Any] {
        let url = VectorTileTests.fixtures.appendingPathComponent("font.json")
        return try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any] ?? [:]
    }

    @Test("Given the bundled font, when glyphs are read, then each is fontTools' own")
    func glyphsMatchFontTools() throws {
        let label = try #require(LabelFont.bundled)
        let fixture = try Self.fixture()
        #expect(label.font.unitsPerEm == fixture["unitsPerEm"] as? Int)
        #expect(label.font.ascender == fixture["ascender"] as? Int)
        let glyphs = try #require(fixture["glyphs"] as? [String: [String: Any]])
        #expect(glyphs.count > 25)
        for (character, expected) in glyphs {
            let glyph = label.font.glyph(try #require(character.unicodeScalars.first))
            #expect(glyph.points.map { [$0.x, $0.y] } == expected["points"] as? [[Int]], "\(character)")
            #expect(glyph.onCurve == expected["onCurve"] as? [Bool], "\(character)")
            #expect(glyph.contourEnds == expected["contourEnds"] as? [Int], "\(character)")
            #expect(glyph.advance == expected["advance"] as? Int, "\(character)")
        }
        #expect(label.font.glyph("中") == label.font.glyph("\u{FFFF}"), "missing letters draw the same box")
    }

    @Test("Given words, when inked at 16 pixels, then their box and ink are FreeType's within a pixel and a tenth")
    func inkMatchesPillow() throws {
        let label = try #require(LabelFont.bundled)
        let ink = try #require(try Self.fixture()["ink"] as? [String: [String: Any]])
        let baseline = 4 + Double(label.font.ascender) * 16 / Double(label.font.unitsPerEm)
        for (word, expected) in ink {
            var canvas = TileCanvas(size: 256, background: TileCanvas.Colour(0))
            let coverage = canvas.coverage(label.rings(word, size: 16, at: TileCanvas.Point(x: 4, y: baseline)))
            var (left, top, right, bottom, total) = (256, 256, 0, 0, Float(0))
            for index in coverage.indices where coverage[index] > 0.1 {
                let (x, y) = (index % 256, index / 256)
                (left, top, right, bottom) = (min(left, x), min(top, y), max(right, x + 1), max(bottom, y + 1))
            }
            total = coverage.reduce(0, +)
            let box = try #require(expected["box"] as? [Int])
            // FreeType rounds each letter's advance to a whole pixel: the right edge drifts with
            // the word's length.
            let drift = max(1, Int((0.04 * Double(box[2] - box[0])).rounded(.up)))
            #expect(abs(left - box[0]) <= 1 && abs(right - box[2]) <= drift, "\(word): \(left)…\(right) vs \(box)")
            #expect(abs(top - box[1]) <= 1 && abs(bottom - box[3]) <= 1, "\(word): \(top)…\(bottom) vs \(box)")
            let pillow = try #require(expected["coverage"] as? Double)
            #expect(abs(Double(total) - pillow) < 0.1 * pillow, "\(word): ink \(total) vs \(pillow)")
            #expect(abs(label.width(word, size: 16) - Double(box[2] - box[0])) < Double(drift + 2), "\(word): width")
        }
    }

    /// The colours of the pixels names changed on a real tile, and how many changed.
    static func names(_ name: String, zoom: Int, window: TileRenderer.Window = .whole) throws -> (
        colours: Set<TileCanvas.Colour>, count: Int
    ) {
        let tile = try VectorTileTests.tile(name)
        let named = try TileRenderer(size: 256).draw(tile, zoom: zoom, window: window)
        let bare = try TileRenderer(size: 256, font: nil).draw(tile, zoom: zoom, window: window)
        var colours: Set<TileCanvas.Colour> = []
        var count = 0
        for y in 0..<256 {
            for x in 0..<256 where named.colour(x: x, y: y) != bare.colour(x: x, y: y) {
                colours.insert(named.colour(x: x, y: y))
                count += 1
            }
        }
        return (colours, count)
    }

    @Test("Given real tiles with a city and a named lake, when drawn, then both names are written in their colours")
    func namesOnRealTiles() throws {
        let city = try Self.names("12-2331-1185", zoom: 12)
        #expect(city.count > 100, "\(city.count) pixels of the city's name")
        #expect(city.colours.contains(TileCanvas.Colour(0x222222)), "the city's name in its colour")
        #expect(city.colours.contains(TileCanvas.Colour(0xFFFFFF)), "a halo around the letters")
        // Töölönlahti is 20 pixels wide at zoom 14 (too narrow for its name), 80 at zoom 16.
        #expect(try Self.names("14-9326-4741", zoom: 14).count == 0, "a lake narrower than its name is not named")
        let window = TileRenderer.Window(z: 16, x: 37_307, y: 18_966, sourceZoom: 14)
        let lake = try Self.names("14-9326-4741", zoom: 16, window: window)
        #expect(lake.count > 100, "\(lake.count) pixels of the lake's name")
        #expect(lake.colours.contains(TileCanvas.Colour(0x2A5D8A)), "the lake's name in its colour")
        #expect(try Self.names("12-2331-1185", zoom: 5).count == 0, "no names before their zoom")
    }
}
