import Foundation

/// How an offline pack's layers are drawn (issue 15; T9: the scheme map), for anglers: water
/// strong, the roads and tracks that lead to it, woods and wetlands, and the landmarks of a
/// fishing trip (slipways, piers, fishing places, parking) as dots; the names of places and
/// lakes. The rules are drawn in order, names last; widths are pixels of a 256-pixel tile at
/// zoom 14 and scale with the zoom.
public struct TileStyle: Sendable {
    /// What one rule draws.
    public enum Paint: Sendable, Equatable {
        case fill(TileCanvas.Colour)
        /// A line `width` pixels wide at zoom 14, never thinner than `minWidth`.
        case line(TileCanvas.Colour, width: Double, minWidth: Double)
        /// A dot of `radius` pixels on each point.
        case dot(TileCanvas.Colour, radius: Double)

        public var colour: TileCanvas.Colour {
            switch self {
            case .fill(let colour), .line(let colour, _, _), .dot(let colour, _): colour
            }
        }
    }

    /// Draws the features of `layer` whose `class` is among `classes` (all when nil), from
    /// `minZoom` on.
    public struct Rule: Sendable {
        public var layer: String
        public var classes: Set<String>?
        public var minZoom: Int
        public var paint: Paint

        public init(_ layer: String, _ classes: Set<String>, minZoom: Int = 0, _ paint: Paint) {
            self.layer = layer
            self.classes = classes
            self.minZoom = minZoom
            self.paint = paint
        }

        /// Draws every feature of `layer`.
        public init(_ layer: String, minZoom: Int = 0, _ paint: Paint) {
            self.layer = layer
            classes = nil
            self.minZoom = minZoom
            self.paint = paint
        }
    }

    /// Writes the `name` of the features of `layer` whose `class` is among `classes` (all when
    /// nil), from `minZoom` on, `size` pixels to the em on a 256-pixel tile.
    public struct LabelRule: Sendable {
        public var layer: String
        public var classes: Set<String>?
        public var minZoom: Int
        public var size: Double
        public var colour: TileCanvas.Colour

        public init(
            _ layer: String, _ classes: Set<String>? = nil, minZoom: Int, size: Double, _ colour: TileCanvas.Colour
        ) {
            self.layer = layer
            self.classes = classes
            self.minZoom = minZoom
            self.size = size
            self.colour = colour
        }
    }

    public var background: TileCanvas.Colour
    public var rules: [Rule]
    /// Names, written after every shape, the first placed winning where two would overlap.
    public var labels: [LabelRule]
    /// The light outline around every letter.
    public var halo: TileCanvas.Colour

    public init(
        background: TileCanvas.Colour, rules: [Rule], labels: [LabelRule] = [],
        halo: TileCanvas.Colour = TileCanvas.Colour(0xFFFFFF)
    ) {
        self.background = background
        self.rules = rules
        self.labels = labels
        self.halo = halo
    }

    /// The pixels a line of `width` (at zoom 14) takes at `zoom` on a tile of `tileSize`.
    public static func lineWidth(_ width: Double, minWidth: Double, zoom: Int, tileSize: Int) -> Double {
        max(minWidth, width * pow(2, Double(zoom - 14) * 0.7)) * Double(tileSize) / 256
    }

    /// The anglers' map of the packs' layers (tools/map-pack/process.lua).
    public static let outdoors: TileStyle = {
        let major: Set = ["motorway", "trunk", "primary", "motorway_link", "trunk_link", "primary_link"]
        let middle: Set = ["secondary", "tertiary", "secondary_link", "tertiary_link"]
        let minor: Set = ["unclassified", "residential", "living_street", "service", "road"]
        let trails: Set = ["path", "footway", "cycleway", "bridleway", "steps"]
        let casing = TileCanvas.Colour(0xB5AFA6)
        return TileStyle(
            background: TileCanvas.Colour(0xF2EFE9),
            rules: [
                Rule("landcover", ["forest"], .fill(TileCanvas.Colour(0xC5DCB0))),
                Rule("landcover", ["grass", "scrub"], .fill(TileCanvas.Colour(0xDCE9C6))),
                Rule("landcover", ["wetland"], .fill(TileCanvas.Colour(0xD3E5DF))),
                Rule("water", .fill(TileCanvas.Colour(0x9CC8E0))),
                Rule("waterway", ["river", "canal"], .line(TileCanvas.Colour(0x9CC8E0), width: 4, minWidth: 1)),
                Rule("waterway", minZoom: 12, .line(TileCanvas.Colour(0x9CC8E0), width: 1.6, minWidth: 0.6)),
                Rule("transportation", ["track"], .line(TileCanvas.Colour(0xA0793D), width: 1.4, minWidth: 0.6)),
                Rule("transportation", trails, .line(TileCanvas.Colour(0xD4745F), width: 0.9, minWidth: 0.5)),
                Rule("transportation", minor, minZoom: 12, .line(casing, width: 3.4, minWidth: 0.8)),
                Rule("transportation", middle.union(major), .line(casing, width: 5, minWidth: 1.2)),
                Rule("transportation", minor, .line(TileCanvas.Colour(0xFFFFFF), width: 2.4, minWidth: 0.6)),
                Rule("transportation", middle, .line(TileCanvas.Colour(0xF8F3B5), width: 3.8, minWidth: 0.9)),
                Rule("transportation", major, .line(TileCanvas.Colour(0xF4B77A), width: 4.2, minWidth: 1)),
                Rule(
                    "poi", ["slipway", "fishing", "pier", "marina"], minZoom: 12,
                    .dot(TileCanvas.Colour(0x1F5FBF), radius: 3.5)),
                Rule(
                    "poi", ["parking", "fuel", "shelter", "toilets", "drinking_water"], minZoom: 13,
                    .dot(TileCanvas.Colour(0x6B6B6B), radius: 2.2)),
            ],
            labels: [
                LabelRule("place", ["city"], minZoom: 6, size: 15, TileCanvas.Colour(0x222222)),
                LabelRule("place", ["town"], minZoom: 8, size: 13, TileCanvas.Colour(0x222222)),
                LabelRule("place", ["village"], minZoom: 10, size: 12, TileCanvas.Colour(0x333333)),
                LabelRule("water", minZoom: 12, size: 11.5, TileCanvas.Colour(0x2A5D8A)),
                LabelRule(
                    "place", ["hamlet", "isolated_dwelling", "locality"], minZoom: 12, size: 11,
                    TileCanvas.Colour(0x444444)),
            ])
    }()
}
