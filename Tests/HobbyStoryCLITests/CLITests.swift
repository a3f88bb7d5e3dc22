import DiaryStore
import Foundation
import HobbyStoryCLI
import Synchronization
import TestSupport
import Testing

/// Runs the real `hobbystory` binary in a temporary data folder, as a person or a script would.
struct CLIRunner {
    let folder: URL
    /// Extra environment, e.g. weather origins pointing at a local fixture server.
    var environment: [String: String] = [:]

    init() throws { folder = try temporaryFolder("cli") }

    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        func json() throws -> Any { try JSONSerialization.jsonObject(with: Data(stdout.utf8)) }
        func object() throws -> [String: Any] { try #require(try json() as? [String: Any]) }
        func array() throws -> [[String: Any]] { try #require(try json() as? [[String: Any]]) }
    }

    @discardableResult
    func run(_ arguments: String..., input: String? = nil) throws -> Result {
        try run(arguments: arguments, input: input)
    }

    func run(arguments: [String], input: String?) throws -> Result {
        let process = Process()
        process.executableURL = builtProduct("hobbystory")
        process.arguments = ["--data", folder.path] + arguments
        process.environment = ["HOME": folder.path, "TZ": "UTC", "HOBBYSTORY_OFFLINE": "1"].merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        let stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try stdin.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// `run` on a thread of its own, for async tests: a blocking wait on the cooperative pool
    /// would starve the in-process servers the command talks to.
    @discardableResult
    func run(_ arguments: [String], input: String? = nil) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Swift.Result { try self.run(arguments: arguments, input: input) })
            }.start()
        }
    }

    /// A profile, a spot and a trip; returns (spotId, tripId).
    func prepareTrip() throws -> (String, String) {
        try run("profile", "add", "Anna")
        let spot = try run("spot", "add", "--name", "Volga bend", "--lat", "56.84", "--lon", "35.9", "--json").object()
        let trip = try run(
            "trip", "add", "--spot", spot["id"] as! String, "--title", "Dawn", "--start", "2026-06-01T04:30:00+03:00",
            "--json"
        ).object()
        return (spot["id"] as! String, trip["id"] as! String)
    }
}

@Suite("hobbystory CLI end to end")
struct CLITests {
    @Test(
        "Given a new data folder, when an angler logs a trip and two catches, then listings show them with the documented JSON keys"
    )
    func happyPath() throws {
        let cli = try CLIRunner()
        let (spotId, tripId) = try cli.prepareTrip()
        let first = try cli.run(
            "catch", "add", "--trip", tripId, "--species", "Northern pike", "--time", "2026-06-01T06:10:00+03:00",
            "--weight-kg", "2.4", "--length-cm", "68", "--bait", "spoon", "--method", "Спиннинг", "--released", "--json"
        )
        #expect(first.status == 0, "\(first.stderr)")
        let object = try first.object()
        #expect(object["species"] as? String == "Northern pike")
        #expect(object["speciesId"] as? String == "esox-lucius")
        #expect(object["tripId"] as? String == tripId)
        #expect(object["time"] as? String == "2026-06-01T06:10:00+03:00")
        #expect(object["weightKg"] as? Double == 2.4)
        #expect(object["lengthCm"] as? Double == 68)
        #expect(object["count"] as? Int == 1)
        #expect(object["released"] as? Bool == true)
        #expect(object["methodId"] as? String == "spinning")
        #expect(object.keys.contains("notes") && object["notes"] is NSNull)
        try cli.run(
            "catch", "add", "--trip", String(tripId.prefix(8)), "--species", "perca-fluviatilis", "--time",
            "2026-06-01T07:00:00+03:00", "--count", "3")
        let list = try cli.run("catch", "list", "--json").array()
        #expect(list.map { $0["speciesId"] as? String } == ["perca-fluviatilis", "esox-lucius"])
        let trip = try cli.run("trip", "show", tripId, "--json").object()
        #expect((trip["catches"] as? [Any])?.count == 2)
        #expect(trip["spotId"] as? String == spotId)
        #expect(trip["start"] as? String == "2026-06-01T04:30:00+03:00")
    }

