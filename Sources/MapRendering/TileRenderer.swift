/// Draws a map tile from an offline pack's vector tile (issue 15: offline maps in the app and
/// on the site; T9, T10) with a ``TileStyle`` into a PNG. A tile deeper than the pack's deepest
/// zoom is drawn from its ancestor there (overzoom): the part of the ancestor it covers, enlarged.
public struct TileRenderer: Sendable {
    public let style: TileStyle
    /// Pixels on a side: 256, or 512 for a screen's `@2x`.
    public let size: Int
    /// The letters names are written in; nil draws no names.
    public let font: LabelFont?
    /// The most points one tile may ask to draw; a hostile or broken pack stops there.
    public static let pointBudget = 2_000_000

    public init(style: TileStyle = .outdoors, size: Int = 256, font: LabelFont? = .bundled) {
        self.style = style
        self.size = size
        self.font = font
    }

    /// Which part of a vector tile a drawn tile shows: the whole (`depth` 0), or for a tile
    /// `depth` zooms deeper, the sub-square at `column`, `row` of the 2^depth × 2^depth grid.
    public struct Window: Sendable, Equatable {
        public var depth: Int
        public var column: Int
        public var row: Int

        public static let whole = Window(depth: 0, column: 0, row: 0)

        /// The window of tile z/x/y inside its ancestor at `sourceZoom` (≤ z).
        public init(z: Int, x: Int, y: Int, sourceZoom: Int) {
            depth = z - sourceZoom
            column = x - (x >> depth) << depth
            row = y - (y >> depth) << depth
        }

        public init(depth: Int, column: Int, row: Int) {
            self.depth = depth
            self.column = column
            self.row = row
        }
    }

    /// The tile at `zoom` drawn from `tile` through `window`, as a canvas. Each rule's features
    /// are filled together, in one pass over the canvas.
    public func draw(_ tile: VectorTile, zoom: Int, window: Window = .whole) throws(VectorTileError) -> TileCanvas {
        var canvas = TileCanvas(size: size, background: style.background)
        var budget = Self.pointBudget
        for rule in style.rules where zoom >= rule.minZoom {
            var rings: [[TileCanvas.Point]] = []
            for layer in tile.layers where layer.name == rule.layer {
                let scale = Double(size) * Double(1 << window.depth) / Double(layer.extent)
                let offset = (Double(window.column * size), Double(window.row * size))
                for feature in layer.features where rule.matches(feature) {
                    budget -= feature.parts.reduce(0) { $0 + $1.count }
                    guard budget >= 0 else {
                        throw .malformed("more than \(Self.pointBudget) points to draw in one tile")
                    }
                    let parts = feature.parts.map { part in
                        part.map {
                            TileCanvas.Point(x: Double($0.x) * scale - offset.0, y: Double($0.y) * scale - offset.1)
                        }
                    }
                    rings += shape(parts, type: feature.type, rule.paint, zoom: zoom)
                }
            }
            if !rings.isEmpty { canvas.fill(rings, colour: rule.paint.colour) }
        }
        if let font { write(tile, zoom: zoom, window: window, font: font, on: &canvas) }
        return canvas
    }

