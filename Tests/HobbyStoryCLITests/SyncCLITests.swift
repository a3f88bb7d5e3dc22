import DiaryStore
import FishingModel
import Foundation
import TestSupport
import Testing

/// A real `hobbystory-portal` process on a real socket, and two `hobbystory` data folders (two
/// devices) syncing through it (T3), including the portal being killed in the middle of a sync.
@Suite("hobbystory sync against a running portal", .timeLimit(.minutes(3)))
struct SyncCLITests {
    /// A spot, a trip and `count` catches written straight into a data folder's diary (much faster
    /// than as many CLI calls), which is returned.
    func logCatches(_ count: Int, in cli: CLIRunner) throws -> Diary {
        let diary = try DeviceStorage(root: cli.folder).openDiary(named: "Anna", pin: nil)
        let spot = try diary.spots.add(SpotDraft(name: "Lake", latitude: 56, longitude: 37))
        let trip = try diary.trips.add(
            TripDraft(spotId: spot.id, startAt: Date(timeIntervalSince1970: 1_779_990_000), utcOffsetSeconds: 0))
        _ = try diary.catches.add(
            contentsOf: (0..<count).map { i in
                CatchDraft(
                    tripId: trip.id, speciesId: "esox-lucius",
                    caughtAt: Date(timeIntervalSince1970: 1_780_000_000 + Double(i)), utcOffsetSeconds: 0)
            })
        return diary
    }

    func device(_ portal: PortalProcess, signUp: Bool) async throws -> CLIRunner {
        var cli = try CLIRunner()
        cli.environment["HOBBYSTORY_OFFLINE"] = "1"
        try await cli.run(["profile", "add", "Anna"])
        let command = signUp ? "signup" : "login"
        let result = try await cli.run(
            ["account", command, "--portal", portal.url, "--email", "anna@example.org", "--password-stdin", "--json"],
            input: "correct horse battery\n")
        #expect(result.status == 0, "\(result.stderr)")
        return cli
    }

    /// A spot and a trip to it, logged through the CLI; the trip's id.
    func logTrip(_ cli: CLIRunner) async throws -> String {
        let spot = try await cli.run(["spot", "add", "--name", "Lake", "--lat", "56", "--lon", "37", "--json"]).object()
        return try await cli.run(["trip", "add", "--spot", spot["id"] as! String, "--json"]).object()["id"] as! String
    }