    @Test(
        "Given bad input, when adding a catch, then exit 1 names every bad attribute, the directory to look in, and nothing is saved"
    )
    func validationExit() throws {
        let cli = try CLIRunner()
        let (_, tripId) = try cli.prepareTrip()
        let result = try cli.run(
            "catch", "add", "--trip", tripId, "--species", "kraken", "--weight-kg", "-3", "--length-cm", "abc",
            "--time", "yesterday", "--count", "0")
        #expect(result.status == 1)
        for field in ["species", "weightKg", "lengthCm", "time", "count"] {
            #expect(result.stderr.contains("\(field) ="), "stderr should name \(field): \(result.stderr)")
        }
        #expect(result.stderr.contains("`hobbystory directory list species`"), "which directory to look in")
        #expect(try cli.run("catch", "list", "--json").array().isEmpty)
        let spot = try cli.run("spot", "add", "--name", "", "--lat", "95", "--lon", "east")
        #expect(spot.status == 1)
        #expect(spot.stderr.contains("name:") && spot.stderr.contains("lat =") && spot.stderr.contains("lon ="))
        let trip = try cli.run(
            "trip", "add", "--spot", "nope", "--start", "2026-06-02T10:00:00Z", "--end", "2026-06-01T10:00:00Z")
        #expect(trip.status == 1)
        #expect(trip.stderr.contains("spotId =") && trip.stderr.contains("end ="))
    }

    @Test("Given destructive commands, when not confirmed, then they are refused with exit 4; with --yes they run")
    func confirmations() throws {
        let cli = try CLIRunner()
        let (_, tripId) = try cli.prepareTrip()
        #expect(try cli.run("delete", "trip", tripId).status == 4)
        #expect(try cli.run("trip", "list", "--json").array().count == 1)
        #expect(try cli.run("delete", "trip", tripId, "--yes").status == 0)
        #expect(try cli.run("trip", "list", "--json").array().isEmpty)
        let trash = try cli.run("trash", "list", "--json").array()
        #expect(trash.first?["id"] as? String == tripId)
        #expect(try cli.run("trash", "empty").status == 4)
        #expect(try cli.run("trash", "restore", tripId).status == 0)
        #expect(try cli.run("trip", "list", "--json").array().count == 1)
        #expect(try cli.run("delete", "trip", tripId, "--yes").status == 0)
        let emptied = try cli.run("trash", "empty", "--yes", "--json").object()
        #expect(emptied["removed"] as? Int == 1)
        #expect(try cli.run("trip", "show", tripId).status == 3)
    }

    @Test("Given profiles with a PIN, when opened with a wrong PIN or removed without confirmation, then exit 4")
    func profilesAndPins() throws {
        let cli = try CLIRunner()
        #expect(try cli.run("profile", "add", "Anna", "--pin", "4821").status == 0)
        try cli.run("profile", "add", "Ivan")
        #expect(try cli.run("spot", "list").status == 2, "two profiles need --profile")
        #expect(try cli.run("--profile", "Anna", "spot", "list").status == 4)
        #expect(try cli.run("--profile", "Anna", "--pin", "0000", "spot", "list").status == 4)
        #expect(try cli.run("--profile", "Anna", "--pin", "4821", "spot", "list").status == 0)
        #expect(try cli.run("--profile", "Nobody", "spot", "list").status == 3)
        #expect(try cli.run("profile", "remove", "Ivan").status == 4)
        #expect(try cli.run("profile", "remove", "Ivan", "--confirm", "ivan").status == 4)
        #expect(try cli.run("profile", "remove", "Ivan", "--confirm", "Ivan").status == 0)
        #expect(try cli.run("profile", "list", "--json").array().map { $0["name"] as? String } == ["Anna"])
        #expect(try cli.run("profile", "restore", "Ivan").status == 0)
        #expect(try cli.run("profile", "add", "anna").status == 1)
    }

