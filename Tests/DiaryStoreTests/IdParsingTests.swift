import FishingModel
import Foundation
import SQLiteDB
import Testing

@testable import DiaryStore

@Suite("Stored id parsing")
struct IdParsingTests {
    @Test("Given stored ids, when parsed, then they equal Foundation's parse")
    func matchesFoundation() {
        for _ in 0..<1000 {
            let id = UUID()
            #expect(UUID(canonicalText: id.uuidString.lowercased()) == id)
            #expect(UUID(canonicalText: id.uuidString) == id)
        }
    }

    @Test(
        "Given malformed ids, when parsed, then nil",
        arguments: [
            "", "not-a-uuid", "3f2a9c1b-0000-0000-0000-00000000000", "3f2a9c1b-0000-0000-0000-0000000000000",
            "3f2a9c1b00000-000-0000-000000000000", "3f2a9c1g-0000-0000-0000-000000000000",
            "3f2a9c1b-0000-0000-0000-00000000000é",
        ])
    func malformed(_ text: String) {
        #expect(UUID(canonicalText: text) == nil)
    }

    @Test("Given instants around 1970 and today, when stored, then the diary's and SQLite's milliseconds agree")
    func millisecondsAgree() {
        for seconds in [-1.0005, -0.0004, 0, 0.0005, 0.0015, 1_780_000_000.1234, 4_102_444_800.9995] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(DiaryTime.milliseconds(date) == SQLiteValue.milliseconds(date), "\(seconds)")
        }
    }

    @Test("Given ids, when formatted for storage, then they equal Foundation's lowercased form")
    func formatsAsFoundation() {
        for _ in 0..<1000 {
            let id = UUID()
            #expect(id.canonicalText == id.uuidString.lowercased())
        }
    }
}

@Suite("Catch local time")
struct LocalTimeTests {
    @Test("Given instants from 1900 to 2100 and any offset, when converted, then the result equals SQLite's strftime")
    func matchesSQLite() throws {
        let db = try Database(path: ":memory:")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let milliseconds = Int64.random(in: -2_208_988_800_000...4_102_444_800_000, using: &generator)
            let offset = Int.random(in: -43_200...50_400, using: &generator)
            let expected = try db.scalar(
                "SELECT CAST(strftime('%Y%m%d%H%M', ? / 1000 + ?, 'unixepoch') AS INTEGER)",
                [.integer(milliseconds), .integer(Int64(offset))])
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            #expect(
                expected == .integer(DiaryTime.localMinute(date, utcOffsetSeconds: offset)), "\(milliseconds) \(offset)"
            )
        }
    }
}
