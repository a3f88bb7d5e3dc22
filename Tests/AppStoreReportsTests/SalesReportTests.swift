import AppStoreReports
import Foundation
import Testing

/// Reading App Store Connect's Sales Summary reports (T12: counting downloads); expectations come
/// from tools/make_sales_reports.py, which writes the fixtures and sums them independently.
@Suite("App Store Connect sales reports (T12)")
struct SalesReportTests {
    static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: fixtures.appendingPathComponent(name))
    }

    /// "day appleId country kind" → units, as the generator wrote them.
    static func expected() throws -> [String: Int64] {
        let object = try JSONSerialization.jsonObject(with: try fixture("expected.json")) as! [String: Any]
        return (object["units"] as! [String: NSNumber]).mapValues { $0.int64Value }
    }

    static func keyed(_ units: [SalesUnits]) -> [String: Int64] {
        Dictionary(
            uniqueKeysWithValues: units.map {
                ("\($0.day) \($0.appleId) \($0.countryCode) \($0.kind.rawValue)", $0.units)
            })
    }

    @Test(
        "Given a plain and a gzip-compressed daily report, when parsed, then app units are summed per day, app, country and kind, refunds included, in-app purchases left out"
    )
    func parsesBothForms() throws {
        let units =
            try SalesReport.parse(try Self.fixture("sales_2026-06-01.txt"))
            + SalesReport.parse(try Self.fixture("sales_2026-06-02.txt.gz"))
        #expect(Self.keyed(units) == (try Self.expected()))
        #expect(!units.contains { $0.appleId == "6450005555" }, "the in-app purchase row is not a download")
    }

    @Test("Given Windows line ends and a trailing blank line, when parsed, then the same units come out")
    func lineEnds() throws {
        let text = String(decoding: try Self.fixture("sales_2026-06-01.txt"), as: UTF8.self)
        let windows = Data((text.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n").utf8)
        #expect(Self.keyed(try SalesReport.parse(windows)) == Self.keyed(try SalesReport.parse(Data(text.utf8))))
    }

    @Test(
        "Given a damaged report, when parsed, then the error names the line, column and value, or what is missing",
        arguments: [
            (
                "Units", "12", "twelve",
                "line 2: Units \"twelve\" is not a whole number of at most 1000000000 either way"
            ),
            (
                "Units", "12", "9223372036854775807",
                "line 2: Units \"9223372036854775807\" is not a whole number of at most 1000000000 either way"
            ),
            (
                "Units", "12", "-9223372036854775808",
                "line 2: Units \"-9223372036854775808\" is not a whole number of at most 1000000000 either way"
            ),
            (
                "End Date", "06/01/2026", "06/07/2026",
                "line 2: End Date \"06/07/2026\" is not the row's Begin Date (import daily reports, not weekly or monthly ones)"
            ),
            ("Begin Date", "06/01/2026", "2026-06-01", "line 2: Begin Date \"2026-06-01\" is not a date as MM/DD/YYYY"),
            ("Begin Date", "06/01/2026", "02/30/2026", "line 2: Begin Date \"02/30/2026\" is not a date as MM/DD/YYYY"),
            ("Country Code", "US", "USA", "line 2: Country Code \"USA\" is not a two-letter country code"),
            (
                "Apple Identifier", "6450001234", "'; DROP TABLE",
                "line 2: Apple Identifier \"'; DROP TABLE\" is not an app's numeric identifier"
            ),
        ])
    func damagedRows(column: String, good: String, bad: String, message: String) throws {
        var lines = String(decoding: try Self.fixture("sales_2026-06-01.txt"), as: UTF8.self)
            .split(separator: "\n").map(String.init)
        let names = lines[0].split(separator: "\t", omittingEmptySubsequences: false)
        let index = try #require(names.firstIndex { $0 == column })
        var fields = lines[1].split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        #expect(fields[index] == good)
        fields[index] = bad
        lines[1] = fields.joined(separator: "\t")
        #expect(throws: SalesReportError.self) { try SalesReport.parse(Data(lines.joined(separator: "\n").utf8)) }
        do {
            _ = try SalesReport.parse(Data(lines.joined(separator: "\n").utf8))
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("Given files that are not sales reports, when parsed, then they are refused with the reason")
    func notReports() throws {
        let cases: [(Data, SalesReportError)] = [
            (Data(), .unreadable("it is empty")),
            (Data("Title\tUnits\nPike\t3\n".utf8), .missingColumn("Product Type Identifier")),
            (Data([0xFF, 0xFE, 0x00, 0x41]), .unreadable("it is not UTF-8 text")),
        ]
        for (data, error) in cases {
            #expect(throws: error) { try SalesReport.parse(data) }
        }
        let gzip = try Self.fixture("sales_2026-06-02.txt.gz")
        for cut in [10, gzip.count / 2, gzip.count - 4] {
            #expect(throws: SalesReportError.self, "truncated at \(cut)") { try SalesReport.parse(gzip.prefix(cut)) }
        }
        var damaged = gzip
        damaged[damaged.startIndex + 20] ^= 0xFF
        #expect(throws: SalesReportError.self) { try SalesReport.parse(damaged) }
        #expect(throws: SalesReportError.unreadable("bytes follow the compressed stream")) {
            try SalesReport.parse(gzip + Data("\t1F\t999".utf8))
        }
    }

    @Test(
        "Given a small gzip file that inflates past the size limit, when parsed, then it is refused without inflating it all"
    )
    func compressionBomb() throws {
        let zeros = try Self.gzip(Data(count: SalesReport.sizeLimit + (1 << 20)))
        #expect(zeros.count < 2 << 20)
        #expect(throws: SalesReportError.tooLarge(limit: SalesReport.sizeLimit)) { try SalesReport.parse(zeros) }
    }

    /// Compresses with the system's gzip (an independent implementation).
    static func gzip(_ data: Data) throws -> Data {
        let run = try commandInScratchFolder(["gzip", "-1", "report.txt"]) { folder in
            try data.write(to: folder.appendingPathComponent("report.txt"))
        }
        defer { try? FileManager.default.removeItem(at: run.folder) }
        return try Data(contentsOf: run.folder.appendingPathComponent("report.txt.gz"))
    }
}