    @Test("Given directories, when listed and searched in three languages, then entries match; no command changes them")
    func directories() throws {
        let cli = try CLIRunner()
        let species = try cli.run("directory", "list", "species", "--json").array()
        #expect(species.count >= 120)
        #expect(
            species.allSatisfy {
                ($0["latin"] as? String)?.isEmpty == false && ($0["nameRu"] as? String)?.isEmpty == false
            })
        for search in ["pike", "ЩУКА", "esox"] {
            let found = try cli.run("directory", "list", "species", "--search", search, "--json").array()
            #expect(found.contains { $0["id"] as? String == "esox-lucius" }, "search \(search)")
        }
        #expect(try cli.run("directory", "list", "methods", "--json").array().count >= 8)
        #expect(
            try cli.run("directory", "list", "water-body-types", "--search", "река", "--json").array().contains {
                $0["id"] as? String == "river"
            })
        #expect(try cli.run("directory", "add", "species").status == 2)
        #expect(try cli.run("directory", "list", "fish").status == 2)
    }

    @Test("Given usage mistakes, when run, then exit 2 explains them")
    func usage() throws {
        let cli = try CLIRunner()
        #expect(try cli.run("spot", "add", "--bogus", "1").status == 2)
        #expect(try cli.run("spot", "add", "--name").status == 2)
        #expect(try cli.run("fly", "away").status == 2)
        #expect(try cli.run("help").stdout.contains("catch add"))
    }

    @Test("Given edits with --clear, when run, then optional fields are cleared and others kept")
    func editAndClear() throws {
        let cli = try CLIRunner()
        let (_, tripId) = try cli.prepareTrip()
        let added = try cli.run(
            "catch", "add", "--trip", tripId, "--species", "esox-lucius", "--time", "2026-06-01T05:00:00+03:00",
            "--weight-kg", "3", "--notes", "big one", "--json"
        ).object()
        let id = added["id"] as! String
        let edited = try cli.run("catch", "edit", id, "--clear", "weight-kg", "--length-cm", "80", "--json").object()
        #expect(edited["weightKg"] is NSNull)
        #expect(edited["lengthCm"] as? Double == 80)
        #expect(edited["notes"] as? String == "big one")
        #expect(try cli.run("catch", "edit", id, "--clear", "species").status == 2)
    }

    @Test(
        "Given activity and an error, when diagnostics are exported, then the bundle holds the log, the error and a sound database"
    )
    func diagnosticsExport() throws {
        let cli = try CLIRunner()
        _ = try cli.prepareTrip()
        try cli.run("catch", "add", "--trip", "ffff", "--species", "esox-lucius")
        let file = cli.folder.appendingPathComponent("bundle.json")
        #expect(try cli.run("diagnostics", "export", "--to", file.path).status == 0)
        let bundle = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        #expect(bundle["appVersion"] as? String == HobbyStoryCLI.version)
        #expect(bundle["databaseIntegrity"] as? String == "ok")
        #expect(bundle["databaseSchemaVersion"] as? Int == Diary.currentSchemaVersion)
        #expect(
            ((bundle["recentLog"] as? [[String: Any]]) ?? []).contains {
                $0["message"] as? String == "validation refused"
            })
    }
}

@Suite("hobbystory CLI in process")
struct CLIInProcessTests {
    @Test("Given a person at a terminal, when they type the confirmation, then the Trash is emptied")
    func interactiveConfirmation() throws {
        let folder = try temporaryFolder("cli-interactive")
        let output = Mutex<[String]>([])
        let answers = Mutex(["yes"])
        let console = Console(
            write: { line in output.withLock { $0.append(line) } },
            writeError: { line in output.withLock { $0.append(line) } },
            readLine: { answers.withLock { $0.isEmpty ? nil : $0.removeFirst() } }, isInteractive: true)
        let cli = HobbyStoryCLI(environment: ["HOBBYSTORY_HOME": folder.path], console: console)
        #expect(cli.run(["profile", "add", "Anna"]) == 0)
        #expect(cli.run(["spot", "add", "--name", "Pond", "--lat", "1", "--lon", "2"]) == 0)
        answers.withLock { $0 = ["n"] }
        let spotLine = output.withLock { $0.last! }
        let spotId = String(spotLine.split(separator: " ")[2])
        #expect(cli.run(["delete", "spot", spotId]) == 4, "answering n keeps the spot")
        answers.withLock { $0 = ["y"] }
        #expect(cli.run(["delete", "spot", spotId]) == 0)
        answers.withLock { $0 = ["yes"] }
        #expect(cli.run(["trash", "empty"]) == 0)
        #expect(output.withLock { $0.last } == "Removed 1 object(s) for good.")
    }
}

