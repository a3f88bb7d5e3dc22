import DiaryStore
import Foundation
import SQLiteDB
import TestSupport
import Testing

@testable import Reports

/// The report language's weekday (issue 33 §7): worked out by arithmetic instead of strftime,
/// and read for catches from the diary's weekday index (version 17) in its order, unsorted.
@Suite("Reports by weekday")
struct ReportWeekdayTests {
    /// Local times in seconds around the epoch, the day boundaries either side of it, both ends
    /// of the dates a diary holds, and a spread of random ones.
    static let localTimes: [Int64] = {
        var generator = SeededRandom(seed: 33)
        let edges: [Int64] = [
            0, 1, -1, 86_399, 86_400, 86_401, -86_399, -86_400, -86_401, -7 * 86_400, -7 * 86_400 - 1,
            -2_208_988_800, 4_102_444_799, 4_102_444_800, 1_767_225_599, 1_767_225_600, 951_782_400, 951_868_800,
            -62_135_596_800, 253_402_300_799,
        ]
        return edges + (0..<2_000).map { _ in Int64.random(in: -3_000_000_000...5_000_000_000, using: &generator) }
    }()

    @Test(
        "Given local times either side of the epoch, of midnight, of leap days and of the calendar's ends, when their weekday is worked out from the seconds or from the yyyymmddhhmm, then it is strftime's"
    )
    func weekdayIsStrftimes() throws {
        let database = try Database(path: try temporaryFolder("weekday").appendingPathComponent("w.sqlite").path)
        let values = Self.localTimes.map { "(\($0))" }.joined(separator: ", ")
        let rows = try database.query(
            """
            WITH v(x, local_time) AS (
                SELECT column1, CAST(strftime('%Y%m%d%H%M', column1, 'unixepoch') AS INTEGER) FROM (VALUES \(values)))
            SELECT x, \(FieldCatalog.weekday(seconds: "x")), \(FieldCatalog.weekday(localTime: "local_time")),
                (CAST(strftime('%w', x, 'unixepoch') AS INTEGER) + 6) % 7 + 1 FROM v
            """)
        #expect(rows.count == Self.localTimes.count)
        for row in rows {
            #expect(row[1] == row[3] && row[2] == row[3], "local time \(row[0])")
        }
        #expect(rows.first?[1] == .integer(4), "1970-01-01 was a Thursday")
    }

    @Test(
        "Given a diary and the site's copy of it, when catches are reported by weekday, then the weekday index answers")
    func catchesByWeekdayReadTheIndex() throws {
        let fixture = try ReportFixture()
        let replica = try ReportReplica(fileURL: try temporaryFolder("replica").appendingPathComponent("a.sqlite"))
        for url in [fixture.diary.fileURL, replica.fileURL] {
            let engine = try ReportEngine(databaseURL: url)
            let database = try Database(path: url.path, mode: .readOnly)
            for formula in ["count(catch) by weekday", "sum(catch.count) by weekday where year = 2025"] {
                let compiled = try engine.run(formula: formula)
                let plan = try database.query("EXPLAIN QUERY PLAN \(compiled.sql)", compiled.parameters)
                    .compactMap { $0.values.last?.stringValue }
                #expect(
                    plan.contains { $0.contains("INDEX catches_by_weekday") },
                    "\(formula) in \(url.lastPathComponent): \(plan)")
                #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(formula): no sort")
            }
        }
    }
}
