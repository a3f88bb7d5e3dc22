import FishingModel
import Foundation
import SyncProtocol

/// The page of a shared catch's link (issue 34 §4; T9, T17): open to anyone with the link, made
/// from the card alone — the photo, the fish, when, and the place at the angler's precision: the
/// region's name, the square's centre to as many decimals as the square deserves, and a map tile
/// coarse enough to hold the whole square. Nothing of the angler's account or diary is on it.
public enum SharePages {
    /// The zoom of the map tile a link shows, by precision: a tile at least as wide as the square
    /// everywhere it is drawn (a zoom-12 tile spans about 9.8 km × cos(latitude), so a 1 km
    /// square's centre tells no more than the tile it falls in). Nil: no map.
    public static func mapZoom(_ precision: SharePrecision) -> Int? {
        switch precision {
        case .exact: 14
        case .about1km: 12
        case .about10km: 9
        case .region, .none: nil
        }
    }

    /// The map tile holding `point` at `zoom` (web Mercator, as every tile server numbers them).
    public static func tile(_ point: SharedPoint, zoom: Int) -> (x: Int, y: Int) {
        let count = 1 << zoom
        let (x, y) = pixel(latitude: point.latitude, longitude: point.longitude, zoom: zoom)
        return (
            min(count - 1, max(0, Int((x / 256).rounded(.down)))), min(count - 1, max(0, Int((y / 256).rounded(.down))))
        )
    }

    /// Where a point falls on the world's map at `zoom`, in pixels of 256-pixel tiles from the
    /// top left (web Mercator).
    static func pixel(latitude: Double, longitude: Double, zoom: Int) -> (x: Double, y: Double) {
        let size = 256 * Double(1 << zoom)
        let radians = min(85.05112878, max(-85.05112878, latitude)) * .pi / 180
        return ((longitude + 180) / 360 * size, (1 - log(tan(radians) + 1 / cos(radians)) / .pi) / 2 * size)
    }

    /// What the map marks on its tile, in the tile's pixels: the square the catch lies in (1 km,
    /// 10 km), or the point itself (exact) — exactly as much as the card already says.
    static func mark(_ card: SharedCatch, _ point: SharedPoint, zoom: Int) -> HTML {
        let tile = tile(point, zoom: zoom)
        func local(_ latitude: Double, _ longitude: Double) -> (Double, Double) {
            let (x, y) = pixel(latitude: latitude, longitude: longitude, zoom: zoom)
            return (x - Double(tile.x * 256), y - Double(tile.y * 256))
        }
        func number(_ value: Double) -> String { String(format: "%.1f", value) }
        guard let side = card.precision.cellMeters else {
            let (x, y) = local(point.latitude, point.longitude)
            return "<circle cx=\"\(number(x))\" cy=\"\(number(y))\" r=\"7\"/>"
        }
        let square = ShareGrid(cellMeters: side).square(latitude: point.latitude, longitude: point.longitude)
        let (left, top) = local(square.north, square.west)
        let (right, bottom) = local(square.south, square.east)
        return
            "<rect x=\"\(number(left))\" y=\"\(number(top))\" width=\"\(number(right - left))\" height=\"\(number(bottom - top))\"/>"
    }

    /// The page of a live link: `photo` is the link's photo address when it has one; `map` the
    /// address of its map tile (at ``mapZoom(_:)``, holding the card's point) when a pack covers
    /// the place.
    public static func page(_ context: SiteContext, _ card: SharedCatch, photo: String?, map: String?) -> HTML {
        let language = context.language
        var facts: [(Phrase, HTML)] = [
            (
                SiteText.when,
                "<time datetime=\"\(SiteFormat.machine(card.caughtAt, offset: card.utcOffsetSeconds))\">\(SiteFormat.dateTime(card.caughtAt, offset: card.utcOffsetSeconds))</time>"
            )
        ]
        if card.count > 1 { facts.append((SiteText.count, "\(card.count)")) }
        if let weight = card.weightKg {
            facts.append((SiteText.weight, "\(SiteFormat.number(weight, digits: 3, language)) \(context(SiteText.kg))"))
        }
        if let length = card.lengthCm {
            facts.append((SiteText.length, "\(SiteFormat.number(length, language)) \(context(SiteText.cm))"))
        }
        if let bait = card.bait { facts.append((SiteText.bait, "\(bait)")) }
        if let method = card.method { facts.append((SiteText.method, "\(method)")) }
        facts.append((SiteText.released, "\(context(card.released ? SiteText.yes : SiteText.no))"))
        facts.append((SiteText.place, place(context, card)))
        let picture: HTML = photo.map { "<img class=\"shared-photo\" src=\"\($0)\" alt=\"\(card.species)\">" } ?? .empty
        var mapFigure: HTML = .empty
        if let map, let point = card.point, let zoom = mapZoom(card.precision) {
            mapFigure = """
                <figure class="shared-map panel"><div class="tile"><img src="\(map)" width="256" height="256" alt="\(context(SiteText.sharedMapAlt))">\
                <svg viewBox="0 0 256 256" aria-hidden="true">\(mark(card, point, zoom: zoom))</svg></div>\
                <figcaption>\(context(card.precision == .exact ? SiteText.sharedMapCaptionExact : SiteText.sharedMapCaption))</figcaption></figure>
                """
        }
        return SiteLayout.page(
            context, title: card.species, head: "<meta name=\"robots\" content=\"noindex, nofollow\">",
            """
            \(picture)
            \(DiaryRecordPages.factList(context, facts))
            \(mapFigure)
            <p class="muted">\(context(SiteText.sharedFooter))</p>
            """)
    }

    /// The place as the precision allows: the spot's name and point when exact, the region and
    /// the square's centre for 1 km and 10 km, the region alone, or "not shared".
    static func place(_ context: SiteContext, _ card: SharedCatch) -> HTML {
        var parts: [String] = []
        if let spot = card.spotName { parts.append(spot) }
        if let region = card.region { parts.append(region) }
        if let point = card.point {
            let digits = card.precision.decimals
            let written =
                "\(SiteFormat.number(abs(point.latitude), digits: digits, .en))° \(point.latitude < 0 ? "S" : "N"), "
                + "\(SiteFormat.number(abs(point.longitude), digits: digits, .en))° \(point.longitude < 0 ? "W" : "E")"
            switch card.precision {
            case .about1km: parts.append("\(context(SiteText.withinAbout1km)) \(written)")
            case .about10km: parts.append("\(context(SiteText.withinAbout10km)) \(written)")
            default: parts.append(written)
            }
        }
        return parts.isEmpty ? "\(context(SiteText.placeNotShared))" : "\(parts.joined(separator: " · "))"
    }

    /// The page of a link that was revoked or has expired: nothing went wrong, the link is gone.
    public static func gone(_ context: SiteContext) -> HTML {
        SiteLayout.page(
            context, title: context(SiteText.sharedLinkGoneTitle),
            "<p class=\"panel\">\(context(SiteText.sharedLinkGone))</p>")
    }
}