@Suite("hobbystory report")
struct ReportCLITests {
    @Test(
        "Given a diary, when a built-in and a formula are run with --json, --svg and --csv, then all three outputs agree"
    )
    func runReports() throws {
        let cli = try CLIRunner()
        let (_, tripId) = try cli.prepareTrip()
        try cli.run(
            "catch", "add", "--trip", tripId, "--species", "esox-lucius", "--time", "2026-06-01T05:00:00+03:00",
            "--weight-kg", "2")
        try cli.run(
            "catch", "add", "--trip", tripId, "--species", "esox-lucius", "--time", "2026-06-01T06:00:00+03:00",
            "--weight-kg", "3")
        let list = try cli.run("report", "list", "--json").array()
        #expect(list.contains { $0["slug"] as? String == "catches-by-species" })
        let svg = cli.folder.appendingPathComponent("r.svg")
        let csv = cli.folder.appendingPathComponent("r.csv")
        let result = try cli.run(
            "report", "run", "--formula", "avg(catch.weight_kg) by species", "--json", "--svg", svg.path, "--csv",
            csv.path)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try result.object()
        #expect(object["columns"] as? [String] == ["species", "avg(catch.weight_kg)"])
        #expect((object["rows"] as? [[Any]])?.first?.last as? Double == 2.5)
        #expect((object["chart"] as? [String: Any])?["kind"] as? String == "bar")
        #expect(try String(contentsOf: svg, encoding: .utf8).contains("<svg"))
        #expect(try String(contentsOf: csv, encoding: .utf8) == "species,avg(catch.weight_kg)\r\nNorthern pike,2.5\r\n")
        #expect(
            try cli.run("report", "run", "catches-by-species", "--json").object()["rows"] as? [[AnyHashable]] == [
                ["Northern pike", 2]
            ])
    }

    @Test("Given a bad formula or report name, when run, then exit 1 points at the problem and exit 3 names the report")
    func errors() throws {
        let cli = try CLIRunner()
        _ = try cli.prepareTrip()
        let bad = try cli.run("report", "run", "--formula", "avg(catch.weigth_kg)")
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("^") && bad.stderr.contains("did you mean `weight_kg`"))
        #expect(try cli.run("report", "run", "catches-by-nothing").status == 3)
        #expect(try cli.run("report", "run").status == 2)
    }
}

