import Foundation
import TestSupport
import Testing

/// `hobbystory map …` against a real portal process serving a pack (issue 15 §2, T10).
@Suite("Map packs from the command line")
struct MapCLITests {
    @Test(
        "Given a portal serving a pack, when it is listed, downloaded and asked about, then the CLI says which pack covers a point"
    )
    func listDownloadInfo() async throws {
        let shelf = try temporaryFolder("cli-map-shelf")
        defer { try? FileManager.default.removeItem(at: shelf) }
        try writeSampleMapPack(into: shelf)
        let portal = try PortalProcess(
            data: try temporaryFolder("portal-maps"), arguments: ["--map-packs", shelf.path])
        defer { portal.stop() }
        let cli = try CLIRunner()
        defer { try? FileManager.default.removeItem(at: cli.folder) }

        let offered = try await cli.run(["map", "packs", "--portal", portal.url, "--json"]).array()
        #expect(offered.map { $0["name"] as? String } == ["sample"])
        #expect(offered.first?["title"] as? String == "sample", "a pack without a title is shown by its name")
        #expect(offered.first?["installed"] as? Bool == false)
        let outside = try await cli.run(["map", "info", "--lat", "60.17", "--lon", "24.94"])
        #expect(outside.stdout.contains("No pack on this device covers that point"))
        let fetched = try await cli.run(["map", "download", "sample", "--portal", portal.url, "--json"])
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let covering = try await cli.run(["map", "info", "--lat", "60.17", "--lon", "24.94", "--json"]).array()
        #expect(covering.map { $0["name"] as? String } == ["sample"])
        let unknown = try await cli.run(["map", "download", "tallinn", "--portal", portal.url])
        #expect(unknown.status == 3 && unknown.stderr.contains("offers no map pack \"tallinn\"; it offers sample"))
        let noPortal = try await cli.run(["map", "download", "sample"])
        #expect(noPortal.status == 2 && noPortal.stderr.contains("--portal URL"))
    }
}
