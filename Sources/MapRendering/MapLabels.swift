import Foundation

/// Names written on map pictures (issue 15; T9): places and named lakes, in the bundled font
/// (DejaVu Sans Condensed Bold, cut by tools/make_map_font.py), dark letters inside a light halo
/// so they read over any colour. Letters are the font's outlines, flattened and filled by the
/// same rasteriser as the map.
public struct LabelFont: Sendable {
    public let font: TrueTypeFont

    public init(font: TrueTypeFont) { self.font = font }

    /// The font shipped with the module; nil only if the bundle lost it.
    public static let bundled: LabelFont? = Bundle.module.url(forResource: "MapLabels", withExtension: "ttf")
        .flatMap { try? Data(contentsOf: $0) }.flatMap { try? LabelFont(font: TrueTypeFont($0)) }

    /// How wide `text` is at `size` pixels to the em.
    public func width(_ text: String, size: Double) -> Double {
        text.unicodeScalars.reduce(0) { $0 + Double(font.glyph($1).advance) } * size / Double(font.unitsPerEm)
    }

    /// The outlines of `text` at `size` pixels to the em, its baseline starting at `origin`.
    public func rings(_ text: String, size: Double, at origin: TileCanvas.Point) -> [[TileCanvas.Point]] {
        let scale = size / Double(font.unitsPerEm)
        var x = origin.x
        var rings: [[TileCanvas.Point]] = []
        for scalar in text.unicodeScalars {
            let glyph = font.glyph(scalar)
            var start = 0
            for end in glyph.contourEnds where end >= start && end < glyph.points.count {
                let points = (start...end).map { index in
                    (
                        TileCanvas.Point(
                            x: x + Double(glyph.points[index].x) * scale,
                            y: origin.y - Double(glyph.points[index].y) * scale),
                        glyph.onCurve[index]
                    )
                }
                rings.append(Self.flatten(points))
                start = end + 1
            }
            x += Double(glyph.advance) * scale
        }
        return rings
    }

    /// A TrueType contour as a polygon: each quadratic piece cut into four lines, an on-curve
    /// point implied between two control points.
    static func flatten(_ contour: [(point: TileCanvas.Point, onCurve: Bool)]) -> [TileCanvas.Point] {
        guard contour.count > 1 else { return contour.map(\.point) }
        func middle(_ a: TileCanvas.Point, _ b: TileCanvas.Point) -> TileCanvas.Point {
            TileCanvas.Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        }
        // Start on the curve: the first on-curve point, or the middle of the first two controls.
        let first = contour.firstIndex { $0.onCurve }
        let rotated = first.map { Array(contour[$0...] + contour[..<$0]) } ?? contour
        let start = first == nil ? middle(contour[0].point, contour[1].point) : rotated[0].point
        var polygon = [start]
        var control: TileCanvas.Point?
        for (point, onCurve) in (first == nil ? rotated : Array(rotated.dropFirst())) + [(start, true)] {
            if onCurve {
                if let control {
                    polygon += quadratic(polygon.last ?? start, control, point)
                } else {
                    polygon.append(point)
                }
                control = nil
            } else if let previous = control {
                let implied = middle(previous, point)
                polygon += quadratic(polygon.last ?? start, previous, implied)
                control = point
            } else {
                control = point
            }
        }
        polygon.removeLast()
        return polygon
    }

    private static func quadratic(_ from: TileCanvas.Point, _ control: TileCanvas.Point, _ to: TileCanvas.Point)
        -> [TileCanvas.Point]
    {
        (1...4).map { step in
            let t = Double(step) / 4
            let u = 1 - t
            return TileCanvas.Point(
                x: u * u * from.x + 2 * u * t * control.x + t * t * to.x,
                y: u * u * from.y + 2 * u * t * control.y + t * t * to.y)
        }
    }
}