@Suite("hobbystory place, distance, almanac, magnetic")
struct PlaceCLITests {
    @Test("Given a point, when its place is asked offline, then the documented keys describe it")
    func place() throws {
        let cli = try CLIRunner()
        let object = try cli.run("place", "--lat", "56.77", "--lon", "37.22", "--json").object()
        #expect(
            Set(object.keys) == [
                "latitude", "longitude", "settlement", "region", "country", "countryCode", "distanceKm",
                "bearingFromSettlement",
                "description",
            ])
        #expect(object["settlement"] as? String == "Dubna")
        #expect(object["countryCode"] as? String == "RU")
        #expect(try cli.run("place", "--lat", "91", "--lon", "0").status == 1)
        #expect(try cli.run("place", "--lat", "abc", "--lon", "0").stderr.contains("lat"))
    }

    @Test(
        "Given a name, when settlements are searched, then the most populous match comes first with the documented keys"
    )
    func search() throws {
        let cli = try CLIRunner()
        let found = try cli.run("places", "search", "Dubna", "--country", "RU", "--limit", "5", "--json").array()
        #expect(found.count == 2)
        #expect(
            found.first.map { Set($0.keys) } == [
                "name", "region", "country", "countryCode", "latitude", "longitude", "population",
            ])
        #expect(found.first?["region"] as? String == "Moscow Oblast")
        #expect(try cli.run("places", "search", "").status == 1)
    }

    @Test("Given two points in DMS and decimals, when the distance is asked, then it matches geographiclib")
    func distance() throws {
        let cli = try CLIRunner()
        let object = try cli.run("distance", "--from", "55°45′21″N 37°37′03″E", "--to", "59.9343,30.3351", "--json")
            .object()
        #expect(abs((object["meters"] as? Double ?? 0) - 634_607.145) < 0.01, "geographiclib: 634607.145 m")
        #expect(abs((object["initialBearing"] as? Double ?? 0) - 320.139_097) < 1e-5)
        #expect(try cli.run("distance", "--from", "55°61′N 37°E", "--to", "0,0").status == 1)
    }

    @Test(
        "Given a day and a time zone, when the almanac is asked, then sun, moon and solunar keys are there, nulls included"
    )
    func almanac() throws {
        let cli = try CLIRunner()
        let object = try cli.run(
            "almanac", "--lat", "56.77", "--lon", "37.22", "--date", "2026-06-01", "--tz", "Europe/Moscow", "--json"
        ).object()
        let sun = try #require(object["sun"] as? [String: Any])
        #expect(Set(sun.keys) == ["rise", "set", "noon", "civilDawn", "civilDusk"])
        #expect((sun["rise"] as? String)?.hasSuffix("Z") == true)
        let moon = try #require(object["moon"] as? [String: Any])
        #expect(
            Set(moon.keys) == [
                "rise", "set", "upperTransit", "lowerTransit", "illumination", "ageDays", "phase", "nextNew",
                "nextFull",
            ])
        #expect((object["solunar"] as? [String: Any])?["rating"] is Int)
        let polar = try cli.run("almanac", "--lat", "78", "--lon", "15", "--date", "2026-06-21", "--json").object()
        #expect((polar["sun"] as? [String: Any])?["rise"] is NSNull)
        #expect(try cli.run("almanac", "--lat", "1", "--lon", "1", "--date", "2026-02-30").status == 1)
        #expect(
            try cli.run("almanac", "--lat", "1", "--lon", "1", "--date", "2026-02-03", "--tz", "Mars/Base").status == 1)
    }

    @Test(
        "Given a point and date, when the magnetic field is asked, then WMM2025 answers with the documented keys and warns outside 2025–2030"
    )
    func magnetic() throws {
        let cli = try CLIRunner()
        let object = try cli.run("magnetic", "--lat", "56.77", "--lon", "37.22", "--date", "2026-06-01", "--json")
            .object()
        #expect(object["model"] as? String == "WMM2025")
        #expect(object["warning"] is NSNull)
        for key in ["declination", "inclination", "totalIntensity", "horizontalIntensity", "north", "east", "down"] {
            #expect(object[key] is Double, "\(key)")
        }
        let late = try cli.run("magnetic", "--lat", "0", "--lon", "0", "--date", "2031-03-01", "--json").object()
        #expect((late["warning"] as? String)?.contains("outside") == true)
    }

    @Test("Given a new spot, when saved through the CLI, then its place is filled offline")
    func spotPlace() throws {
        let cli = try CLIRunner()
        try cli.run("profile", "add", "Anna")
        let spot = try cli.run("spot", "add", "--name", "Volga", "--lat", "56.77", "--lon", "37.22", "--json").object()
        #expect(spot["settlement"] as? String == "Dubna")
        #expect(spot["place"] as? String == "3.9 km NE of Dubna, Moscow Oblast, Russian Federation")
    }
}

