import DiaryStore
import FishingModel
import Foundation
import HTTPServer
import PortalStore
import Site
import SyncProtocol
import TestSupport
import Testing

@testable import Portal

/// The site's map (issue 16 §1; T9) over HTTP: the page's policy, its data (own spots and
/// catches only), a point's information, and Leaflet's files without anything else of the disk.
@Suite("Site: the map", .timeLimit(.minutes(2)))
struct SiteMapTests {
    @Test(
        "Given synced spots and catches, then the map's data holds them (and no one else's), and a point tells its place and nearest spot",
        arguments: Backend.available)
    func mapData(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let phone = try await portal.device("phone", email: "anna@example.org", signUp: true)
        let spot = try phone.diary.spots.add(SpotDraft(name: "Volga bend", latitude: 56.8412, longitude: 35.9030))
        let trip = try phone.diary.trips.add(
            TripDraft(spotId: spot.id, startAt: phone.clock.now, utcOffsetSeconds: 10_800))
        let fish = try phone.diary.catches.add(contentsOf: [
            CatchDraft(tripId: trip.id, speciesId: "esox-lucius", caughtAt: phone.clock.now, utcOffsetSeconds: 10_800)
        ])
        try await phone.synchronise()
        let boris = try await portal.device("boris", email: "boris@example.org", signUp: true)
        try boris.logTrip(catches: 3)
        try await boris.synchronise()
        let browser = SiteBrowser(portal.client)
        #expect(try await browser.signIn("anna@example.org").status.code == 303)

        let page = try await browser.get("/map")
        let policy = try #require(page.headers["Content-Security-Policy"])
        #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe"))
        #expect(page.headers["Referrer-Policy"] == "strict-origin-when-cross-origin")
        #expect(
            page.text.contains("<script src=\"/site/leaflet/leaflet.js\" defer>") && page.text.contains("Volga bend"))

        let data = try await browser.get("/map/data.json")
        let json = try #require(try JSONSerialization.jsonObject(with: data.body) as? [String: [[String: Any]]])
        #expect(json["spots"]?.map { $0["name"] as? String } == ["Volga bend"])
        #expect(json["spots"]?.first?["trips"] as? Int == 1)
        #expect(json["catches"]?.count == 1)
        #expect(json["catches"]?.first?["url"] as? String == "/diary/catches/\(fish[0].id.uuidString.lowercased())")
        #expect(json["catches"]?.first?["species"] as? String == "Northern pike")

        let point = try await browser.get("/map/point.json?lat=56.85&lon=35.92")
        let info = try #require(try JSONSerialization.jsonObject(with: point.body) as? [String: Any])
        #expect((info["coordinates"] as? String)?.contains("56°51′00″N") == true)
        #expect((info["place"] as? String)?.contains("Tver") == true, "\(info)")
        let nearest = try #require(info["nearestSpot"] as? [String: Any])
        #expect(nearest["name"] as? String == "Volga bend")
        #expect((nearest["distanceKm"] as? Double).map { abs($0 - 1.5) < 0.3 } == true, "\(nearest)")
        for bad in [
            "lat=91&lon=0", "lat=nan&lon=0", "lat=1e999&lon=0", "lat=&lon=",
            "lat=\(String(repeating: "1", count: 40))&lon=0",
        ] {
            #expect(try await browser.get("/map/point.json?\(bad)").status.code == 400, "\(bad)")
        }
        #expect(try await SiteBrowser(portal.client).get("/map/data.json").status.code == 303)
    }

    @Test("Given the Leaflet routes, then only Leaflet's own files are served", arguments: [Backend.sqlite])
    func leafletFiles(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let anyone = SiteBrowser(portal.client)
        let script = try await anyone.get("/site/leaflet/leaflet.js")
        #expect(script.status.code == 200 && script.headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(try await anyone.get("/site/leaflet/images/marker-icon.png").headers["Content-Type"] == "image/png")
        #expect(try await anyone.get("/site/map.js").text.contains("markerClusterGroup"))
        for target in [
            "/site/leaflet/leaflet.esm.js", "/site/leaflet/..%2F..%2F..%2Fetc%2Fpasswd",
            "/site/leaflet/images/..%2Fleaflet.js",
            "/site/leaflet/%2Fetc%2Fpasswd",
        ] {
            #expect(try await anyone.get(target).status.code == 404, "\(target)")
        }
    }
}
