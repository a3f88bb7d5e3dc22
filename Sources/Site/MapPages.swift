import Foundation
import MapSources
import PortalViews

/// The map page (issue 16 §1; T9): the angler's spots and catches clustered on a map (Leaflet and
/// its marker-cluster plugin, from Debian, served by the portal), what is at a clicked point,
/// and — without script — the same spots as a list. Every text the script shows comes from this
/// page's `data-` attributes, in the visitor's language; the script sets text, never markup.
public enum MapPages {
    /// An offline pack's pictures, drawn by the portal over the background where the pack
    /// reaches (issue 15): its address template, area (west, south, east, north) and zooms.
    public struct PackLayer: Sendable, Equatable, Encodable {
        public var urlTemplate: String
        public var bounds: [Double]
        public var minZoom: Int
        public var maxZoom: Int
        public var attribution: String

        public init(urlTemplate: String, bounds: [Double], minZoom: Int, maxZoom: Int, attribution: String) {
            self.urlTemplate = urlTemplate
            self.bounds = bounds
            self.minZoom = minZoom
            self.maxZoom = maxZoom
            self.attribution = attribution
        }
    }

    /// Where the map's background comes from.
    public struct Tiles: Sendable, Equatable {
        /// `{z}/{x}/{y}` template, or nil for no background (tests, or a portal kept offline).
        public var urlTemplate: String?
        public var attribution: String
        /// The portal's packs, drawn over the background (and without a network).
        public var packs: [PackLayer] = []
        /// The origin the page's Content-Security-Policy lets images come from.
        public var origin: String? {
            guard let template = urlTemplate,
                let url = URL(
                    string: template.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")),
                let scheme = url.scheme, let host = url.host
            else { return nil }
            return "\(scheme)://\(host)"
        }

        public init(urlTemplate: String?, attribution: String) {
            self.urlTemplate = urlTemplate
            self.attribution = attribution
        }

        /// These tiles with `packs` drawn over them.
        public func over(_ packs: [PackLayer]) -> Tiles {
            var tiles = self
            tiles.packs = packs
            return tiles
        }

        /// The packs as the page's script reads them (JSON, escaped as an attribute by the page).
        var packsJSON: String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            return (try? encoder.encode(packs)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        }

        /// OpenStreetMap's public tiles, within its usage policy: browsers fetch them one view
        /// at a time (no prefetching, nothing stored by the portal), the page sends its origin
        /// as the referrer, and the attribution is always shown.
        public static let openStreetMap = Tiles(
            urlTemplate: MapSource.named("osm-tiles")?.tileTemplate(.scheme),
            attribution: MapSource.named("osm-tiles")?.attribution ?? "")
    }

    public static func page(_ context: SiteContext, spots: [DiarySpot], tiles: Tiles) -> HTML {
        let located = spots.filter { $0.latitude != nil && $0.longitude != nil }
        let list = located.map { spot -> HTML in
            "<li>\(spot.name) — \(SiteFormat.number(spot.latitude ?? 0, digits: 5, .en)), \(SiteFormat.number(spot.longitude ?? 0, digits: 5, .en))</li>"
        }
        let head: HTML = """
            <link rel="stylesheet" href="\(SitePage.leaflet.target(["file": "leaflet.css"]))">
            <link rel="stylesheet" href="\(SitePage.leaflet.target(["file": "MarkerCluster.css"]))">
            <link rel="stylesheet" href="\(SitePage.leaflet.target(["file": "MarkerCluster.Default.css"]))">
            <script src="\(SitePage.leaflet.target(["file": "leaflet.js"]))" defer></script>
            <script src="\(SitePage.leaflet.target(["file": "leaflet.markercluster.js"]))" defer></script>
            <script src="\(SitePage.mapScript.pattern)" defer></script>
            """
        return SiteLayout.page(
            context, title: context(SiteText.map), head: head,
            """
            <div id="map" class="map" role="application" aria-label="\(context(SiteText.mapLabel))"
             data-data="\(SitePage.mapData.pattern)" data-point="\(SitePage.mapPoint.pattern)"
             data-tiles="\(tiles.urlTemplate ?? "")" data-attribution="\(tiles.attribution)"
             data-packs="\(tiles.packsJSON)"
             data-text-spot="\(context(SiteText.spot))" data-text-catch="\(context(SiteText.catchWord))"
             data-text-trips="\(context(SiteText.tripsWord))" data-text-open="\(context(SiteText.open))"
             data-text-point="\(context(SiteText.thisPoint))" data-text-nearest="\(context(SiteText.nearestSpot))"
             data-text-km="\(context(SiteText.km))"></div>
            <p class="hint">\(context(SiteText.mapHint))</p>
            <noscript><p class="notice">\(context(SiteText.mapNeedsScript))</p></noscript>
            <section class="panel"><h2>\(context(SiteText.spots)) (\(located.count))</h2><ul class="spot-list">\(list)</ul></section>
            """)
    }
}
