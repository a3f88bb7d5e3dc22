import Foundation

/// A square of pixels a map tile is drawn on (issue 15: offline maps, T9, T10): an opaque RGB
/// image, filled shapes blended in with anti-aliased edges. A shape is a set of rings filled by
/// the non-zero rule (holes wound the other way stay empty; overlapping parts wound the same way
/// are covered once), its coverage computed exactly per pixel from the signed area each edge
/// sweeps, accumulated along each row (the method Raph Levien describes for font-rs). Lines are drawn as the shape of their
/// stroke (``strokeRings(_:halfWidth:)``).
public struct TileCanvas: Sendable {
    /// An sRGB colour.
    public struct Colour: Sendable, Hashable {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8

        /// From `0xRRGGBB`.
        public init(_ hex: UInt32) {
            red = UInt8(truncatingIfNeeded: hex >> 16)
            green = UInt8(truncatingIfNeeded: hex >> 8)
            blue = UInt8(truncatingIfNeeded: hex)
        }
    }

    /// A point in pixels, x to the right and y downward; may lie outside the canvas.
    public struct Point: Sendable, Equatable {
        public var x: Double
        public var y: Double
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    public let size: Int
    /// Red, green and blue of each pixel, row by row from the top.
    public private(set) var pixels: [UInt8]
    /// The signed area swept into each pixel by the shape being filled; one column more than the
    /// canvas, for edges on its right border.
    private var accumulation: [Float]
    /// The rows the shape being filled touches.
    private var touched = 0..<0

    public init(size: Int, background: Colour) {
        precondition((1...4096).contains(size), "a tile canvas is 1 to 4096 pixels on a side")
        self.size = size
        pixels = [UInt8](repeating: 0, count: size * size * 3)
        accumulation = [Float](repeating: 0, count: size * (size + 2))
        for index in 0..<(size * size) {
            pixels[3 * index] = background.red
            pixels[3 * index + 1] = background.green
            pixels[3 * index + 2] = background.blue
        }
    }

