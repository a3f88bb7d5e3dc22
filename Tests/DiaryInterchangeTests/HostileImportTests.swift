import DiaryStore
import FishingModel
import Foundation
import TestSupport
import Testing

@testable import DiaryInterchange

/// Bad input gets a clear answer and changes nothing (issue 34 §1): each file here is refused with
/// what is wrong and where, quickly and in bounded memory, and the diary is as it was.
@Suite("Hostile files refused")
struct HostileImportTests {
    /// Imports `file` into a fresh diary, expecting a refusal; checks that nothing was saved.
    private func refusal(_ f: InterchangeFixture, _ file: URL, format: InterchangeFormat? = nil) throws
        -> InterchangeError
    {
        let diary = try f.diary(named: "Angler \(UUID().uuidString.prefix(6))")
        var caught: InterchangeError?
        do {
            let plan = try DiaryImporter.plan(file, diary: diary, options: ImportOptions(format: format))
            try DiaryImporter.commit(plan, diary: diary)
        } catch let error as InterchangeError {
            caught = error
        }
        #expect(try diary.spots.list().isEmpty && diary.imports.list().isEmpty, "nothing saved")
        return try #require(caught, "\(file.lastPathComponent) must be refused")
    }

    @Test("Given a 2 GB file, when imported, then it is refused by its size before a byte is read")
    func hugeFile() throws {
        let f = try InterchangeFixture()
        let file = f.folder.appendingPathComponent("huge.csv")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 2 << 30)
        try handle.close()
        #expect(try refusal(f, file) == .tooLarge(bytes: 2 << 30, limit: InterchangeLimits.fileBytes))
    }

    @Test(
        "Given a spreadsheet with more rows than an import reads, a million columns, a 100 KB cell or a quote never closed, when imported, then each is refused by row"
    )
    func spreadsheetShapes() throws {
        let f = try InterchangeFixture()
        var rows = Data("species,caught_at\n".utf8)
        rows.append(Data(repeating: UInt8(ascii: "\n"), count: InterchangeLimits.rows + 1))
        #expect(
            try refusal(f, try f.file("rows.csv", rows))
                == .limit(place: "the file", what: "rows", limit: InterchangeLimits.rows))
        let columns = String(repeating: ",", count: 1_000_000) + "\n"
        #expect(
            try refusal(f, try f.file("columns.csv", columns))
                == .limit(place: "row 1", what: "columns", limit: InterchangeLimits.columns))
        let cell = "species,notes\nNorthern pike,\"" + String(repeating: "x", count: 100_000) + "\"\n"
        #expect(
            try refusal(f, try f.file("cell.csv", cell))
                == .limit(place: "row 2, column 2", what: "bytes in one cell", limit: InterchangeLimits.fieldBytes))
        let open = "species,notes\nNorthern pike,\"never closed\nmore\n"
        #expect(
            try refusal(f, try f.file("open.csv", open))
                == .malformed(place: "row 2, column 2", detail: "a quoted cell is never closed (a \" is missing)"))
    }

    @Test(
        "Given text in Windows-1251 and text in UTF-16 with its mark, when imported, then the first is refused by row and column saying how to save it, and the second is read"
    )
    func encodings() throws {
        let f = try InterchangeFixture()
        let text = "Рыба;Место;Широта;Долгота;Дата\nЩука обыкновенная;Плёс;56;37;14.06.2026\n"
        let cp1251 = try #require(text.data(using: .windowsCP1251))
        let error = try refusal(f, try f.file("cp1251.csv", cp1251))
        guard case .encoding(let place, let detail) = error else {
            Issue.record("expected an encoding refusal, got \(error)")
            return
        }
        #expect(place == "row 1, column 1" && detail.contains("CSV UTF-8"))
        var utf16 = Data([0xFF, 0xFE])
        utf16.append(try #require(text.replacingOccurrences(of: ";", with: "\t").data(using: .utf16LittleEndian)))
        let diary = try f.diary(named: "Reader")
        let plan = try DiaryImporter.plan(
            try f.file("unicode.txt", utf16), diary: diary, options: ImportOptions(format: .csv))
        #expect(plan.refusals.isEmpty && plan.batch.catches.count == 1 && plan.batch.spots.first?.draft.name == "Плёс")
    }

    @Test(
        "Given an XML bomb, an external entity, an undeclared entity, endless nesting and a cut-off document, when imported as GPX or KML, then each is refused without expanding anything"
    )
    func xmlAttacks() throws {
        let f = try InterchangeFixture()
        let bomb = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>
            <gpx version="1.1"><wpt lat="1" lon="1"><name>&c;</name></wpt></gpx>
            """
        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE kml [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <kml><Placemark><name>&secret;</name><Point><coordinates>1,1</coordinates></Point></Placemark></kml>
            """
        for (name, text) in [("bomb.gpx", bomb), ("external.kml", external)] {
            guard case .malformed(_, let detail) = try refusal(f, try f.file(name, text)) else {
                Issue.record("\(name) must be refused as malformed")
                continue
            }
            #expect(detail.contains("declares a document type"))
        }
        let undeclared = "<gpx><wpt lat=\"1\" lon=\"1\"><name>&secret;</name></wpt></gpx>"
        guard case .malformed(_, let detail) = try refusal(f, try f.file("undeclared.gpx", undeclared)) else {
            Issue.record("an undeclared entity must be refused")
            return
        }
        #expect(detail.contains("&secret; is not one XML defines"))
        let deep = "<kml>" + String(repeating: "<Folder>", count: 100_000)
        #expect(
            try refusal(f, try f.file("deep.kml", deep))
                == .limit(place: "line 1", what: "levels of nesting", limit: InterchangeLimits.depth))
        let cut = "<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"1\"><name>Half"
        #expect(
            try refusal(f, try f.file("cut.gpx", cut))
                == .malformed(place: "line 1", detail: "the file ends inside <name> (cut short?)"))
        let wrong = "<gpx><wpt lat=\"1\" lon=\"1\"></trk></gpx>"
        #expect(
            try refusal(f, try f.file("wrong.gpx", wrong)) == .malformed(place: "line 1", detail: "</trk> closes <wpt>")
        )
        #expect(
            try refusal(f, try f.file("other.gpx", "<kml><Placemark/></kml>"))
                == .malformed(place: "the file", detail: "it is XML but not GPX (its root is <kml>)"))
        let latin1 = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><gpx/>"
        #expect(
            try refusal(f, try f.file("latin1.gpx", latin1))
                == .encoding(
                    place: "the XML declaration", detail: "the file says it is iso-8859-1; it is read as UTF-8 only"))
    }

    @Test(
        "Given a KMZ whose document inflates past the limit, one whose header understates it, and a zip that is not a KMZ, when imported, then each is refused without inflating more than the limit"
    )
    func zipBombs() throws {
        let f = try InterchangeFixture()
        let bomb = f.folder.appendingPathComponent("bomb.kmz")
        let script = """
            import sys, zipfile
            size = int(sys.argv[2])
            with zipfile.ZipFile(sys.argv[1], "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as z:
                with z.open("doc.kml", "w") as member:
                    chunk = b" " * (1 << 20)
                    for _ in range(size >> 20):
                        member.write(chunk)
            """
        try externalCommand(["python3", "-c", script, bomb.path, String(InterchangeLimits.fileBytes + (1 << 20))])
        #expect(try Data(contentsOf: bomb).count < 2 << 20, "a small file that inflates past the limit")
        #expect(
            try refusal(f, bomb)
                == .tooLarge(bytes: InterchangeLimits.fileBytes + (1 << 20), limit: InterchangeLimits.fileBytes))
        var lying = try Data(contentsOf: bomb)
        let directory = try #require(lying.lastRange(of: Data([0x50, 0x4B, 0x01, 0x02])))
        lying.replaceSubrange((directory.lowerBound + 24)..<(directory.lowerBound + 28), with: [0x10, 0, 0, 0])
        #expect(
            try refusal(f, try f.file("lying.kmz", lying))
                == .tooLarge(bytes: InterchangeLimits.fileBytes + 1, limit: InterchangeLimits.fileBytes))
        let other = f.folder.appendingPathComponent("other.kmz")
        try externalCommand([
            "python3", "-c", "import sys, zipfile; zipfile.ZipFile(sys.argv[1], 'w').writestr('a/readme.txt', 'hi')",
            other.path,
        ])
        #expect(try refusal(f, other) == .nothingToImport("the KMZ holds no KML document"))
        #expect(
            try refusal(f, try f.file("junk.kmz", Data("PK\u{3}\u{4} and nothing else".utf8)))
                == .malformed(place: "the KMZ", detail: "it is not a zip archive (no central directory)"))
    }
}
