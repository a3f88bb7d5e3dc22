import Foundation
import TestSupport
import Testing

/// `hobbystory export`, `import`, `import list`, `import undo` through the real binary (issue 34
/// §1, §6): the interface other tools check the capability by.
@Suite("hobbystory export and import end to end")
struct InterchangeCLITests {
    /// Anna's diary with a trip and two catches, and Boris's empty one.
    func twoAnglers() throws -> CLIRunner {
        let cli = try CLIRunner()
        let (_, tripId) = try cli.prepareTrip()
        for (species, time) in [
            ("esox-lucius", "2026-06-01T05:10:00+03:00"), ("perca-fluviatilis", "2026-06-01T06:00:00+03:00"),
        ] {
            let added = try cli.run(
                "catch", "add", "--trip", tripId, "--species", species, "--time", time, "--weight-kg", "1.25")
            #expect(added.status == 0, "\(added.stderr)")
        }
        try cli.run("profile", "add", "Boris")
        return cli
    }

    @Test(
        "Given Anna's diary exported in each format, when Boris imports each file, then the first import creates what it holds, the rest find it present, and --json says so by kind"
    )
    func exportThenImport() throws {
        let cli = try twoAnglers()
        var created: [String: Int] = [:]
        for format in ["csv", "gpx", "kml", "kmz"] {
            let file = cli.folder.appendingPathComponent("anna.\(format)")
            let exported = try cli.run(
                "export", "--format", format, "--to", file.path, "--profile", "Anna", "--json")
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(try exported.object()["catches"] as? Int == 2)
            let imported = try cli.run("import", file.path, "--profile", "Boris", "--json")
            #expect(imported.status == 0, "\(format): \(imported.stderr)")
            let answer = try imported.object()
            let made = try #require(answer["created"] as? [String: Int])
            let present = try #require(answer["present"] as? [String: Int])
            created[format] = made.values.reduce(0, +)
            let total = made.values.reduce(0, +) + present.values.reduce(0, +)
            #expect(total == 4, "\(format): a spot, a trip, two catches")
            #expect((answer["refused"] as? [Any])?.isEmpty == true)
        }
        #expect(created == ["csv": 4, "gpx": 0, "kml": 0, "kmz": 0])
        let catches = try cli.run("catch", "list", "--profile", "Boris", "--json").array()
        #expect(catches.count == 2 && catches.allSatisfy { $0["weightKg"] as? Double == 1.25 })
        let exists = try cli.run(
            "export", "--to", cli.folder.appendingPathComponent("anna.csv").path, "--profile", "Anna")
        #expect(exists.status == 4 && exists.stderr.contains("a file is already there"))
    }

    @Test(
        "Given a spreadsheet with its own headers, when it is imported with --dry-run and then with --map, then the dry run saves nothing and names the columns, and the mapped import reads the renamed column"
    )
    func dryRunAndMapping() throws {
        let cli = try twoAnglers()
        let sheet = cli.folder.appendingPathComponent("log.csv")
        try Data(
            """
            When,Fish,Weight (lb),Spot,Lat,Lon,Fly
            2026-06-14 06:10,Northern pike,5.5,Bridge,55.7,37.6,Woolly bugger
            2026-06-14 07:10,Rainbow trout,2,Bridge,55.7,37.6,

            """.utf8
        ).write(to: sheet)
        let dry = try cli.run("import", sheet.path, "--dry-run", "--profile", "Boris")
        #expect(dry.status == 1, "no column says when the fish were caught, so every row is refused")
        #expect(dry.stdout.contains("\"When\" ignored") && dry.stdout.contains("\"Fly\" ignored"))
        #expect(dry.stdout.contains("a catch needs when it was caught") && dry.stdout.contains("Nothing was saved"))
        let mapped = try cli.run(
            "import", sheet.path, "--map", "When=caught_at", "--dry-run", "--profile", "Boris", "--json")
        #expect(mapped.status == 0, "\(mapped.stderr)")
        let answer = try mapped.object()
        #expect(answer["dryRun"] as? Bool == true && answer["importId"] is NSNull)
        #expect(answer["created"] as? [String: Int] == ["spots": 1, "trips": 1, "catches": 2])
        let columns = try #require(answer["columns"] as? [[String: Any]])
        let keys: [String?] = columns.map { $0["key"] as? String }
        let expected: [String?] = [
            "caught_at", "species", "weight_kg", "spot_name", "spot_latitude", "spot_longitude", nil,
        ]
        #expect(keys == expected)
        #expect(columns[2]["unit"] as? String == "lb")
        #expect(try cli.run("spot", "list", "--profile", "Boris", "--json").array().isEmpty)
        let bad = try cli.run("import", sheet.path, "--map", "When=nonsense", "--profile", "Boris")
        #expect(bad.status == 2 && bad.stderr.contains("--map takes"))
        let leftOut = try cli.run(
            "import", sheet.path, "--map", "When=caught_at", "--map", "Weight (lb)=", "--dry-run", "--profile", "Boris",
            "--json")
        let read = try #require(try leftOut.object()["columns"] as? [[String: Any]])
        #expect(read.map { $0["key"] as? String }[2] == nil, "\"Weight (lb)=\" leaves the column out")
    }

    @Test(
        "Given an import, when it is undone and the Trash entry restored, then its records leave and come back together, and an unknown import is not found"
    )
    func undoAndRestore() throws {
        let cli = try twoAnglers()
        let file = cli.folder.appendingPathComponent("anna.gpx")
        try cli.run("export", "--to", file.path, "--profile", "Anna")
        try cli.run("import", file.path, "--profile", "Boris")
        let imports = try cli.run("import", "list", "--profile", "Boris", "--json").array()
        #expect(imports.count == 1 && imports[0]["created"] as? Int == 4 && imports[0]["live"] as? Int == 4)
        let id = try #require(imports[0]["id"] as? String)
        let undone = try cli.run("import", "undo", String(id.prefix(8)), "--profile", "Boris", "--json").object()
        #expect(undone["type"] as? String == "import" && undone["itemCount"] as? Int == 4)
        #expect(try cli.run("catch", "list", "--profile", "Boris", "--json").array().isEmpty)
        let restored = try cli.run("trash", "restore", undone["batchId"] as! String, "--profile", "Boris")
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(try cli.run("catch", "list", "--profile", "Boris", "--json").array().count == 2)
        let unknown = try cli.run("import", "undo", "abcdef12", "--profile", "Boris")
        #expect(unknown.status == 3)
        let missing = try cli.run("import", cli.folder.appendingPathComponent("nothing.csv").path, "--profile", "Boris")
        #expect(missing.status == 3 && missing.stderr.contains("cannot be read"))
    }
}