    @Test(
        "Given two data folders signed in to one account, when one logs catches and both sync, then the other lists the same catches"
    )
    func twoDevices() async throws {
        let portal = try PortalProcess(data: try temporaryFolder("portal-cli"))
        defer { portal.stop() }
        let phone = try await device(portal, signUp: true)
        let tablet = try await device(portal, signUp: false)
        let trip = try await logTrip(phone)
        for species in ["esox-lucius", "perca-fluviatilis"] {
            try await phone.run(["catch", "add", "--trip", trip, "--species", species])
        }
        let pushed = try await phone.run(["sync", "--json"]).object()
        #expect(pushed["pushed"] as? Int == 4)
        #expect(
            pushed.keys.sorted() == [
                "conflicts", "directoryVersion", "mediaUploaded", "mediaWaiting", "pulled", "pushed", "rejected",
            ])
        let pulled = try await tablet.run(["sync", "--json"]).object()
        #expect(pulled["pulled"] as? Int == 4)
        #expect(
            try await tablet.run(["catch", "list", "--json"]).stdout
                == (try await phone.run(["catch", "list", "--json"]).stdout))
        // A photo of the first catch: its row syncs, its bytes upload, the tablet fetches them when
        // it exports the photo.
        let photo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("MediaMetadataTests/Fixtures/photo_exif_full.jpg")
        let firstCatch = try #require(try await phone.run(["catch", "list", "--json"]).array().first?["id"] as? String)
        let imported = try await phone.run(["media", "import", photo.path, "--catch", firstCatch, "--json"]).object()
        let mediaSync = try await phone.run(["sync", "--json"]).object()
        #expect(mediaSync["mediaUploaded"] as? Int == 1)
        try await tablet.run(["sync"])
        let exportPath = try temporaryFolder("export").appendingPathComponent("pike.jpg").path
        let exported = try await tablet.run(["media", "export", imported["id"] as! String, "--to", exportPath])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: exportPath)) == Data(contentsOf: photo))
        let status = try await tablet.run(["sync", "status", "--json"]).object()
        #expect(status["pending"] as? Int == 0)
        #expect(status["signedIn"] as? Bool == true)
        #expect(try await tablet.run(["account", "logout"]).status == 0)
        #expect(try await tablet.run(["sync"]).status == 4, "signed out: refused until signed in again")
    }

    @Test(
        "Given a portal killed at random moments during a large sync, when it restarts and the angler syncs again, then nothing is lost or duplicated"
    )
    func portalKilledMidSync() async throws {
        let portal = try PortalProcess(data: try temporaryFolder("portal-kill"))
        defer { portal.stop() }
        let phone = try await device(portal, signUp: true)
        let total = 3_000
        let diary = try logCatches(total, in: phone)
        let port = portal.port
        var interrupted = 0
        for delay in [150, 400, 250] {
            let syncing = Task { try await phone.run(["sync", "--json"]) }
            try await Task.sleep(for: .milliseconds(delay))
            portal.kill()
            if try await syncing.value.status != 0 { interrupted += 1 }
            try portal.start(port: port)
        }
        #expect(interrupted >= 1, "at least one kill landed in the middle of a sync")
        var finished = try await phone.run(["sync", "--json"])
        if finished.status != 0 { finished = try await phone.run(["sync", "--json"]) }
        #expect(finished.status == 0, "\(finished.stderr)")
        let tablet = try await device(portal, signUp: false)
        let report = try await tablet.run(["sync", "--json"]).object()
        #expect(report["pulled"] as? Int == total + 2)
        let listed = try await tablet.run(["catch", "list", "--limit", "100000", "--json"]).array()
        #expect(listed.count == total)
        #expect(Set(listed.compactMap { $0["id"] as? String }).count == total)
        #expect(try diary.outbox.pending().isEmpty)
    }

    @Test(
        "Given a sync process killed at random moments, when the angler runs sync again, then everything arrives once")
    func clientKilledMidSync() async throws {
        let portal = try PortalProcess(data: try temporaryFolder("portal-client-kill"))
        defer { portal.stop() }
        let phone = try await device(portal, signUp: true)
        let total = 3_000
        let diary = try logCatches(total, in: phone)
        for delay in [100, 300, 200] {
            let process = Process()
            process.executableURL = builtProduct("hobbystory")
            process.arguments = ["--data", phone.folder.path, "sync"]
            process.environment = [
                "HOME": phone.folder.path, "HOBBYSTORY_OFFLINE": "1", "SQLITE_TMPDIR": phone.folder.path,
            ]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            try await Task.sleep(for: .milliseconds(delay))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let finished = try await phone.run(["sync", "--json"])
        #expect(finished.status == 0, "\(finished.stderr)")
        #expect(try diary.outbox.pending().isEmpty)
        let tablet = try await device(portal, signUp: false)
        #expect(try await tablet.run(["sync", "--json"]).object()["pulled"] as? Int == total + 2)
        let listed = try await tablet.run(["catch", "list", "--limit", "100000", "--json"]).array()
        #expect(Set(listed.compactMap { $0["id"] as? String }).count == total)
        #expect(try diary.integrityCheck() == "ok")
    }

    @Test(
        "Given notes the tablet's later edit replaced, when the phone lists the catch's history and restores its version, then both devices have the phone's notes again"
    )
    func restoreAReplacedVersion() async throws {
        let portal = try PortalProcess(data: try temporaryFolder("portal-history"))
        defer { portal.stop() }
        let phone = try await device(portal, signUp: true)
        let tablet = try await device(portal, signUp: false)
        let trip = try await logTrip(phone)
        let fish =
            try await phone.run([
                "catch", "add", "--trip", trip, "--species", "esox-lucius", "--json",
            ]).object()["id"] as! String
        try await phone.run(["sync"])
        try await tablet.run(["sync"])
        try await phone.run(["catch", "edit", fish, "--notes", "took a spinner by the reeds"])
        try await tablet.run(["catch", "edit", fish, "--notes", "small one"])
        try await tablet.run(["sync"])
        #expect(try await phone.run(["sync", "--json"]).object()["conflicts"] as? Int == 1)
        #expect(try await phone.run(["catch", "show", fish, "--json"]).object()["notes"] as? String == "small one")

        let page = try await phone.run(["sync", "history", String(fish.prefix(8)), "--json"]).object()
        #expect(page["nextBefore"] is NSNull)
        let history = try #require(page["entries"] as? [[String: Any]])
        let mine = try #require(
            history.first { $0["fromThisDevice"] as? Bool == true && $0["reason"] as? String == "superseded" })
        #expect((mine["fields"] as? [String: Any])?["notes"] as? String == "took a spinner by the reeds")
        let version = try #require(mine["version"] as? Int)
        #expect(try await phone.run(["sync", "history"]).stdout.contains("v\(version)  superseded  catch"))

        #expect(try await phone.run(["sync", "restore-version", fish, "--version", "999999"]).status == 3)
        #expect(try await phone.run(["sync", "restore-version", fish, "--version", "-1"]).status == 2)
        let restored = try await phone.run(["sync", "restore-version", fish, "--version", String(version), "--json"])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(try restored.object()["restoredVersion"] as? Int == version)
        #expect(try await phone.run(["sync", "--json"]).object()["pushed"] as? Int == 1)
        try await tablet.run(["sync"])
        for device in [phone, tablet] {
            let notes = try await device.run(["catch", "show", fish, "--json"]).object()["notes"] as? String
            #expect(notes == "took a spinner by the reeds")
        }
    }

    @Test(
        "Given the portal's admin commands, when an admin is made and directories change, then stats count users, devices see the change, and media collection runs"
    )
    func adminCommands() async throws {
        let data = try temporaryFolder("portal-admin")
        func admin(_ arguments: [String], input: String? = nil) throws -> (Int32, String) {
            try portalAdmin(data, arguments, input: input)
        }
        #expect(
            try admin(["create-admin", "--email", "root@example.org", "--password-stdin"], input: "admin password\n").0
                == 0)
        let added = try admin([
            "directory", "add", "species", "--name", "Inconnu", "--latin", "Stenodus leucichthys", "--name-ru",
            "Белорыбица",
        ])
        #expect(added.0 == 0, "\(added.1)")
        #expect(added.1.contains("stenodus-leucichthys"))
        #expect(
            try admin(["directory", "rename", "species", "stenodus-leucichthys", "--name", "Inconnu (sheefish)"]).0 == 0
        )
        #expect(
            try admin(["directory", "retire", "species", "stenodus-leucichthys", "--replacement", "no-such"]).0 == 1)
        #expect(try admin(["directory", "retire", "species", "nothing-here", "--replacement", "esox-lucius"]).0 == 3)
        #expect(try admin(["directory", "add", "whales", "--name", "Blue"]).0 == 2)

        let portal = try PortalProcess(data: data)
        defer { portal.stop() }
        let phone = try await device(portal, signUp: true)
        let report = try await phone.run(["sync", "--json"]).object()
        #expect((report["directoryVersion"] as? Int ?? 0) >= 3)
        let listed = try await phone.run(["directory", "list", "species", "--search", "sheefish", "--json"]).array()
        #expect(listed.contains { $0["nameEn"] as? String == "Inconnu (sheefish)" })

        let stats = try admin(["stats", "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(stats.1.utf8)) as? [String: Any]
        #expect(object?["accounts"] as? Int == 2)
        #expect(object?["devices"] as? Int == 1)
        #expect(object?["activeLastDay"] as? Int == 1)

        let collected = try admin(["collect-media"])
        #expect(collected.0 == 0)
        #expect(collected.1.contains("0 collected (0 bytes freed)"), "\(collected.1)")

        let reports = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("AppStoreReportsTests/Fixtures")
        let files = ["sales_2026-06-01.txt", "sales_2026-06-02.txt.gz"].map { reports.appendingPathComponent($0).path }
        let broken = try temporaryFolder("sales").appendingPathComponent("broken.txt")
        try Data("Product Type Identifier\tUnits\n1F\tmany\n".utf8).write(to: broken)
        let refused = try admin(["import-sales", files[0], broken.path])
        #expect(refused.0 == 1, "\(refused.1)")
        #expect(
            try admin(["import-sales", "--app", "6450001234"] + files + [files[0]]).1.contains("29 downloads"),
            "a day given twice is taken once")
        let sales =
            try JSONSerialization.jsonObject(with: Data(try admin(["stats", "--json"]).1.utf8)) as? [String: Any]
        #expect(sales?["downloads"] as? Int == 29, "the broken file imported nothing, the other app is left out")
        #expect(sales?["lastSalesDay"] as? String == "2026-06-02")

        // The same reports from the App Store Connect API (a local stand-in): yesterday and three
        // days ago have one, the other days none.
        let utc = DateFormatter()
        utc.locale = Locale(identifier: "en_US_POSIX")
        utc.timeZone = TimeZone(identifier: "UTC")
        utc.dateFormat = "yyyy-MM-dd"
        let day: (Int) -> String = { utc.string(from: Date().addingTimeInterval(-Double($0) * 86_400)) }
        let appStore = try AppStoreConnectFixtureServer(reportDays: [day(1), day(3)])
        let key = AppStoreConnectFixtureServer.fixturesFolder.appendingPathComponent("test-only-key.p8").path
        let credentials = [
            "--vendor", "85912345", "--issuer", "issuer", "--key-id", "KEY", "--api-url", appStore.origin,
        ]
        let fetched = try admin(["fetch-sales", "--key-file", key, "--days", "5"] + credentials)
        #expect(fetched.0 == 0, "\(fetched.1)")
        #expect(fetched.1.contains("fetched 2 report(s) for the last 5 day(s)"), "\(fetched.1)")
        #expect(appStore.received.count == 5)
        let after =
            try JSONSerialization.jsonObject(with: Data(try admin(["stats", "--json"]).1.utf8)) as? [String: Any]
        #expect(after?["downloads"] as? Int == 35)
        #expect((after?["downloadsLast30Days"] as? Int ?? 0) >= 6)
        #expect(try admin(["fetch-sales", "--key-file", key, "--days", "0"] + credentials).0 == 2)
        #expect(try admin(["fetch-sales", "--key-file", broken.path] + credentials).0 == 1, "not a key")
        #expect(try admin(["fetch-sales", "--key-file", key]).0 == 2, "no vendor, issuer or key id")
        await appStore.stop()
    }
}

/// Runs `hobbystory-portal --data DATA admin ARGUMENTS…` and returns its exit status and output.
/// A data folder with the profile `profile`, signed up to `email` on `portal`, its commands run
/// with `environment` added.
func signedUpAngler(
    _ portal: PortalProcess, email: String, profile: String = "Anna", environment: [String: String] = [:]
) async throws -> CLIRunner {
    var cli = try CLIRunner()
    cli.environment.merge(environment) { $1 }
    try await cli.run(["profile", "add", profile])
    let signedUp = try await cli.run(
        ["account", "signup", "--portal", portal.url, "--email", email, "--password-stdin"],
        input: "correct horse battery\n")
    #expect(signedUp.status == 0, "\(signedUp.stderr)")
    return cli
}

func portalAdmin(_ data: URL, _ arguments: [String], input: String? = nil) throws -> (Int32, String) {
    let process = Process()
    process.executableURL = builtProduct("hobbystory-portal")
    process.arguments = ["--data", data.path, "admin"] + arguments
    let output = Pipe()
    let stdin = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = stdin
    try process.run()
    if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
    try stdin.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}
