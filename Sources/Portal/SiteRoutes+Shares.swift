import Foundation
import HTTPServer
import PortalStore
import Site
import SyncProtocol

/// The pages of shared catches' links (issue 34 §4): open to anyone with the link, made from the
/// link's card and stripped photo alone, gone (410) once the angler revokes the link or it
/// expires. The page shows no account and no navigation, even to a signed-in visitor.
extension SiteRoutes {
    func addSharePages(to router: inout Router) {
        on(&router, .sharedCatch, handleSharedCatch)
        on(&router, .sharedPhoto, handleSharedPhoto)
    }

    /// Answers ``SitePage/sharedCatch``.
    func handleSharedCatch(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let token = visit.parameters["token"] ?? ""
        let context = visit.context(email: nil)
        switch try store.shares.link(token: token) {
        case nil:
            throw SiteProblem(status: .notFound, SiteText.noSuchPage)
        case .gone:
            return visit.page(SharePages.gone(context), status: .gone)
        case .live(let card, let hasPhoto):
            let photo = hasPhoto ? SitePage.sharedPhoto.target(["token": token]) : nil
            var response = visit.page(SharePages.page(context, card, photo: photo, map: mapTile(for: card)))
            response.headers["X-Robots-Tag"] = "noindex, nofollow"
            return response
        }
    }

    /// Answers ``SitePage/sharedPhoto``: the stripped JPEG of a live link.
    func handleSharedPhoto(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        guard let photo = try store.shares.photo(token: visit.parameters["token"] ?? "") else {
            throw SiteProblem(status: .notFound, SiteText.noSuchPage)
        }
        return HTTPResponse(
            headers: ["Content-Type": "image/jpeg", "X-Robots-Tag": "noindex, nofollow"], body: .bytes(Data(photo)))
    }

    /// The address of the map tile a link shows: the tile holding the card's point at the
    /// precision's zoom, from a pack of the portal that covers the point at that zoom; nil when
    /// the card has no point or no pack covers it.
    func mapTile(for card: SharedCatch) -> String? {
        guard let point = card.point, let zoom = SharePages.mapZoom(card.precision) else { return nil }
        let pack = tiles.packs.first { pack in
            pack.bounds.count == 4 && pack.minZoom <= zoom && zoom <= pack.maxZoom
                && pack.bounds[0] <= point.longitude && point.longitude <= pack.bounds[2]
                && pack.bounds[1] <= point.latitude && point.latitude <= pack.bounds[3]
        }
        guard let pack else { return nil }
        let tile = SharePages.tile(point, zoom: zoom)
        return pack.urlTemplate.replacingOccurrences(of: "{z}", with: "\(zoom)")
            .replacingOccurrences(of: "{x}", with: "\(tile.x)").replacingOccurrences(of: "{y}", with: "\(tile.y)")
    }
}
