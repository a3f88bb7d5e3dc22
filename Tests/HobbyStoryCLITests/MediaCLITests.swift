import Foundation
import Synchronization
import TestSupport
import Testing

/// `hobbystory media …`, `delete media`, `trash empty` and `catch add --from-photo` through the
/// real binary (issue 6 §6; T4, T16, T17).
@Suite("hobbystory media end to end")
struct MediaCLITests {
    static let importKeys: Set<String> = [
        "id", "sha256", "kind", "capturedAt", "latitude", "longitude", "width", "height", "durationSeconds",
        "duplicate",
    ]

    /// A profile with a spot on the Neva 185 m from where the sample photos were taken, and a trip
    /// there that morning; returns (spotId, tripId).
    func prepare(_ cli: CLIRunner) async throws -> (String, String) {
        try await cli.run(["profile", "add", "Anna"])
        let spot = try await cli.run(["spot", "add", "--name", "Neva", "--lat", "59.937", "--lon", "30.315", "--json"])
            .object()
        let trip = try await cli.run([
            "trip", "add", "--spot", spot["id"] as! String, "--start", "2024-06-01T05:00:00+03:00", "--end",
            "2024-06-01T09:00:00+03:00", "--json",
        ]).object()
        return (spot["id"] as! String, trip["id"] as! String)
    }

    /// The files in the profile's media folder (content and temporary ones), relative to it.
    func mediaFiles(_ cli: CLIRunner) throws -> [String] {
        let profiles = cli.folder.appendingPathComponent("profiles")
        let profile = try #require(try FileManager.default.contentsOfDirectory(atPath: profiles.path).first)
        let media = profiles.appendingPathComponent(profile).appendingPathComponent("media")
        let all = FileManager.default.enumerator(atPath: media.path)?.allObjects as? [String] ?? []
        return all.filter { $0.contains("/") }.sorted()
    }