    /// The colour at a pixel.
    public func colour(x: Int, y: Int) -> Colour {
        let index = 3 * (y * size + x)
        return Colour(UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2]))
    }

    /// How much of each pixel `rings` cover (0…1, row by row), by the non-zero rule.
    public mutating func coverage(_ rings: [[Point]]) -> [Float] {
        var covered = [Float](repeating: 0, count: size * size)
        sweep(rings) { index, coverage in covered[index] = coverage }
        return covered
    }

    /// Blends `colour` over the pixels `rings` cover, at `opacity`.
    public mutating func fill(_ rings: [[Point]], colour: Colour, opacity: Float = 1) {
        let over = (UInt32(colour.red), UInt32(colour.green), UInt32(colour.blue))
        var pixels = self.pixels
        self.pixels = []
        sweep(rings) { index, coverage in
            let alpha = UInt32(coverage * opacity * 255 + 0.5)
            let pixel = 3 * index
            pixels[pixel] = Self.blend(pixels[pixel], over.0, alpha)
            pixels[pixel + 1] = Self.blend(pixels[pixel + 1], over.1, alpha)
            pixels[pixel + 2] = Self.blend(pixels[pixel + 2], over.2, alpha)
        }
        self.pixels = pixels
    }

    /// Adds up the edges of `rings` along the rows they touch and hands each covered pixel's
    /// index and coverage to `visit`, leaving the accumulation clear for the next shape.
    @inline(__always)
    private mutating func sweep(_ rings: [[Point]], _ visit: (Int, Float) -> Void) {
        for ring in rings where ring.count > 1 {
            for index in ring.indices {
                addEdge(ring[index], ring[(index + 1) % ring.count])
            }
        }
        let stride = size + 2
        for row in touched {
            var sum: Float = 0
            let line = row * stride
            for column in 0..<size {
                sum += accumulation[line + column]
                let coverage = min(1, abs(sum))
                if coverage > 0 { visit(row * size + column, coverage) }
            }
            for column in 0..<stride { accumulation[line + column] = 0 }
        }
        touched = 0..<0
    }

    /// The outline of a line `halfWidth` pixels to each side, with round joins and ends (as
    /// octagons), each piece wound the same way so that the non-zero rule covers their union once.
    public static func strokeRings(_ line: [Point], halfWidth: Double) -> [[Point]] {
        guard let first = line.first else { return [] }
        var rings = [octagon(first, halfWidth)]
        for (start, end) in zip(line, line.dropFirst()) {
            let (dx, dy) = (end.x - start.x, end.y - start.y)
            let length = (dx * dx + dy * dy).squareRoot()
            if length > 0 {
                let (nx, ny) = (-dy / length * halfWidth, dx / length * halfWidth)
                rings.append([
                    Point(x: start.x - nx, y: start.y - ny), Point(x: end.x - nx, y: end.y - ny),
                    Point(x: end.x + nx, y: end.y + ny), Point(x: start.x + nx, y: start.y + ny),
                ])
            }
            rings.append(octagon(end, halfWidth))
        }
        return rings
    }

    /// A regular octagon around `centre`, clockwise on screen like the segments' rectangles.
    private static func octagon(_ centre: Point, _ radius: Double) -> [Point] {
        unitOctagon.map { Point(x: centre.x + radius * $0.x, y: centre.y + radius * $0.y) }
    }

    private static let unitOctagon = (0..<8).map { step in
        Point(x: cos(Double(step) * .pi / 4), y: sin(Double(step) * .pi / 4))
    }

    /// `over` at `alpha` (0…255) over `under`, rounded.
    private static func blend(_ under: UInt8, _ over: UInt32, _ alpha: UInt32) -> UInt8 {
        UInt8((UInt32(under) * (255 - alpha) + over * alpha + 127) / 255)
    }

    /// Adds the signed area an edge sweeps to the pixels it crosses. Parts left of the canvas
    /// count as a vertical edge on its left border; parts right of it change no pixel.
    private mutating func addEdge(_ from: Point, _ to: Point) {
        guard from.y != to.y, from.x.isFinite, from.y.isFinite, to.x.isFinite, to.y.isFinite else { return }
        let width = Double(size)
        let left = min(from.x, to.x)
        let right = max(from.x, to.x)
        if left >= width { return }
        if left < 0 || right > width {
            // Split at the borders and keep each piece where it counts.
            var cuts: [Double] = [0, 1]
            for border in [0.0, width] where (left < border && border < right) {
                cuts.append((border - from.x) / (to.x - from.x))
            }
            cuts.sort()
            for (a, b) in zip(cuts, cuts.dropFirst()) where b > a {
                let start = Point(x: from.x + (to.x - from.x) * a, y: from.y + (to.y - from.y) * a)
                let end = Point(x: from.x + (to.x - from.x) * b, y: from.y + (to.y - from.y) * b)
                let middle = (start.x + end.x) / 2
                if middle >= width { continue }
                if middle <= 0 {
                    addInsideEdge(Point(x: 0, y: start.y), Point(x: 0, y: end.y))
                } else {
                    addInsideEdge(
                        Point(x: min(max(start.x, 0), width), y: start.y), Point(x: min(max(end.x, 0), width), y: end.y)
                    )
                }
            }
            return
        }
        addInsideEdge(from, to)
    }

    /// An edge whose x lies within 0…size.
    private mutating func addInsideEdge(_ from: Point, _ to: Point) {
        guard from.y != to.y else { return }
        let (direction, top, bottom): (Float, Point, Point) = from.y < to.y ? (1, from, to) : (-1, to, from)
        let (width, height) = (Double(size), Double(size))
        guard bottom.y > 0, top.y < height else { return }
        let slope = (bottom.x - top.x) / (bottom.y - top.y)
        var x = top.x
        if top.y < 0 { x -= top.y * slope }
        let stride = size + 2
        let firstRow = max(0, Int(top.y.rounded(.down)))
        let lastRow = min(size, Int(bottom.y.rounded(.up)))
        touched =
            touched.isEmpty ? firstRow..<lastRow : min(touched.lowerBound, firstRow)..<max(touched.upperBound, lastRow)
        for row in firstRow..<lastRow {
            let dy = min(Double(row + 1), bottom.y) - max(Double(row), top.y)
            let nextX = x + slope * dy
            let d = Float(dy) * direction
            // Clamped against rounding: the edge lies within the canvas's columns.
            let (x0, x1) = (max(0, min(x, nextX, width)), min(width, max(x, nextX, 0)))
            let x0Floor = x0.rounded(.down)
            let x0Index = Int(x0Floor)
            let x1Ceiling = x1.rounded(.up)
            let x1Index = Int(x1Ceiling)
            let line = row * stride
            if x1Index <= x0Index + 1 {
                let middle = Float(0.5 * (x + nextX) - x0Floor)
                accumulation[line + x0Index] += d - d * middle
                accumulation[line + x0Index + 1] += d * middle
            } else {
                let inverse = Float(1 / (x1 - x0))
                let x0Fraction = Float(x0 - x0Floor)
                let a0 = 0.5 * inverse * (1 - x0Fraction) * (1 - x0Fraction)
                let x1Fraction = Float(x1 - x1Ceiling + 1)
                let aEnd = 0.5 * inverse * x1Fraction * x1Fraction
                accumulation[line + x0Index] += d * a0
                if x1Index == x0Index + 2 {
                    accumulation[line + x0Index + 1] += d * (1 - a0 - aEnd)
                } else {
                    let a1 = inverse * (1.5 - x0Fraction)
                    accumulation[line + x0Index + 1] += d * (a1 - a0)
                    for column in (x0Index + 2)..<(x1Index - 1) {
                        accumulation[line + column] += d * inverse
                    }
                    let a2 = a1 + Float(x1Index - x0Index - 3) * inverse
                    accumulation[line + x1Index - 1] += d * (1 - a2 - aEnd)
                }
                accumulation[line + x1Index] += d * aEnd
            }
            x = nextX
        }
    }
}
