import FishingModel
import Foundation
import TestSupport
import Testing

/// The diary's times written as ISO 8601 by arithmetic, held to Foundation's formatter.
@Suite("Diary times as ISO 8601")
struct DiaryTimeISO8601Tests {
    @Test(
        "Given 20,000 instants from 1900 to 2200 with fractions of a second and offsets from -12 h to +14 h, when written, then each is what ISO8601DateFormatter writes"
    )
    func matchesFoundation() {
        var random = SeededRandom(seed: 34)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        for index in 0..<20_000 {
            let seconds = Double.random(in: -2_208_988_800...7_258_118_400, using: &random)
            let instant = Date(timeIntervalSince1970: index % 2 == 0 ? seconds.rounded() / 1 : seconds)
            let offset = Int.random(in: -48...56, using: &random) * 900
            formatter.timeZone = TimeZone(secondsFromGMT: offset)!
            let expected = formatter.string(from: instant)
            #expect(
                DiaryTime.iso8601(instant, utcOffsetSeconds: offset) == expected,
                "\(String(format: "%.6f", instant.timeIntervalSince1970)) \(offset)")
            if DiaryTime.iso8601(instant, utcOffsetSeconds: offset) != expected { return }
        }
    }

    @Test("Given the edges of a day and of a second, when written, then the seconds round down as the formatter's do")
    func edges() {
        #expect(DiaryTime.iso8601(Date(timeIntervalSince1970: 0), utcOffsetSeconds: 0) == "1970-01-01T00:00:00Z")
        #expect(DiaryTime.iso8601(Date(timeIntervalSince1970: -0.5), utcOffsetSeconds: 0) == "1969-12-31T23:59:59Z")
        #expect(
            DiaryTime.iso8601(Date(timeIntervalSince1970: 1_781_406_600.999), utcOffsetSeconds: 19_800)
                == "2026-06-14T08:40:00+05:30")
        #expect(
            DiaryTime.iso8601(Date(timeIntervalSince1970: 1_781_406_600), utcOffsetSeconds: -36_000)
                == "2026-06-13T17:10:00-10:00")
    }
}