    @Test(
        "Given photos and a video, when imported, listed, exported, deleted and the Trash emptied, then the JSON keys hold and the bytes follow the rows"
    )
    func lifecycle() async throws {
        let cli = try CLIRunner()
        let (_, tripId) = try await prepare(cli)
        let one = try await cli.run([
            "media", "import", mediaFixture("photo_exif_full.jpg").path, "--trip", tripId, "--json",
        ])
        #expect(one.status == 0, "\(one.stderr)")
        let photo = try one.object()
        #expect(Set(photo.keys) == Self.importKeys)
        #expect(photo["kind"] as? String == "photo" && photo["duplicate"] as? Bool == false)
        #expect(photo["capturedAt"] as? String == "2024-06-01T06:30:15+03:00")
        #expect(photo["latitude"] as? Double == 59.9386 && photo["longitude"] as? Double == 30.3141)
        #expect(photo["width"] as? Int == 24 && photo["height"] as? Int == 16)
        #expect(photo["durationSeconds"] is NSNull)

        let several = try await cli.run([
            "media", "import", mediaFixture("photo_exif_full.jpg").path, mediaFixture("video_location.mp4").path,
            mediaFixture("photo_big_endian_progressive.jpg").path, "--json",
        ]).array()
        #expect(several.map { $0["duplicate"] as? Bool } == [true, false, false])
        #expect(several[0]["id"] as? String == photo["id"] as? String)
        #expect(several[1]["capturedAt"] as? String == "2024-06-01T03:30:15Z")
        #expect(several[1]["durationSeconds"] as? Double == 12.5)
        #expect(several[2]["capturedAt"] as? String == "2022-08-15T21:45:30", "a wall-clock time has no zone")

        let list = try await cli.run(["media", "list", "--trip", String(tripId.prefix(8)), "--json"]).array()
        #expect(list.map { $0["id"] as? String } == [photo["id"] as? String])
        #expect((list[0]["links"] as? [[String: String]]) == [["type": "trip", "id": tripId]])
        #expect(try await cli.run(["media", "list", "--json"]).array().count == 3)
        #expect(try mediaFiles(cli).count == 3)

        let out = cli.folder.appendingPathComponent("exported.mp4")
        let videoId = several[1]["id"] as! String
        #expect(try await cli.run(["media", "export", String(videoId.prefix(6)), "--to", out.path]).status == 0)
        #expect(try Data(contentsOf: out) == Data(contentsOf: mediaFixture("video_location.mp4")))
        #expect(try await cli.run(["media", "export", videoId, "--to", out.path]).status == 4, "never overwrites")

        #expect(try await cli.run(["delete", "media", videoId, "--yes"]).status == 0)
        let trash = try await cli.run(["trash", "list", "--json"]).array()
        #expect(
            trash.first?["type"] as? String == "media" && trash.first?["label"] as? String == "video video_location.mp4"
        )
        #expect(try await cli.run(["media", "list", "--json"]).array().count == 2)
        #expect(try mediaFiles(cli).count == 3, "the Trash keeps the bytes")
        #expect(try await cli.run(["trash", "empty", "--yes", "--json"]).object()["removed"] as? Int == 1)
        #expect(try mediaFiles(cli).count == 2)
        let pending = try await cli.run(["sync", "status", "--json"]).object()["pendingChanges"] as? [[String: Any]]
        #expect(pending?.contains { $0["type"] as? String == "media" } == true, "photo changes wait for media sync")
    }

    @Test(
        "Given files that are not photos, missing or mixed with good ones, when imported, then each is refused clearly and only the good ones are kept"
    )
    func refusals() async throws {
        let cli = try CLIRunner()
        _ = try await prepare(cli)
        let notes = cli.folder.appendingPathComponent("notes.jpg")
        try Data("shopping list".utf8).write(to: notes)
        let bad = try await cli.run(["media", "import", notes.path])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("notes.jpg is not a photo or video the diary can store"))
        #expect(try await cli.run(["media", "import", cli.folder.appendingPathComponent("gone.jpg").path]).status == 3)
        let mixed = try await cli.run(["media", "import", notes.path, mediaFixture("photo_plain.png").path, "--json"])
        #expect(mixed.status == 1)
        #expect(try mixed.array().count == 1)
        #expect(try mediaFiles(cli).count == 1)
        #expect(
            try await cli.run(["media", "import", mediaFixture("photo_plain.png").path, "--trip", "x", "--spot", "y"])
                .status
                == 2)
        #expect(try await cli.run(["media", "import"]).status == 2)
    }

    @Test(
        "Given a photo taken near a saved spot during a trip, when a catch is added from it, then its time and trip come from the photo and it is linked"
    )
    func catchFromPhoto() async throws {
        let cli = try CLIRunner()
        let (_, tripId) = try await prepare(cli)
        let result = try await cli.run([
            "catch", "add", "--species", "esox-lucius", "--from-photo", mediaFixture("photo_iloc_v2_idat.heic").path,
            "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let item = try result.object()
        #expect(item["time"] as? String == "2024-06-01T06:30:15+03:00")
        #expect(item["tripId"] as? String == tripId)
        let photo = try #require(item["photo"] as? [String: Any])
        #expect(Set(photo.keys) == Self.importKeys)
        let linked = try await cli.run(["media", "list", "--catch", item["id"] as! String, "--json"]).array()
        #expect(linked.map { $0["id"] as? String } == [photo["id"] as? String])

        let later = try await cli.run([
            "catch", "add", "--species", "esox-lucius", "--from-photo", mediaFixture("photo_iloc_v2_idat.heic").path,
            "--time", "2024-06-01T10:00:00+03:00",
        ])
        #expect(later.status == 1)
        #expect(later.stderr.contains("no live trip at Neva"))
        let far = try await cli.run([
            "catch", "add", "--species", "esox-lucius", "--from-photo", mediaFixture("video_user_data_keys.mp4").path,
        ])
        #expect(far.status == 1 && far.stderr.contains("no saved spot lies within 500 m"))
        let noGPS = try await cli.run([
            "catch", "add", "--species", "esox-lucius", "--from-photo", mediaFixture("photo_no_exif.jpg").path,
        ])
        #expect(noGPS.status == 1 && noGPS.stderr.contains("no GPS position"))
        let given = try await cli.run([
            "catch", "add", "--species", "esox-lucius", "--from-photo", mediaFixture("photo_no_exif.jpg").path,
            "--trip", tripId, "--time", "2024-06-01T07:00:00+03:00", "--json",
        ])
        #expect(given.status == 0, "\(given.stderr)")
        #expect(try await cli.run(["catch", "list", "--json"]).array().count == 2)
    }

    @Test(
        "Given an import of a 96 MiB video killed with SIGKILL at moments from start-up to the end, when the diary is opened again, then every asset is whole and nothing is left over"
    )
    func killedImports() async throws {
        let cli = try CLIRunner()
        defer { try? FileManager.default.removeItem(at: cli.folder) }
        _ = try await prepare(cli)
        var generator = SystemRandomNumberGenerator()
        // Kills spread from start-up to past the end of a debug-build import, then one left to finish.
        // (Sizes stay modest: the whole suite shares the disk, and other tests have time budgets.)
        for trial in 0..<6 {
            let video = cli.folder.appendingPathComponent("clip-\(trial).mp4")
            try writeSparseVideo(at: video, size: 96 << 20)
            let handle = try FileHandle(forWritingTo: video)
            try handle.seek(toOffset: 90 << 20)
            try handle.write(contentsOf: Data("trial \(trial)".utf8))
            try handle.close()
            if trial == 5 {
                #expect(try await cli.run(["media", "import", video.path]).status == 0)
            } else {
                try await importAndKill(
                    cli, video, after: .milliseconds(50 + trial * 200 + Int.random(in: 0...150, using: &generator)))
            }
        }
        let assets = try await cli.run(["media", "list", "--json"]).array()
        let files = try mediaFiles(cli)
        #expect(!files.contains { $0.hasSuffix(".part") }, "the sweep at open removed temporary files: \(files)")
        #expect(files.count == assets.count, "one file per asset, no orphan bytes: \(files)")
        #expect(assets.contains { $0["originalName"] as? String == "clip-5.mp4" })
        for asset in assets {
            #expect(asset["byteSize"] as? Int == 96 << 20)
            let sha = asset["sha256"] as! String
            #expect(files.contains("\(sha.prefix(2))/\(sha)"))
        }
    }

    @Test(
        "Given a 256 MiB video, when the CLI imports it, then its peak resident memory is that of importing a tiny photo (a ring of 1 MiB buffers, not the file)"
    )
    func memoryStaysFlat() async throws {
        let cli = try CLIRunner()
        defer { try? FileManager.default.removeItem(at: cli.folder) }
        _ = try await prepare(cli)
        let video = cli.folder.appendingPathComponent("large.mp4")
        try writeSparseVideo(at: video, size: 256 << 20)
        let small = try await runMeasuringPeak(cli, ["media", "import", mediaFixture("photo_plain.png").path])
        let large = try await runMeasuringPeak(cli, ["media", "import", video.path])
        #expect(small.status == 0 && large.status == 0)
        #expect(
            large.peakBytes - small.peakBytes < 32 << 20,
            "peak \(large.peakBytes >> 20) MiB vs \(small.peakBytes >> 20) MiB")
        let list = try await cli.run(["media", "list", "--json"]).array()
        #expect(list.contains { $0["byteSize"] as? Int == 256 << 20 })
    }

    /// Runs `hobbystory` to its end in a child process of its own and returns its exit status and
    /// peak resident memory (`ru_maxrss`, the child's VmHWM) — measured apart from the tests
    /// running in parallel in this process. The wait happens on a thread of its own, off the
    /// cooperative pool the in-process servers of other tests need.
    private func runMeasuringPeak(_ cli: CLIRunner, _ arguments: [String]) async throws -> (
        status: Int32, peakBytes: Int
    ) {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try spawnMeasuringPeak(cli, arguments) }) }.start()
        }
    }

    private func spawnMeasuringPeak(_ cli: CLIRunner, _ arguments: [String]) throws -> (status: Int32, peakBytes: Int) {
        let path = builtProduct("hobbystory").path
        let words = [path, "--data", cli.folder.path] + arguments
        let variables = [
            "HOME=\(cli.folder.path)", "TZ=UTC", "HOBBYSTORY_OFFLINE=1", "SQLITE_TMPDIR=\(cli.folder.path)",
        ]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let environment: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer {
            for pointer in argv + environment { free(pointer) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environment)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return (status, usage.ru_maxrss * 1024)
    }

    /// Starts `hobbystory media import` on a thread of its own and kills it after `delay`.
    private func importAndKill(_ cli: CLIRunner, _ file: URL, after delay: Duration) async throws {
        let process = Process()
        process.executableURL = builtProduct("hobbystory")
        process.arguments = ["--data", cli.folder.path, "media", "import", file.path]
        process.environment = [
            "HOME": cli.folder.path, "TZ": "UTC", "HOBBYSTORY_OFFLINE": "1", "SQLITE_TMPDIR": cli.folder.path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try await Task.sleep(for: delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
