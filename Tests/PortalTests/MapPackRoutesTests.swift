import Foundation
import HTTPServer
import MapPacks
import Portal
import Routing
import SecureHashing
import SyncProtocol
import TestSupport
import Testing

/// The portal's offline map packs (issue 15 §2, T10): the list, ranged and resumable downloads
/// checked against the manifest, tiles as stored or inflated — and nothing outside the packs.
@Suite("Map packs on the portal")
struct MapPackRoutesTests {
    static let sample = packageRoot.appendingPathComponent("Tests/MapPacksTests/Fixtures/sample.pmtiles")

    /// A folder with the PMTiles sample as the pack `sample`, a broken pack, and the portal
    /// serving it.
    struct Shelf {
        let folder: URL
        let portal: PortalHarness
        let bytes: Data

        init(routeLimiter: AttemptLimiter = AttemptLimiter(maximumFailures: 1_000, window: 60)) throws {
            folder = try temporaryFolder("map-shelf")
            bytes = try writeSampleMapPack(into: folder)
            let manifest = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("sample.json")))
                    as? [String: Any])
            var broken = manifest
            broken["name"] = "broken"
            broken["files"] = [
                ["name": "gone.pmtiles", "role": "tiles", "bytes": 10, "sha256": String(repeating: "0", count: 64)]
            ]
            try JSONSerialization.data(withJSONObject: broken).write(to: folder.appendingPathComponent("broken.json"))
            portal = try PortalHarness(.sqlite, maps: MapShelf(folder: folder), routeLimiter: routeLimiter)
        }
    }

    @Test(
        "Given a shelf with a good and a broken pack, when listed, then only the good one is offered, with its manifest"
    )
    func list() async throws {
        let shelf = try Shelf()
        defer { try? FileManager.default.removeItem(at: shelf.folder) }
        let response = try await shelf.portal.client.send(.get, PortalEndpoint.mapPacks.target())
        #expect(response.status == .ok)
        let list = try JSONSerialization.jsonObject(with: response.body) as? [String: [[String: Any]]]
        #expect(list?["packs"]?.compactMap { $0["name"] as? String } == ["sample"])
    }

    @Test("Given a download cut short, when resumed with Range, then the two parts make the published file")
    func resumedDownload() async throws {
        let shelf = try Shelf()
        defer { try? FileManager.default.removeItem(at: shelf.folder) }
        let target = PortalEndpoint.mapPackFile.target(["name": "sample", "file": "sample.pmtiles"])
        let first = try await shelf.portal.client.send(.get, target, headers: ["Range": "bytes=0-9999"])
        #expect(first.status.code == 206)
        #expect(first.headers["Content-Range"] == "bytes 0-9999/\(shelf.bytes.count)")
        let rest = try await shelf.portal.client.send(.get, target, headers: ["Range": "bytes=\(first.body.count)-"])
        #expect(rest.status.code == 206)
        #expect(first.body + rest.body == shelf.bytes)
        #expect(rest.headers["ETag"] == "\"\(SHA256Digest.hex(of: shelf.bytes))\"")
        let past = try await shelf.portal.client.send(.get, target, headers: ["Range": "bytes=999999-"])
        #expect(past.status.code == 416)
        for (name, file) in [("sample", "sample.json"), ("sample", "..%2Fsample.json"), ("broken", "gone.pmtiles")] {
            let refused = try await shelf.portal.client.send(.get, "/v1/map-packs/\(name)/\(file)")
            #expect(refused.status.code == 404, "\(name)/\(file): only files a served manifest lists")
        }
    }

    @Test(
        "Given tiles asked for, when served, then they match the oracle stored or inflated, and bad coordinates are refused"
    )
    func tiles() async throws {
        let shelf = try Shelf()
        defer { try? FileManager.default.removeItem(at: shelf.folder) }
        let archive = try PMTilesArchive(url: Self.sample)
        let target = PortalEndpoint.tile.target(["pack": "sample", "z": "6", "x": "10", "y": "40"])
        let stored = try await shelf.portal.client.send(.get, target, headers: ["Accept-Encoding": "gzip, br"])
        #expect(stored.status == .ok)
        #expect(stored.headers["Content-Encoding"] == "gzip")
        #expect(stored.headers["Content-Type"] == "application/vnd.mapbox-vector-tile")
        #expect(stored.body == (try archive.storedTile(z: 6, x: 10, y: 40)))
        let plain = try await shelf.portal.client.send(.get, target)
        #expect(plain.headers["Content-Encoding"] == nil)
        #expect(plain.body == (try archive.tile(z: 6, x: 10, y: 40)))
        for (path, status) in [
            ("/v1/tiles/sample/9/0/0", 404), ("/v1/tiles/sample/3/8/0", 400), ("/v1/tiles/sample/32/0/0", 400),
            ("/v1/tiles/sample/1/-1/0", 400), ("/v1/tiles/sample/1/99999999999/0", 400),
            ("/v1/tiles/nowhere/0/0/0", 404),
        ] {
            let response = try await shelf.portal.client.send(.get, path)
            #expect(response.status.code == status, "\(path)")
        }
    }
}

