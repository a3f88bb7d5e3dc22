import Foundation

extension WorldMagneticModel {
    /// The decimal year of an instant, in UTC and the proleptic Gregorian calendar: the year
    /// plus the time elapsed since 1 January 00:00 UTC divided by the length of that year (day
    /// of year / days in year, counting the time of day). 2025-07-02 12:00 UTC is 2025.5;
    /// 2028-07-02 00:00 UTC (a leap year) is 2028.5.
    ///
    /// Instants more than about 300,000 years from 1970 get 1970 + seconds / mean Gregorian
    /// year; a NaN or infinite instant gives a non-finite result, which
    /// ``field(latitude:longitude:altitudeKm:decimalYear:)`` rejects.
    public static func decimalYear(of date: Date) -> Double {
        let seconds = date.timeIntervalSince1970
        let secondsPerDay = 86_400.0
        guard abs(seconds) < 1e13 else { return 1970 + seconds / (365.2425 * secondsPerDay) }
        let day = Int((seconds / secondsPerDay).rounded(.down))
        var year = 1970 + Int((Double(day) / 365.2425).rounded(.down))
        while daysFrom1970(toJanuaryFirstOf: year) > day { year -= 1 }
        while daysFrom1970(toJanuaryFirstOf: year + 1) <= day { year += 1 }
        let start = Double(daysFrom1970(toJanuaryFirstOf: year)) * secondsPerDay
        let end = Double(daysFrom1970(toJanuaryFirstOf: year + 1)) * secondsPerDay
        return Double(year) + (seconds - start) / (end - start)
    }

    /// Days from 1970-01-01 to 1 January of `year`.
    private static func daysFrom1970(toJanuaryFirstOf year: Int) -> Int {
        365 * (year - 1970) + leapYears(through: year - 1) - leapYears(through: 1969)
    }

    /// The number of leap years from year 1 through `year` (negative before year 1).
    private static func leapYears(through year: Int) -> Int {
        floorDivide(year, 4) - floorDivide(year, 100) + floorDivide(year, 400)
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return a % b < 0 ? q - 1 : q
    }
}
