import Foundation
import HTTPServer
import Portal
import SyncProtocol
import TestSupport
import Testing

/// The offline map drawn by the portal (issue 15; T9, T10): a real pack's tiles as PNGs at its
/// zooms and a few past them, nothing outside it, bad addresses refused, drawings kept so a
/// panned map costs nothing, drawing limited per address; and the site's map offered the pack.
@Suite("Map pictures from packs")
struct TileImageRoutesTests {
    static func portal(drawings: Int = 1_200) throws -> (PortalHarness, URL) {
        let folder = try temporaryFolder("map-images")
        try writeHelsinkiMapPack(into: folder)
        let portal = try PortalHarness(
            .sqlite, maps: MapShelf(folder: folder),
            drawingLimiter: AttemptLimiter(maximumFailures: drawings, window: 60))
        return (portal, folder)
    }

    static func target(_ z: Int, _ x: Int, _ y: Int, pack: String = "helsinki") -> String {
        PortalEndpoint.tileImage.target(["pack": pack, "z": "\(z)", "x": "\(x)", "y": "\(y)"])
    }

    @Test(
        "Given the Helsinki pack, when its tiles are asked for as pictures, then PNGs come at its zooms and past them")
    func drawsThePack() async throws {
        let (portal, folder) = try Self.portal()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (z, x, y) in [
            (14, 9327, 4742), (12, 2331, 1185), (16, 4 * 9327 + 1, 4 * 4742 + 2), (18, 16 * 9327, 16 * 4742),
        ] {
            let response = try await portal.client.send(.get, Self.target(z, x, y))
            #expect(
                response.status == .ok, "\(z)/\(x)/\(y): \(String(decoding: response.body.prefix(200), as: UTF8.self))")
            #expect(response.headers["Content-Type"] == "image/png")
            let bytes = [UInt8](response.body)
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            #expect(Array(bytes[16..<24]) == [0, 0, 1, 0, 0, 0, 1, 0], "256 × 256")
        }
        for (z, x, y, why) in [
            (19, 32 * 9327, 32 * 4742, "deeper than four zooms past the pack"), (5, 18, 9, "shallower than the pack"),
            (14, 9000, 4742, "outside the pack"),
        ] {
            let response = try await portal.client.send(.get, Self.target(z, x, y))
            #expect(response.status.code == 404, "\(why)")
        }
        #expect(try await portal.client.send(.get, Self.target(14, 9327, 4742, pack: "atlantis")).status.code == 404)
        for bad in [
            "/v1/tile-images/helsinki/14/99999/1", "/v1/tile-images/helsinki/32/0/0",
            "/v1/tile-images/helsinki/-1/0/0", "/v1/tile-images/helsinki/14/1e3/0",
            "/v1/tile-images/helsinki/14/\(String(repeating: "9", count: 30))/0",
        ] {
            let response = try await portal.client.send(.get, bad)
            #expect(response.status.code == 400, "\(bad)")
            #expect(String(decoding: response.body, as: UTF8.self).contains("invalid_tile"))
        }
    }

    @Test("Given an address that had its drawings, when it asks for more, then new ones wait and kept ones still come")
    func drawingIsLimited() async throws {
        let (portal, folder) = try Self.portal(drawings: 2)
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await portal.client.send(.get, Self.target(14, 9327, 4742))
        #expect(try await portal.client.send(.get, Self.target(14, 9326, 4742)).status == .ok)
        let refused = try await portal.client.send(.get, Self.target(14, 9327, 4741))
        #expect(refused.status.code == 429 && refused.headers["Retry-After"] != nil)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("too_many_tiles"))
        let again = try await portal.client.send(.get, Self.target(14, 9327, 4742))
        #expect(again.status == .ok && again.body == first.body, "a kept picture is not drawn again")
    }

    @Test(
        "Given a portal with a pack, when the site's map is opened, then the page offers the pack's pictures over the background"
    )
    func siteMapOffersThePack() async throws {
        let (portal, folder) = try Self.portal()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let browser = SiteBrowser(portal.client)
        #expect(try await browser.signIn("anna@example.org").status.code == 303)
        let page = try await browser.get("/map")
        let packs = try #require(
            page.text.range(of: #"data-packs="([^"]*)""#, options: .regularExpression).map { String(page.text[$0]) })
        let json = packs.dropFirst("data-packs=\"".count).dropLast().replacingOccurrences(of: "&quot;", with: "\"")
        let layers = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(layers.first?["urlTemplate"] as? String == "/v1/tile-images/helsinki/{z}/{x}/{y}")
        #expect(layers.first?["minZoom"] as? Int == 6 && layers.first?["maxZoom"] as? Int == 18)
        #expect((layers.first?["bounds"] as? [Double])?.count == 4)
        #expect(layers.first?["attribution"] as? String == "© OpenStreetMap contributors")
    }
}
