import Foundation
import HTTPServer
import TestSupport
import Testing

/// `hobbystory share catch|list|revoke` against a real portal process (issue 34 §4, §6): the
/// link's page over a real socket shows the fish and the place no finer than chosen, its photo
/// has no metadata, and a revoked link is gone.
@Suite("hobbystory share against a running portal", .timeLimit(.minutes(3)))
struct ShareCLITests {
    static let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MediaMetadataTests/Fixtures/photo_exif_full.jpg")

    /// A signed-up data folder with a pike and its photo at a named spot in Helsinki; the catch's
    /// and the spot's ids.
    func loggedPike(_ portal: PortalProcess) async throws -> (CLIRunner, String, String) {
        var cli = try CLIRunner()
        cli.environment["HOBBYSTORY_OFFLINE"] = "1"
        try await cli.run(["profile", "add", "Anna"])
        let signedUp = try await cli.run(
            ["account", "signup", "--portal", portal.url, "--email", "anna@example.org", "--password-stdin"],
            input: "correct horse battery\n")
        #expect(signedUp.status == 0, "\(signedUp.stderr)")
        let spot = try await cli.run([
            "spot", "add", "--name", "Secret pike bay", "--lat", "60.17123", "--lon", "24.94371", "--json",
        ]).object()
        let trip = try await cli.run(["trip", "add", "--spot", spot["id"] as! String, "--json"]).object()
        let pike = try await cli.run([
            "catch", "add", "--trip", trip["id"] as! String, "--species", "Northern pike", "--weight-kg", "4.2",
            "--json",
        ]).object()
        let id = pike["id"] as! String
        let imported = try await cli.run(["media", "import", Self.photo.path, "--catch", id])
        #expect(imported.status == 0, "\(imported.stderr)")
        return (cli, id, spot["id"] as! String)
    }

    /// GET `url` from the portal over a socket.
    func fetch(_ portal: PortalProcess, _ url: String) async throws -> HTTPClientResponse {
        let address = try #require(URL(string: url))
        return try await HTTPSocketClient(port: try #require(address.port)).send(.get, address.path)
    }

    @Test(
        "Given a pike with a photo at a named spot, when shared at 1 km and exactly, then the pages show the place no finer than chosen, the photo has no metadata, and a revoked link is gone"
    )
    func shareListRevoke() async throws {
        let portal = try PortalProcess(data: try temporaryFolder("portal-share"))
        defer { portal.stop() }
        let (cli, pike, spot) = try await loggedPike(portal)

        let shared = try await cli.run(["share", "catch", pike, "--precision", "1km", "--json"])
        #expect(shared.status == 0, "\(shared.stderr)")
        let link = try shared.object()
        let url = try #require(link["url"] as? String)
        #expect(url.hasPrefix(portal.url + "/s/"))
        #expect(
            link["hasPhoto"] as? Bool == true && link["spotName"] is NSNull && link["precision"] as? String == "1km")
        let point = try #require(link["point"] as? [String: Double])
        #expect(abs(point["latitude"]! - 60.17123) < 0.006 && point["latitude"] != 60.17123)
        #expect((link["region"] as? String)?.contains("Finland") == true, "\(link["region"] ?? "none")")

        let page = try await fetch(portal, url)
        #expect(page.status == .ok && page.text.contains("Northern pike") && page.text.contains("Finland"))
        for secret in ["60.1712", "24.9437", "Secret pike bay"] { #expect(!page.text.contains(secret), "\(secret)") }
        let photo = try await fetch(portal, url + "/photo.jpg")
        #expect(photo.status == .ok && photo.body.starts(with: [0xFF, 0xD8]))
        #expect(photo.body.firstRange(of: Data("Exif".utf8)) == nil, "no EXIF, so no GPS")

        let exact = try await cli.run([
            "share", "catch", pike, "--precision", "exact", "--no-photo", "--expires-days", "7",
        ])
        #expect(exact.status == 0, "\(exact.stderr)")
        #expect(exact.stdout.contains("Secret pike bay") && exact.stdout.contains("Expires"))
        let exactURL = try #require(exact.stdout.split(separator: "\n").first.map(String.init))
        #expect(try await fetch(portal, exactURL).text.contains("60.17123"))

        let list = try await cli.run(["share", "list", "--json"]).array()
        #expect(list.count == 2)
        let id = try #require(list.first { $0["url"] as? String == url }?["id"] as? String)
        let revoked = try await cli.run(["share", "revoke", String(id.prefix(8))])
        #expect(revoked.status == 0, "\(revoked.stderr)")
        #expect(try await fetch(portal, url).status == .gone)
        #expect(try await fetch(portal, url + "/photo.jpg").status == .notFound)
        #expect(try await fetch(portal, exactURL).status == .ok, "the other link still works")
        #expect(try await cli.run(["share", "revoke", "ffffffff"]).status == 3)

        // Without --precision: the spot's own, else the default in Settings (about 10 km until chosen).
        #expect(
            try await cli.run(["settings", "share-precision", "--json"]).object()["sharePrecision"] as? String == "10km"
        )
        let byDefault = try await cli.run(["share", "catch", pike, "--no-photo", "--json"]).object()
        #expect(byDefault["precision"] as? String == "10km" && byDefault["precisionFrom"] as? String == "settings")
        let edited = try await cli.run(["spot", "edit", spot, "--share-precision", "region", "--json"]).object()
        #expect(edited["sharePrecision"] as? String == "region")
        let bySpot = try await cli.run(["share", "catch", pike, "--no-photo", "--json"]).object()
        #expect(bySpot["precision"] as? String == "region" && bySpot["precisionFrom"] as? String == "spot")
        #expect(bySpot["point"] is NSNull && (bySpot["region"] as? String)?.contains("Finland") == true)
        try await cli.run(["spot", "edit", spot, "--clear", "share-precision"])
        try await cli.run(["settings", "share-precision", "none"])
        let none = try await cli.run(["share", "catch", pike, "--no-photo", "--json"]).object()
        #expect(none["precision"] as? String == "none" && none["region"] is NSNull && none["point"] is NSNull)
        let nowhere = try await fetch(portal, try #require(none["url"] as? String))
        #expect(nowhere.text.contains("not shared") && !nowhere.text.contains("Finland"))
        #expect(try await cli.run(["settings", "share-precision", "2km"]).status == 1)
    }

    @Test(
        "Given a share command without a precision, with a wrong one or unsigned in, then it is refused and says how to fix it"
    )
    func refusals() async throws {
        var cli = try CLIRunner()
        cli.environment["HOBBYSTORY_OFFLINE"] = "1"
        try await cli.run(["profile", "add", "Anna"])
        let (_, trip) = try cli.prepareTrip()
        let pike = try await cli.run(["catch", "add", "--trip", trip, "--species", "Northern pike", "--json"]).object()
        let id = pike["id"] as! String
        let wrong = try await cli.run(["share", "catch", id, "--precision", "5km"])
        #expect(wrong.status == 1 && wrong.stderr.contains("must be exact, 1km, 10km, region or none"))
        let days = try await cli.run(["share", "catch", id, "--precision", "region", "--expires-days", "0"])
        #expect(days.status == 1 && days.stderr.contains("from 1 to 366"))
        let offline = try await cli.run(["share", "catch", id, "--precision", "region"])
        #expect(offline.status != 0 && offline.stderr.contains("account login"), "\(offline.stderr)")
    }
}
