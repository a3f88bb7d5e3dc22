import Almanac
import Foundation
import Testing

@Suite("Events that do not happen are nil")
struct NonEventTests {
    @Test(
        "Given 70°N at midsummer, when the day is computed, then there is no sunrise, sunset, dawn or dusk but there is a solar noon"
    )
    func polarDay() throws {
        let sun = try Almanac.day(
            latitude: 70, longitude: 19, year: 2023, month: 6, day: 21,
            timeZone: try #require(TimeZone(identifier: "Europe/Oslo"))
        ).sun
        #expect(sun.rise == nil && sun.set == nil && sun.civilDawn == nil && sun.civilDusk == nil)
        #expect(sun.noon != nil)
    }

    @Test(
        "Given 70°N at midwinter, when the day is computed, then there is no sunrise or sunset but civil twilight happens"
    )
    func polarNight() throws {
        let sun = try Almanac.day(
            latitude: 70, longitude: 19, year: 2023, month: 12, day: 21,
            timeZone: try #require(TimeZone(identifier: "Europe/Oslo"))
        ).sun
        #expect(sun.rise == nil && sun.set == nil)
        let dawn = try #require(sun.civilDawn)
        let dusk = try #require(sun.civilDusk)
        let noon = try #require(sun.noon)
        #expect(dawn < noon && noon < dusk)
    }

    @Test("Given 65°N at midsummer, when the day is computed, then the Sun sets and rises but never reaches −6°")
    func whiteNight() throws {
        let sun = try Almanac.day(
            latitude: 65, longitude: 25.5, year: 2024, month: 6, day: 21,
            timeZone: try #require(TimeZone(identifier: "Europe/Helsinki"))
        ).sun
        #expect(sun.rise != nil && sun.set != nil)
        #expect(sun.civilDawn == nil && sun.civilDusk == nil)
    }

    @Test(
        "Given Berlin in May 2024, when every day is computed, then exactly the days the oracle names lack a moonrise, a moonset or a transit"
    )
    func monthlyGaps() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        var missing: [String: [Int]] = [:]
        for day in 1...31 {
            let moon = try Almanac.day(
                latitude: 52.5, longitude: 13.4, year: 2024, month: 5, day: day, timeZone: berlin
            ).moon
            for (name, event) in [
                ("rise", moon.rise), ("set", moon.set), ("upper", moon.upperTransit), ("lower", moon.lowerTransit),
            ]
            where event == nil {
                missing[name, default: []].append(day)
            }
        }
        #expect(missing == ["rise": [25], "set": [10], "upper": [22], "lower": [7]])
    }

    @Test("Given a day the Moon is circumpolar at 65°N, when it is computed, then it has transits but no rise or set")
    func circumpolarMoon() throws {
        let days = try (1...30).map { try Almanac.day(latitude: 65, longitude: 0, year: 2025, month: 1, day: $0).moon }
        let circumpolar = days.filter { $0.rise == nil && $0.set == nil }
        #expect(!circumpolar.isEmpty)
        #expect(circumpolar.allSatisfy { $0.upperTransit != nil || $0.lowerTransit != nil })
    }
}