/// Routes on the portal's packs for the site (issue 15 §3).
@Suite("Routes on the portal's map packs")
struct PortalRouteTests {
    @Test(
        "Given the sample pack with its road graph, when a route in Helsinki is asked, then the answer is the CLI's document from the pack; bad input and points outside get clear errors"
    )
    func routes() async throws {
        let shelf = try MapPackRoutesTests.Shelf()
        defer { try? FileManager.default.removeItem(at: shelf.folder) }
        let query = [
            URLQueryItem(name: "from", value: "60.1712,24.9415"), URLQueryItem(name: "to", value: "60.1676,24.9526"),
        ]
        let drive = try await shelf.portal.client.send(.get, PortalEndpoint.route.target(query: query))
        #expect(drive.status.code == 200)
        let document = try JSONDecoder().decode(RouteDocument.self, from: drive.body)
        #expect(document.provider == "offline:sample" && document.distanceM > 900)
        #expect(document.steps.first?.maneuver == .depart && document.steps.last?.maneuver == .arrive)
        let walk = try await shelf.portal.client.send(
            .get, PortalEndpoint.route.target(query: query + [URLQueryItem(name: "by", value: "foot")]))
        #expect(try JSONDecoder().decode(RouteDocument.self, from: walk.body).distanceM < document.distanceM)

        let cases: [([URLQueryItem], Int, String)] = [
            ([URLQueryItem(name: "from", value: "60.17,24.94")], 400, "invalid_coordinate"),
            (query.dropLast() + [URLQueryItem(name: "to", value: "95,24")], 400, "invalid_coordinate"),
            (query + [URLQueryItem(name: "by", value: "boat")], 400, "invalid_by"),
            (query + [URLQueryItem(name: "metric", value: "prettiest")], 400, "invalid_metric"),
            (query.dropLast() + [URLQueryItem(name: "to", value: "59.437,24.745")], 404, "outside_packs"),
            (query.dropLast() + [URLQueryItem(name: "to", value: "nan,nan")], 400, "invalid_coordinate"),
            (query.dropLast() + [URLQueryItem(name: "to", value: "1e308,-1e308")], 400, "invalid_coordinate"),
            (
                query.dropLast() + [URLQueryItem(name: "to", value: String(repeating: "9", count: 5_000))], 400,
                "invalid_coordinate"
            ),
            (query.dropLast() + [URLQueryItem(name: "to", value: "60.17,24.94,0")], 400, "invalid_coordinate"),
            (query + [URLQueryItem(name: "by", value: String(repeating: "car", count: 2_000))], 400, "invalid_by"),
        ]
        for (items, status, code) in cases {
            let refused = try await shelf.portal.client.send(.get, PortalEndpoint.route.target(query: items))
            #expect(refused.status.code == status, "\(items)")
            #expect(String(decoding: refused.body, as: UTF8.self).contains(code), "\(items)")
        }
    }

    @Test("Given a client that asked for many routes within a minute, when it asks again, then it is told to wait")
    func routesAreLimited() async throws {
        let shelf = try MapPackRoutesTests.Shelf(routeLimiter: AttemptLimiter(maximumFailures: 3, window: 60))
        defer { try? FileManager.default.removeItem(at: shelf.folder) }
        let target = PortalEndpoint.route.target(query: [
            URLQueryItem(name: "from", value: "60.1712,24.9415"), URLQueryItem(name: "to", value: "60.1676,24.9526"),
        ])
        for _ in 0..<3 { #expect(try await shelf.portal.client.send(.get, target).status.code == 200) }
        let refused = try await shelf.portal.client.send(.get, target)
        #expect(refused.status.code == 429 && refused.headers["Retry-After"] != nil)
        #expect(String(decoding: refused.body, as: UTF8.self).contains("too_many_routes"))
    }
}
