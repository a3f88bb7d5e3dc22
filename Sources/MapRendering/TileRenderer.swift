/// Draws a map tile from an offline pack's vector tile (issue 15: offline maps in the app and
/// on the site; T9, T10) with a ``TileStyle`` into a PNG. A tile deeper than the pack's deepest
/// zoom is drawn from its ancestor there (overzoom): the part of the ancestor it covers, enlarged.
public struct TileRenderer: Sendable {
    public let style: TileStyle
    /// Pixels on a side: 256, or 512 for a screen's `@2x`.
    public let size: Int
    /// The most points one tile may ask to draw; a hostile or broken pack stops there.
    public static let pointBudget = 2_000_000

    public init(style: TileStyle = .outdoors, size: Int = 256) {
        self.style = style
        self.size = size
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
        return canvas
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

extension TileStyle.Rule {
    func matches(_ feature: VectorTile.Feature) -> Bool {
        guard let classes else { return true }
        return feature.properties["class"]?.text.map(classes.contains) ?? false
    }
}
