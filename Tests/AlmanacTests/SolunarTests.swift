import Almanac
import Foundation
import Testing

@Suite("Solunar periods and the day rating")
struct SolunarTests {
    let base = Date(timeIntervalSince1970: 1_718_928_000)

    func at(hour: Double) -> Date { base.addingTimeInterval(hour * 3600) }

    func moon(elongation: Double, rise: Double? = nil, set: Double? = nil, upper: Double? = nil, lower: Double? = nil)
        -> MoonDay
    {
        MoonDay(
            rise: rise.map(at(hour:)), set: set.map(at(hour:)), upperTransit: upper.map(at(hour:)),
            lowerTransit: lower.map(at(hour:)), illumination: 0.5, ageDays: 10,
            phase: MoonPhase(elongation: elongation), elongation: elongation, nextNew: base, nextFull: base)
    }

    @Test(
        "Given fixture days and custom lengths, when solunar periods are computed, then majors are centred on the transits and minors on rise and set with the configured lengths"
    )
    func geometry() throws {
        let settings = SolunarSettings(majorHours: 3, minorHours: 0.5)
        for fixture in try FixtureDocument.load().cases {
            let day = try fixture.compute(settings)
            let transits = [day.moon.upperTransit, day.moon.lowerTransit].compactMap { $0 }.sorted()
            let horizon = [day.moon.rise, day.moon.set].compactMap { $0 }.sorted()
            #expect(day.solunar.major.map(\.center) == transits, "\(fixture.name)")
            #expect(day.solunar.minor.map(\.center) == horizon, "\(fixture.name)")
            for (periods, hours) in [(day.solunar.major, 3.0), (day.solunar.minor, 0.5)] {
                for period in periods {
                    #expect(abs(period.end.timeIntervalSince(period.start) - hours * 3600) < 1e-3)
                    #expect(abs(period.center.timeIntervalSince(period.start) - hours * 1800) < 1e-3)
                }
            }
        }
    }

    @Test("Given the standard settings, when a day is computed, then majors last two hours and minors one")
    func standardLengths() throws {
        #expect(SolunarSettings.standard == SolunarSettings(majorHours: 2, minorHours: 1))
        let solunar = try Almanac.day(latitude: 45, longitude: 10, year: 2030, month: 3, day: 15).solunar
        #expect(!solunar.major.isEmpty && !solunar.minor.isEmpty)
        #expect(solunar.major.allSatisfy { $0.end.timeIntervalSince($0.start) == 7200 })
        #expect(solunar.minor.allSatisfy { $0.end.timeIntervalSince($0.start) == 3600 })
    }

    @Test(
        "Given the Moon's elongation alone, when a day without sun events is rated, then new or full scores 2, within 36° scores 1, otherwise 0",
        arguments: [
            (0.0, 2), (11.9, 2), (12.1, 1), (35.9, 1), (36.1, 0), (90, 0), (150, 1), (175, 2), (190, 2), (215.9, 1),
            (250, 0), (330, 1), (359, 2),
        ])
    func phasePoints(elongation: Double, rating: Int) {
        let day = SolunarDay(sun: SunDay(), moon: moon(elongation: elongation, rise: 3, set: 15, upper: 9, lower: 21))
        #expect(day.rating == rating)
    }

    @Test(
        "Given sunrise or sunset inside the periods, when the day is rated, then a major adds 2 and a minor adds 1, ends included"
    )
    func sunPoints() {
        let quarter = 90.0
        let sun = SunDay(rise: at(hour: 6), set: at(hour: 20))
        #expect(SolunarDay(sun: sun, moon: moon(elongation: quarter, upper: 6.5)).rating == 2)
        #expect(SolunarDay(sun: sun, moon: moon(elongation: quarter, lower: 21)).rating == 2)
        #expect(SolunarDay(sun: sun, moon: moon(elongation: quarter, lower: 21.01)).rating == 0)
        #expect(SolunarDay(sun: sun, moon: moon(elongation: quarter, rise: 19.5)).rating == 1)
        #expect(SolunarDay(sun: sun, moon: moon(elongation: quarter, rise: 19.4)).rating == 0)
        #expect(SolunarDay(sun: sun, moon: moon(elongation: quarter, rise: 6.2, upper: 19.5)).rating == 3)
        #expect(SolunarDay(sun: sun, moon: moon(elongation: quarter, upper: 6, lower: 20)).rating == 2)
    }

    @Test(
        "Given a new moon with sunrise in a major and sunset in a minor, when the day is rated, then it gets the maximum 5"
    )
    func bestDay() {
        let day = SolunarDay(
            sun: SunDay(rise: at(hour: 6), set: at(hour: 20)),
            moon: moon(elongation: 2, rise: 20.3, upper: 5.2))
        #expect(day.rating == SolunarDay.maximumRating)
    }

    @Test(
        "Given longer periods in the settings, when the same day is rated, then a sunrise further from the transit counts"
    )
    func settingsChangeRating() {
        let sun = SunDay(rise: at(hour: 6))
        let lunar = moon(elongation: 90, upper: 7.5)
        #expect(SolunarDay(sun: sun, moon: lunar).rating == 0)
        #expect(SolunarDay(sun: sun, moon: lunar, settings: SolunarSettings(majorHours: 3)).rating == 2)
    }

    @Test("Given polar day, when the day is rated, then no sun points are given")
    func polarDayRating() throws {
        let day = try Almanac.day(latitude: 70, longitude: 19, year: 2023, month: 6, day: 21)
        #expect(day.sun.rise == nil && day.sun.set == nil)
        #expect(day.solunar.rating == SolunarDay(sun: SunDay(), moon: day.moon).rating)
        #expect((0...2).contains(day.solunar.rating))
    }
}
