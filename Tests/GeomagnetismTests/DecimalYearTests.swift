import Foundation
import Geomagnetism
import Testing

@Suite("Decimal year of an instant (T14, T11)")
struct DecimalYearTests {
    /// An instant given in UTC.
    func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) throws
        -> Date
    {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        return try #require(
            calendar.date(
                from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)))
    }

    @Test("Given New Year's midnight UTC, when converted, then the decimal year is the whole year")
    func newYear() throws {
        #expect(WorldMagneticModel.decimalYear(of: try utc(2025, 1, 1)) == 2025.0)
        #expect(WorldMagneticModel.decimalYear(of: try utc(1970, 1, 1)) == 1970.0)
        #expect(WorldMagneticModel.decimalYear(of: try utc(2000, 1, 1)) == 2000.0)
        #expect(WorldMagneticModel.decimalYear(of: try utc(1900, 1, 1)) == 1900.0)
    }

    @Test(
        "Given mid-year instants in common and leap years, when converted, then they follow day of year / days in year, leap rules included"
    )
    func midYear() throws {
        #expect(abs(WorldMagneticModel.decimalYear(of: try utc(2025, 7, 2, 12)) - 2025.5) < 1e-12)
        #expect(abs(WorldMagneticModel.decimalYear(of: try utc(2028, 7, 2)) - 2028.5) < 1e-12)
        #expect(abs(WorldMagneticModel.decimalYear(of: try utc(1969, 7, 2, 12)) - 1969.5) < 1e-12)
        #expect(abs(WorldMagneticModel.decimalYear(of: try utc(2025, 7, 2)) - (2025 + 182.0 / 365)) < 1e-12)
        #expect(abs(WorldMagneticModel.decimalYear(of: try utc(1900, 3, 1)) - (1900 + 59.0 / 365)) < 1e-12)
        #expect(abs(WorldMagneticModel.decimalYear(of: try utc(2000, 3, 1)) - (2000 + 60.0 / 366)) < 1e-12)
    }

    @Test("Given the last second of a year, when converted, then it is just below the next year")
    func yearEnd() throws {
        let value = WorldMagneticModel.decimalYear(of: try utc(2024, 12, 31, 23, 59, 59))
        #expect(abs(value - (2025 - 1.0 / (366 * 86_400))) < 1e-9)
        #expect(value < 2025)
    }

    @Test("Given instants far from today, when converted, then the result stays sensible or non-finite, never a crash")
    func extremes() {
        #expect(abs(WorldMagneticModel.decimalYear(of: .distantFuture) - 4001) < 1e-9)
        let farFuture = WorldMagneticModel.decimalYear(of: Date(timeIntervalSince1970: 1e15))
        #expect(abs(farFuture - (1970 + 1e15 / (365.2425 * 86_400))) < 1e-6)
        #expect(WorldMagneticModel.decimalYear(of: Date(timeIntervalSince1970: .infinity)).isInfinite)
        // Proleptic Gregorian: year 1 begins 62,135,596,800 s before 1970; year 0, a leap year, 366 days earlier.
        #expect(WorldMagneticModel.decimalYear(of: Date(timeIntervalSince1970: -62_135_596_800)) == 1)
        #expect(WorldMagneticModel.decimalYear(of: Date(timeIntervalSince1970: -62_135_596_800 - 366 * 86_400)) == 0)
        #expect(
            abs(WorldMagneticModel.decimalYear(of: Date(timeIntervalSince1970: -62_135_596_800 - 86_400)) - 365.0 / 366)
                < 1e-12)
    }

    @Test("Given a date, when the field is asked for that date, then it equals the field at its decimal year")
    func fieldAtDate() throws {
        let model = try WorldMagneticModel.wmm2025()
        let date = try utc(2026, 6, 15, 5, 30)
        let byDate = try model.field(latitude: 56.84, longitude: 35.9, date: date)
        let byYear = try model.field(
            latitude: 56.84, longitude: 35.9, decimalYear: WorldMagneticModel.decimalYear(of: date))
        #expect(byDate == byYear)
        #expect(byDate.decimalYear > 2026.45 && byDate.decimalYear < 2026.46)
    }
}