    /// Writes the names the style's label rules pick, centred on their point or their lake, each
    /// in a halo; a name that would overlap one already written, or a lake narrower than its
    /// name, is left out.
    private func write(
        _ tile: VectorTile, zoom: Int, window: Window, font: LabelFont, on canvas: inout TileCanvas
    ) {
        var written: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
        for rule in style.labels where zoom >= rule.minZoom {
            let size = rule.size * Double(self.size) / 256
            for layer in tile.layers where layer.name == rule.layer {
                let scale = Double(self.size) * Double(1 << window.depth) / Double(layer.extent)
                let offset = (Double(window.column * self.size), Double(window.row * self.size))
                for feature in layer.features where rule.matches(feature) {
                    guard let name = feature.properties["name"]?.text, !name.isEmpty, name.count <= 64,
                        let part = feature.parts.first, !part.isEmpty
                    else { continue }
                    let points = part.map {
                        TileCanvas.Point(x: Double($0.x) * scale - offset.0, y: Double($0.y) * scale - offset.1)
                    }
                    let width = font.width(name, size: size)
                    let anchor: TileCanvas.Point
                    if feature.type == .polygon {
                        let xs = points.map(\.x)
                        guard let low = xs.min(), let high = xs.max(), high - low >= width * 0.8 else { continue }
                        anchor = Self.centroid(points)
                    } else {
                        anchor = points[0]
                    }
                    let origin = TileCanvas.Point(x: anchor.x - width / 2, y: anchor.y + size * 0.35)
                    let box = (
                        minX: origin.x - 2, minY: origin.y - size * 0.8, maxX: origin.x + width + 2,
                        maxY: origin.y + size * 0.3
                    )
                    guard box.maxX > 0, box.minX < Double(self.size), box.maxY > 0, box.minY < Double(self.size),
                        !written.contains(where: {
                            $0.minX < box.maxX && box.minX < $0.maxX && $0.minY < box.maxY && box.minY < $0.maxY
                        })
                    else { continue }
                    written.append(box)
                    let letters = font.rings(name, size: size, at: origin)
                    let halo = letters.flatMap { TileCanvas.strokeRings($0 + $0.prefix(1), halfWidth: size * 0.1) }
                    canvas.fill(halo, colour: style.halo)
                    canvas.fill(letters, colour: rule.colour)
                }
            }
        }
    }

    /// The centre of a ring's area (its first point when it has none).
    private static func centroid(_ ring: [TileCanvas.Point]) -> TileCanvas.Point {
        var (area, x, y) = (0.0, 0.0, 0.0)
        for (a, b) in zip(ring, ring.dropFirst() + ring.prefix(1)) {
            let cross = a.x * b.y - b.x * a.y
            area += cross
            x += (a.x + b.x) * cross
            y += (a.y + b.y) * cross
        }
        guard abs(area) > 1e-9 else { return ring[0] }
        return TileCanvas.Point(x: x / (3 * area), y: y / (3 * area))
    }

    /// The tile as a PNG.
    public func png(_ tile: VectorTile, zoom: Int, window: Window = .whole) throws(VectorTileError) -> [UInt8] {
        PNGEncoder.encode(try draw(tile, zoom: zoom, window: window))
    }

    /// The rings a feature's paint covers: its own for a filled polygon, its stroke for a line
    /// (a polygon's outline, closed), a disc on each point for a dot.
    private func shape(
        _ parts: [[TileCanvas.Point]], type: VectorTile.GeometryType, _ paint: TileStyle.Paint, zoom: Int
    ) -> [[TileCanvas.Point]] {
        switch (paint, type) {
        case (.fill, .polygon):
            return parts
        case (.line(_, let width, let minWidth), .lineString), (.line(_, let width, let minWidth), .polygon):
            let half = TileStyle.lineWidth(width, minWidth: minWidth, zoom: zoom, tileSize: size) / 2
            let lines = type == .polygon ? parts.map { $0 + $0.prefix(1) } : parts
            return lines.flatMap { TileCanvas.strokeRings($0, halfWidth: half) }
        case (.dot(_, let radius), .point):
            return parts.joined().flatMap { TileCanvas.strokeRings([$0], halfWidth: radius * Double(size) / 256) }
        default:
            return []
        }
    }
}

/// A style rule that picks features by their `class`.
protocol PicksFeatures {
    var classes: Set<String>? { get }
}

extension TileStyle.Rule: PicksFeatures {}
extension TileStyle.LabelRule: PicksFeatures {}

extension PicksFeatures {
    func matches(_ feature: VectorTile.Feature) -> Bool {
        guard let classes else { return true }
        return feature.properties["class"]?.text.map(classes.contains) ?? false
    }
}
