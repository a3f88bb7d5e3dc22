import Almanac
import Foundation
import Testing

@Suite("Rejected input")
struct ValidationTests {
    @Test("Given latitude 91, when a day is asked for, then it is rejected naming the value and the allowed range")
    func latitude() {
        #expect(throws: AlmanacError.invalidLatitude(91)) {
            try Almanac.day(latitude: 91, longitude: 0, year: 2024, month: 1, day: 1)
        }
        #expect(
            AlmanacError.invalidLatitude(91).description == "latitude 91.0 is not in the allowed range -90...90 degrees"
        )
    }

    @Test("Given longitude 200, when a day is asked for, then it is rejected naming the value and the allowed range")
    func longitude() {
        #expect(throws: AlmanacError.invalidLongitude(200)) {
            try Almanac.day(latitude: 0, longitude: 200, year: 2024, month: 1, day: 1)
        }
        #expect(AlmanacError.invalidLongitude(200).description.contains("-180...180"))
    }

    @Test("Given NaN or infinite coordinates, when a day is asked for, then they are rejected")
    func notANumber() {
        let nanLatitude = #expect(throws: AlmanacError.self) {
            try Almanac.day(latitude: .nan, longitude: 0, year: 2024, month: 1, day: 1)
        }
        if case .invalidLatitude(let value)? = nanLatitude {
            #expect(value.isNaN)
        } else {
            Issue.record("\(String(describing: nanLatitude))")
        }
        #expect(throws: AlmanacError.invalidLongitude(.infinity)) {
            try Almanac.day(latitude: 0, longitude: .infinity, year: 2024, month: 1, day: 1)
        }
    }

    @Test("Given 31 February, 29 February 2023 or month 13, when a day is asked for, then the date is rejected")
    func impossibleDates() throws {
        #expect(throws: AlmanacError.invalidDate(year: 2024, month: 2, day: 31)) {
            try Almanac.day(latitude: 0, longitude: 0, year: 2024, month: 2, day: 31)
        }
        #expect(throws: AlmanacError.invalidDate(year: 2023, month: 2, day: 29)) {
            try Almanac.day(latitude: 0, longitude: 0, year: 2023, month: 2, day: 29)
        }
        #expect(throws: AlmanacError.invalidDate(year: 2024, month: 13, day: 1)) {
            try Almanac.day(latitude: 0, longitude: 0, year: 2024, month: 13, day: 1)
        }
        #expect(throws: AlmanacError.invalidDate(year: 2024, month: 4, day: 0)) {
            try Almanac.day(latitude: 0, longitude: 0, year: 2024, month: 4, day: 0)
        }
        _ = try Almanac.day(latitude: 0, longitude: 0, year: 2024, month: 2, day: 29)
        _ = try Almanac.day(latitude: 0, longitude: 0, year: 2000, month: 2, day: 29)
    }

    @Test("Given years 1899 and 2101, when a day is asked for, then the year is rejected naming the supported range")
    func years() throws {
        #expect(throws: AlmanacError.yearOutOfRange(1899)) {
            try Almanac.day(latitude: 0, longitude: 0, year: 1899, month: 12, day: 31)
        }
        #expect(throws: AlmanacError.yearOutOfRange(2101)) {
            try Almanac.day(latitude: 0, longitude: 0, year: 2101, month: 1, day: 1)
        }
        #expect(AlmanacError.yearOutOfRange(2101).description == "year 2101 is outside the supported range 1900...2100")
        _ = try Almanac.day(latitude: 0, longitude: 0, year: 1900, month: 1, day: 1)
        _ = try Almanac.day(latitude: 0, longitude: 0, year: 2100, month: 12, day: 31)
    }

    @Test(
        "Given a zero, negative, over-long or NaN period length, when a day is asked for, then the setting is rejected by name"
    )
    func periodLengths() {
        #expect(throws: AlmanacError.invalidPeriodLength(name: "majorHours", hours: 0)) {
            try Almanac.day(
                latitude: 0, longitude: 0, year: 2024, month: 1, day: 1, solunar: SolunarSettings(majorHours: 0))
        }
        #expect(throws: AlmanacError.invalidPeriodLength(name: "minorHours", hours: -1)) {
            try Almanac.day(
                latitude: 0, longitude: 0, year: 2024, month: 1, day: 1, solunar: SolunarSettings(minorHours: -1))
        }
        #expect(throws: AlmanacError.invalidPeriodLength(name: "majorHours", hours: 13)) {
            try Almanac.day(
                latitude: 0, longitude: 0, year: 2024, month: 1, day: 1, solunar: SolunarSettings(majorHours: 13))
        }
        #expect(throws: AlmanacError.self) {
            try Almanac.day(
                latitude: 0, longitude: 0, year: 2024, month: 1, day: 1, solunar: SolunarSettings(minorHours: .nan))
        }
    }

    @Test("Given the poles and the date line, when a day is asked for, then it is computed without error")
    func limitsAccepted() throws {
        for (latitude, longitude) in [(90.0, 180.0), (-90.0, -180.0), (0.0, 180.0)] {
            let day = try Almanac.day(latitude: latitude, longitude: longitude, year: 2024, month: 3, day: 20)
            #expect((0...5).contains(day.solunar.rating))
        }
    }
}
