import MapSources

/// How the map screen draws its background (T7, T9, T10): Apple's MapKit in one of its styles, a
/// raster tile layer from a source's tiles (a key filled in), or the offline packs on the device
/// drawn as pictures, each with the attribution its terms ask to be shown. Made from the
/// settings' source and the map's mode by ``make(source:mode:key:)``.
public enum MapDrawing: Sendable, Equatable {
    case apple(MapMode)
    case tiles(urlTemplate: String, tileSize: Int, maxZoom: Int, attribution: String)
    /// The installed packs (``InstalledPackTiles``), over Apple's map where no pack reaches.
    case packs(attribution: String)

    /// The modes a source draws, in the picker's order (Apple: all three).
    public static func modes(of source: MapSource?) -> [MapMode] {
        guard let source else { return MapMode.allCases }
        return MapMode.allCases.filter { source.kinds.contains($0.kind) }
    }

    /// The mode shown: the one chosen when the source draws it, else the source's first.
    public static func mode(_ chosen: MapMode, of source: MapSource?) -> MapMode {
        let offered = modes(of: source)
        return offered.contains(chosen) ? chosen : offered.first ?? .standard
    }

    /// As the source is drawn (``MapSource/drawing``): Apple's maps (also when no source is
    /// known), the packs, or the source's raster tiles of the shown mode. Nil when the source
    /// cannot be drawn that way (no key, no tiles of that kind).
    public static func make(source: MapSource?, mode chosen: MapMode, key: String?) -> MapDrawing? {
        let mode = mode(chosen, of: source)
        guard let source else { return .apple(mode) }
        switch source.drawing {
        case .mapKit: return .apple(mode)
        case .packs: return .packs(attribution: source.attribution)
        case .rasterTiles(let kinds):
            guard let tiles = kinds[mode.kind], let template = source.tileTemplate(mode.kind, key: key) else {
                return nil
            }
            return .tiles(
                urlTemplate: template, tileSize: tiles.tileSize, maxZoom: tiles.maxZoom,
                attribution: source.attribution)
        }
    }
}

extension MapMode {
    /// What a source must draw for this mode.
    public var kind: MapSource.Kind {
        switch self {
        case .standard: .scheme
        case .satellite: .satellite
        case .hybrid: .hybrid
        }
    }
}
