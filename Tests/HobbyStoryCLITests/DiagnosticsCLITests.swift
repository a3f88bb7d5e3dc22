import Foundation
import TestSupport
import Testing

/// Error reports end to end (T6, issue 18): two anglers of two accounts hit the same error — a
/// stored photo whose bytes were damaged on disk, then exported — and a real `hobbystory-portal`
/// groups it; a fix marked in 1.1 reopens when 1.2 hits it again; another error makes a second
/// group; nothing personal leaves; and `admin errors` shows it all.
@Suite("hobbystory diagnostics against a running portal", .timeLimit(.minutes(3)))
struct DiagnosticsCLITests {
    static let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MediaMetadataTests/Fixtures/photo_exif_full.jpg")

    /// A data folder with one profile, signed up to `email` on `portal`, reporting version 1.0.
    func angler(_ portal: PortalProcess, email: String) async throws -> CLIRunner {
        try await signedUpAngler(
            portal, email: email, profile: "Anna Petrova", environment: ["HOBBYSTORY_APP_VERSION": "1.0"])
    }

    /// Imports the photo, damages its stored bytes, and tries to export it: the export fails and
    /// the error is captured. Returns the stored file, to repair it later.
    func damagedExport(_ cli: CLIRunner) async throws -> (stored: URL, id: String) {
        let imported = try await cli.run(["media", "import", Self.photo.path, "--json"]).object()
        let id = try #require(imported["id"] as? String)
        let sha = try #require(imported["sha256"] as? String)
        let stored = try #require(
            FileManager.default.enumerator(at: cli.folder, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.first { $0.lastPathComponent == sha })
        var bytes = try Data(contentsOf: stored)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: stored)
        try await exportFails(cli, id)
        return (stored, id)
    }

    func exportFails(_ cli: CLIRunner, _ id: String) async throws {
        let target = cli.folder.appendingPathComponent("secret-spot-pike.jpg").path
        let exported = try await cli.run(["media", "export", id, "--to", target])
        #expect(exported.status != 0 && exported.stderr.contains("damaged"), "\(exported.stderr)")
    }

    func errors(_ data: URL, _ arguments: [String]) throws -> [[String: Any]] {
        let (status, text) = try portalAdmin(data, ["errors"] + arguments + ["--json"])
        #expect(status == 0, "\(text)")
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    @Test(
        "Given two accounts hitting a damaged photo's export, when they send, then the portal shows one group of 2 on 2 devices and 2 accounts; a fix in 1.1 reopens for 1.2; another error is a second group"
    )
    func endToEnd() async throws {
        let data = try temporaryFolder("portal-diagnostics")
        let portal = try PortalProcess(data: data)
        defer { portal.stop() }
        var anna = try await angler(portal, email: "anna@example.org")
        let bob = try await angler(portal, email: "bob@example.org")

        // The first sync asks once; nothing is sent until the angler says on.
        let firstSync = try await anna.run(["sync"])
        #expect(firstSync.stdout.contains("settings diagnostics on"))
        #expect(!(try await anna.run(["sync"])).stdout.contains("settings diagnostics on"), "asked once")
        #expect(try await anna.run(["settings", "diagnostics", "--json"]).object()["diagnostics"] as? String == "off")

        let annaPhoto = try await damagedExport(anna)
        _ = try await damagedExport(bob)

        // What would leave: the error's type and case, the command, the build — nothing of the angler.
        let preview = try await anna.run(["diagnostics", "preview"])
        #expect(preview.status == 0, "\(preview.stderr)")
        for secret in ["anna@example.org", "Anna Petrova", "secret-spot-pike", "photo_exif_full", anna.folder.path] {
            #expect(!preview.stdout.contains(secret), "\(secret) must not leave the device")
        }
        let previewed = try preview.object()
        let reports = try #require(previewed["reports"] as? [[String: Any]])
        #expect(reports.count == 1)
        let fingerprint = try #require(reports.first?["fingerprint"] as? String)
        #expect((reports.first?["identity"] as? [String: Any])?["operation"] as? String == "media export")

        // Anna sends after her next sync (she said on); Bob reports the problem by hand. The
        // photo's bytes are put right first, so the sync uploads a sound copy.
        try await anna.run(["settings", "diagnostics", "on"])
        try Data(contentsOf: Self.photo).write(to: annaPhoto.stored)
        #expect(try await anna.run(["sync"]).status == 0)
        let sent = try await bob.run(["diagnostics", "send", "--comment", "Export of my photo fails", "--json"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(try sent.object()["accepted"] as? Int == 1)
        #expect((try await anna.run(["diagnostics", "preview"]).object()["reports"] as? [Any])?.isEmpty == true)

        var groups = try errors(data, ["list"])
        #expect(groups.count == 1)
        #expect(groups.first?["fingerprint"] as? String == fingerprint)
        #expect(groups.first?["count"] as? Int == 2 && groups.first?["devices"] as? Int == 2)
        #expect(groups.first?["accounts"] as? Int == 2 && groups.first?["status"] as? String == "new")
        let keys = Set(try #require(groups.first).keys)
        #expect(
            keys.isSuperset(of: [
                "fingerprint", "title", "count", "devices", "accounts", "firstSeen", "lastSeen", "versions", "status",
            ]))

        // Fixed in 1.1; Anna, now on 1.2, hits it again: the group comes back as regressed.
        #expect(try portalAdmin(data, ["errors", "resolve", fingerprint, "--in-version", "1.1"]).0 == 0)
        anna.environment["HOBBYSTORY_APP_VERSION"] = "1.2"
        var bytes = try Data(contentsOf: annaPhoto.stored)
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: annaPhoto.stored)
        try await exportFails(anna, annaPhoto.id)
        #expect(try await anna.run(["diagnostics", "send"]).status == 0)
        groups = try errors(data, ["list", "--status", "regressed"])
        #expect(groups.map { $0["fingerprint"] as? String } == [fingerprint])
        #expect(groups.first?["versions"] as? [String] == ["1.2", "1.0"])

        // Another error: exporting into a folder that does not exist.
        let missing = try await anna.run(["media", "export", annaPhoto.id, "--to", "/nonexistent/dir/pike.jpg"])
        #expect(missing.status != 0)
        #expect(try await anna.run(["diagnostics", "send"]).status == 0)
        #expect(try errors(data, ["list"]).count == 2)

        let (status, shown) = try portalAdmin(data, ["errors", "show", fingerprint])
        #expect(status == 0 && shown.contains("came back in 1.2") && shown.contains("media export"), "\(shown)")
        let (_, digest) = try portalAdmin(data, ["errors", "digest"])
        #expect(digest.contains("1 regressed"), "\(digest)")
        let (_, problems) = try portalAdmin(data, ["errors", "problems"])
        #expect(problems.contains("Export of my photo fails"))
    }
}
