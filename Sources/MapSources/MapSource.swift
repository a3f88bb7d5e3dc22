/// A map service the app or the site can show (T7, T8, T9): what it draws, what it costs, under
/// which licence, whether its maps may be kept for use offline, and the attribution that must
/// always be shown with it. The catalogue is ``catalogue``; docs/maps.md explains each entry and
/// why the defaults were chosen.
public struct MapSource: Sendable, Equatable, Identifiable {
    /// What a source draws.
    public enum Kind: String, Sendable, CaseIterable {
        /// Roads, water, names: the drawn map.
        case scheme
        case satellite
        /// Satellite imagery with roads and names over it.
        case hybrid
    }

    /// What using the source costs the angler or the operator.
    public enum Price: String, Sendable {
        case free
        /// Free up to a monthly quota, paid beyond it; a key is needed.
        case freeTier
        case paid
    }

    /// Whether the source's maps may be kept on the device for use without a network.
    public enum OfflineUse: String, Sendable {
        case allowed
        /// Only through the provider's own offline feature, within its limits.
        case providerLimits
        /// Online only (the provider's terms forbid bulk or offline download).
        case forbidden
    }

    /// What draws a source's maps.
    public enum Drawing: Sendable, Equatable {
        /// Apple's MapKit, in the app.
        case mapKit
        /// Our offline packs, drawn on the device or by the portal.
        case packs
        /// Raster tiles fetched from the provider, one set per kind the source draws.
        case rasterTiles([Kind: RasterTiles])
    }

    /// Where a source can be shown.
    public enum Surface: String, Sendable {
        /// The iPhone and iPad app.
        case app
        /// The portal's web pages.
        case site
    }

    public let id: String
    /// The service's own name (not translated).
    public let name: String
    public let kinds: [Kind]
    public let price: Price
    public let offline: OfflineUse
    public let surfaces: Set<Surface>
    /// What the operator's or the angler's key must look like; nil for sources without a key.
    public let key: KeyRule?
    public let licence: String
    public let termsURL: String
    /// The text shown on every map drawn from this source.
    public let attribution: String
    public let drawing: Drawing

    /// Whether the operator (or the angler) must configure a key or token.
    public var needsKey: Bool { key != nil }

    /// The raster tiles of each kind the source draws that way; empty for sources drawn by
    /// MapKit or from packs.
    public var rasterTiles: [Kind: RasterTiles] {
        if case .rasterTiles(let tiles) = drawing { return tiles }
        return [:]
    }
}

/// Where one kind of a source's raster tiles are (T9): an address with `{z}`, `{x}`, `{y}` and,
/// for keyed sources, `{key}`; the size a tile is drawn at, which tells a map view which zoom's
/// tiles to fetch; and the deepest zoom served.
public struct RasterTiles: Sendable, Equatable {
    public let urlTemplate: String
    /// 256 or 512 points on a side (a 512-pixel `@2x` image of a 256-point tile is 256).
    public let tileSize: Int
    public let maxZoom: Int

    public init(_ urlTemplate: String, tileSize: Int = 256, maxZoom: Int) {
        self.urlTemplate = urlTemplate
        self.tileSize = tileSize
        self.maxZoom = maxZoom
    }
}
