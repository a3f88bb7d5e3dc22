import DiaryStore
import Foundation
import SQLiteDB
import TestSupport
import Testing

/// `hobbystory backup create|verify|restore` through the real binary (issue 34 §2, §6; T2, T3,
/// T4), with GNU tar and sha256sum as independent readers of the archive.
@Suite("hobbystory backup end to end")
struct BackupCLITests {
    /// A diary worth backing up: a spot, a trip, three catches (one in the Trash), a photo and a
    /// video; returns the runner and the archive made of it.
    func backedUpDiary() throws -> (cli: CLIRunner, archive: URL) {
        let cli = try CLIRunner()
        let (_, tripId) = try cli.prepareTrip()
        for species in ["perca-fluviatilis", "esox-lucius", "sander-lucioperca"] {
            try cli.run("catch", "add", "--trip", tripId, "--species", species, "--weight-kg", "1.2", "--json")
        }
        let catches = try cli.run("catch", "list", "--json").array()
        try cli.run("delete", "catch", catches[0]["id"] as! String, "--yes")
        for fixture in ["photo_exif_full.jpg", "video_location.mp4"] {
            let imported = try cli.run("media", "import", mediaFixture(fixture).path, "--trip", tripId)
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        let archive = cli.folder.appendingPathComponent("anna.hsbackup")
        let made = try cli.run("backup", "create", "--to", archive.path, "--json")
        #expect(made.status == 0, "\(made.stderr)")
        return (cli, archive)
    }

    /// What the angler sees of a profile: every listing, as JSON.
    func listings(_ cli: CLIRunner, profile: String) throws -> [String] {
        try [["spot", "list"], ["trip", "list"], ["catch", "list"], ["trash", "list"], ["media", "list"]].map {
            let result = try cli.run(arguments: $0 + ["--profile", profile, "--json"], input: nil)
            #expect(result.status == 0, "\($0): \(result.stderr)")
            return result.stdout
        }
    }

    @Test(
        "Given a diary with catches, the Trash, a photo and a video, when backed up and restored as a new profile, then every listing and media byte is the original's and GNU tar agrees with the manifest"
    )
    func roundTrip() throws {
        let (cli, archive) = try backedUpDiary()
        let names = try externalOutput(["tar", "-tf", archive.path]).split(separator: "\n").map(String.init)
        #expect(names.first == "hobbystory-backup.json" && names.last == "manifest.json")
        #expect(names.filter { $0.hasPrefix("media/") }.count == 2 && names.contains("diary.sqlite"))
        let unpacked = cli.folder.appendingPathComponent("unpacked")
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
        _ = try externalOutput(["tar", "-xf", archive.path, "-C", unpacked.path])
        let manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: unpacked.appendingPathComponent("manifest.json")))
                as? [String: Any])
        for member in try #require(manifest["members"] as? [[String: Any]]) {
            let name = member["name"] as! String
            let digest = try externalOutput(["sha256sum", unpacked.appendingPathComponent(name).path]).prefix(64)
            #expect(String(digest) == member["sha256"] as? String, "\(name)")
        }

        let verified = try cli.run("backup", "verify", archive.path, "--json")
        #expect(verified.status == 0, "\(verified.stderr)")
        let facts = try verified.object()
        #expect(facts["profile"] as? String == "Anna" && facts["mediaInArchive"] as? Int == 2)
        #expect((facts["live"] as? [String: Any])?["catch"] as? Int == 2)
        #expect((facts["trashed"] as? [String: Any])?["catch"] as? Int == 1)

        let restored = try cli.run("backup", "restore", archive.path, "--as", "Anna at home")
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout.contains("signed out"))
        #expect(try listings(cli, profile: "Anna at home") == (try listings(cli, profile: "Anna")))
        for item in try cli.run("media", "list", "--profile", "Anna at home", "--json").array() {
            let out = cli.folder.appendingPathComponent("out-\(item["id"] as! String)")
            #expect(
                try cli.run("media", "export", item["id"] as! String, "--to", out.path, "--profile", "Anna at home")
                    .status == 0)
            let original = ["photo": "photo_exif_full.jpg", "video": "video_location.mp4"][item["kind"] as! String]!
            #expect(try Data(contentsOf: out) == (try Data(contentsOf: mediaFixture(original))))
        }
        let profiles = cli.folder.appendingPathComponent("profiles")
        let ids = try FileManager.default.contentsOfDirectory(atPath: profiles.path)
        let replicas = try ids.map { id in
            let database = try Database(
                path: profiles.appendingPathComponent("\(id)/diary.sqlite").path, mode: .readOnly)
            return try database.scalar("SELECT value FROM diary_meta WHERE key = 'replica_id'").stringValue
        }
        #expect(ids.count == 2 && Set(replicas).count == 2, "the copy syncs as a device of its own")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cli.folder.appendingPathComponent("restoring").path)
                .isEmpty)
    }

    @Test(
        "Given a backup, when restored under a name in use or written over a file that exists, then it is refused and nothing changes"
    )
    func refusals() throws {
        let (cli, archive) = try backedUpDiary()
        let before = try listings(cli, profile: "Anna")
        let taken = try cli.run("backup", "restore", archive.path)
        #expect(taken.status == 1 && taken.stderr.contains("already used"), "\(taken.stderr)")
        #expect(try cli.run("profile", "list", "--json").array().count == 1)
        #expect(try listings(cli, profile: "Anna") == before)
        let size = try Data(contentsOf: archive).count
        let again = try cli.run("backup", "create", "--to", archive.path)
        #expect(again.status == 4 && again.stderr.contains("exists already"), "\(again.stderr)")
        #expect(try Data(contentsOf: archive).count == size)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cli.folder.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    /// The archive with the bytes at `offset` replaced.
    func damaged(_ archive: URL, _ name: String, at offset: Int, with bytes: [UInt8]) throws -> URL {
        var data = try Data(contentsOf: archive)
        data.replaceSubrange(offset..<offset + bytes.count, with: bytes)
        let url = archive.deletingLastPathComponent().appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    @Test(
        "Given a backup damaged in its diary, a photo, its manifest or its length, or a file that is no backup, when verified and restored, then each is refused with its reason and no profile appears"
    )
    func damagedBackupsAreRefused() throws {
        let (cli, archive) = try backedUpDiary()
        let data = try Data(contentsOf: archive)
        let diary = try #require(data.range(of: Data("SQLite format 3".utf8))).lowerBound
        let firstMedia = try #require(data.range(of: Data("media/".utf8))).upperBound
        let photo = try #require(data.range(of: Data([0xFF, 0xD8, 0xFF]), in: firstMedia..<data.count)).lowerBound
        let manifestDigest = try #require(data.range(of: Data("\"sha256\" : \"".utf8), options: .backwards)).upperBound
        let digit = data[manifestDigest] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
        let other = cli.folder.appendingPathComponent("notes.tar")
        try Data("a list of flies".utf8).write(to: cli.folder.appendingPathComponent("flies.txt"))
        _ = try externalOutput(["tar", "-cf", other.path, "flies.txt"], in: cli.folder)
        let cut = archive.deletingLastPathComponent().appendingPathComponent("cut.hsbackup")
        try data.prefix(data.count / 2).write(to: cut)
        let cases: [(URL, String)] = [
            (
                try damaged(archive, "diary.hsbackup", at: diary + 4_000, with: [0x5A, 0xA5]),
                "\"diary.sqlite\" is damaged"
            ),
            (
                try damaged(archive, "photo.hsbackup", at: photo + 40, with: [0x00, 0x11]),
                "bytes are not the ones its name states"
            ),
            (try damaged(archive, "manifest.hsbackup", at: manifestDigest, with: [digit]), "the manifest says"),
            (cut, "the backup is damaged"),
            (other, "not a Hobby Story backup"),
        ]
        for (url, reason) in cases {
            let verified = try cli.run("backup", "verify", url.path)
            #expect(
                verified.status == 1 && verified.stderr.contains(reason), "\(url.lastPathComponent): \(verified.stderr)"
            )
            let restored = try cli.run("backup", "restore", url.path, "--as", "Copy")
            #expect(restored.status == 1, "\(url.lastPathComponent): \(restored.stderr)")
        }
        #expect(try cli.run("profile", "list", "--json").array().map { $0["name"] as? String } == ["Anna"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cli.folder.appendingPathComponent("profiles").path)
                .count == 1)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cli.folder.appendingPathComponent("restoring").path)
                .isEmpty)
    }

    @Test(
        "Given the backup of format version 1 as that build wrote it (tools/make_backup_fixture.sh), when verified and restored by this build, then the diary it holds comes back"
    )
    func versionOneStaysReadable() throws {
        let cli = try CLIRunner()
        let archive = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/backup-v1.hsbackup")
        let verified = try cli.run("backup", "verify", archive.path, "--json")
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(try verified.object()["version"] as? Int == 1)
        let restored = try cli.run("backup", "restore", archive.path)
        #expect(restored.status == 0, "\(restored.stderr)")
        let catches = try cli.run("catch", "list", "--profile", "Anna", "--json").array()
        #expect(catches.map { $0["weightKg"] as? Double } == [2.4])
        #expect(try cli.run("trash", "list", "--profile", "Anna", "--json").array().count == 1)
        #expect(
            try cli.run("spot", "list", "--profile", "Anna", "--json").array().map { $0["name"] as? String } == [
                "Volga bend"
            ])
        let photos = try cli.run("media", "list", "--profile", "Anna", "--json").array()
        #expect(photos.map { $0["kind"] as? String } == ["photo"])
    }
}