@Suite("hobbystory weather, offline")
struct WeatherOfflineCLITests {
    @Test("Given no network, when the weather is asked, then offline fields come with warnings and the rest is null")
    func offlineWeather() throws {
        let cli = try CLIRunner()
        let result = try cli.run(
            "weather", "--lat", "56.77", "--lon", "37.22", "--at", "2026-06-01T06:00:00+03:00", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let object = try result.object()
        #expect(object["temperatureC"] is NSNull)
        #expect(object["moonPhase"] is String)
        #expect(object["magneticDeclination"] is Double)
        #expect(((object["source"] as? [String: Any])?["moonPhase"] as? String) == "computed")
        #expect((object["warnings"] as? [String])?.isEmpty == false)
        for key in [
            "temperatureC", "pressureHpa", "pressureTrendHpaPer3h", "pressureTendency", "windSpeedMs",
            "windDirectionDeg",
            "windCompass", "humidityPercent", "kp", "magneticDeclination", "magneticTotalIntensityNt", "moonPhase",
            "moonIllumination", "sunrise", "sunset", "observedAt", "source",
        ] {
            #expect(object.keys.contains(key), "\(key)")
        }
        #expect(try cli.run("weather", "--city", "Nowhereville-on-Zzz").status == 3)
    }

    @Test("Given no network, when a catch is saved, then it is saved at once with offline conditions and stays queued")
    func catchOffline() throws {
        let cli = try CLIRunner()
        let (_, tripId) = try cli.prepareTrip()
        let added = try cli.run(
            "catch", "add", "--trip", tripId, "--species", "esox-lucius", "--time", "2026-06-01T06:00:00+03:00",
            "--json")
        #expect(added.status == 0)
        let shown = try cli.run("catch", "show", try added.object()["id"] as! String, "--json").object()
        let conditions = try #require(shown["conditions"] as? [String: Any])
        #expect(conditions["moonPhase"] is String)
        #expect(conditions["temperatureC"] is NSNull)
        let refresh = try cli.run("weather", "refresh", "--json").object()
        #expect(refresh["filled"] as? Int == 0)
        #expect(refresh["pending"] as? Int == 2, "the trip and the catch wait for the network")
    }
}

@Suite("hobbystory weather against a local fixture server", .timeLimit(.minutes(1)))
struct WeatherOverHTTPCLITests {
    @Test(
        "Given the archive served locally through the HOBBYSTORY_*_URL overrides, when the weather of a past day is asked, then the archive's figures come back"
    )
    func pastDay() async throws {
        let server = try WeatherFixtureServer()
        var cli = try CLIRunner()
        cli.environment = server.environment.merging(["HOBBYSTORY_OFFLINE": "0"]) { $1 }
        let result = try await cli.run([
            "weather", "--lat", "59.91", "--lon", "10.75", "--at", "2025-06-10T12:00:00Z", "--json",
        ])
        await server.stop()
        #expect(result.status == 0, "\(result.stderr)")
        let object = try result.object()
        #expect(object["temperatureC"] as? Double == 16.2)
        #expect(object["humidityPercent"] as? Double == 58)
        #expect(object["windSpeedMs"] as? Double == 2.0)
        #expect(object["windDirectionDeg"] as? Double == 94)
        #expect(object["windCompass"] as? String == "E")
        #expect(object["observedAt"] as? String == "2025-06-10T12:00:00Z")
        #expect((object["source"] as? [String: Any])?["temperatureC"] as? String == "Open-Meteo")
        #expect(object["kp"] is NSNull, "SWPC keeps about a month")
        #expect(server.count(WeatherFixtureServer.archivePath) == 1)
        #expect(server.count(WeatherFixtureServer.forecastPath) == 0)
    }

    @Test(
        "Given a catch saved while every provider fails, when the network returns and the angler refreshes, then its conditions are back-filled and the queue empties"
    )
    func backFill() async throws {
        let server = try WeatherFixtureServer(mode: .allFailing)
        var cli = try CLIRunner()
        cli.environment = server.environment.merging(["HOBBYSTORY_OFFLINE": "0"]) { $1 }
        try await cli.run(["profile", "add", "Anna"])
        let spot = try await cli.run(["spot", "add", "--name", "Fjord", "--lat", "59.91", "--lon", "10.75", "--json"])
            .object()
        let trip = try await cli.run([
            "trip", "add", "--spot", spot["id"] as! String, "--start", "2025-06-10T10:00:00Z", "--json",
        ]).object()
        let added = try await cli.run([
            "catch", "add", "--trip", trip["id"] as! String, "--species", "gadus-morhua", "--time",
            "2025-06-10T12:00:00Z", "--json",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        let catchId = try added.object()["id"] as! String
        let offline = try #require(
            try await cli.run(["catch", "show", catchId, "--json"]).object()["conditions"] as? [String: Any])
        #expect(offline["temperatureC"] is NSNull)
        #expect(offline["moonPhase"] is String)

        server.mode = .healthy
        let refresh = try await cli.run(["weather", "refresh", "--json"]).object()
        #expect(refresh["filled"] as? Int == 2, "the trip and the catch")
        #expect(refresh["pending"] as? Int == 0)
        let filled = try #require(
            try await cli.run(["catch", "show", catchId, "--json"]).object()["conditions"] as? [String: Any])
        await server.stop()
        #expect(filled["temperatureC"] as? Double == 16.2)
        let source = try #require((filled["source"] as? [String: Any])?["temperatureC"] as? String)
        #expect(source.contains("Open-Meteo"), "fetched for the trip, or from the cache that fetch filled: \(source)")
        #expect(filled["moonPhase"] as? String == offline["moonPhase"] as? String)
    }
}
