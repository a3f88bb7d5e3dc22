import Almanac
import Foundation

/// The Places issue's almanac figure: a year of daily almanac and solunar tables for one place,
/// beside a brute-force baseline that finds sunrise and sunset by sampling a low-precision solar
/// altitude every minute of the year.
func benchmarkAlmanac() throws {
    let berlin = (latitude: 52.52, longitude: 13.405)
    let zone = TimeZone(identifier: "Europe/Berlin")!
    var days = 0
    let almanac = try medianTime(5) {
        days = 0
        var date = DateComponents(year: 2026, month: 1, day: 1)
        let calendar = Calendar(identifier: .gregorian)
        while date.year == 2026 {
            _ = try Almanac.day(
                latitude: berlin.latitude, longitude: berlin.longitude, year: 2026, month: date.month!, day: date.day!,
                timeZone: zone)
            days += 1
            let next = calendar.date(byAdding: .day, value: 1, to: calendar.date(from: date)!)!
            date = calendar.dateComponents([.year, .month, .day], from: next)
        }
    }
    var crossings = 0
    let bruteForce = medianTime(3) {
        crossings = 0
        let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00Z
        var previous = lowPrecisionSolarAltitude(start, berlin.latitude, berlin.longitude) > -0.833
        for minute in 1..<(365 * 1440) {
            let up =
                lowPrecisionSolarAltitude(
                    start.addingTimeInterval(Double(minute) * 60), berlin.latitude, berlin.longitude) > -0.833
            if up != previous { crossings += 1 }
            previous = up
        }
    }
    print("a year of daily almanac + solunar for Berlin (\(days) days), median of 5")
    print(
        "  almanac: \(ms(almanac))   brute-force minute scan of sunrise/sunset only: \(ms(bruteForce)) (\(crossings) crossings)   (target < 20 ms)"
    )
    print("")
}

/// The sun's altitude in degrees from a short textbook series (about 0.01° in declination):
/// enough for a baseline that scans, not for the app.
private func lowPrecisionSolarAltitude(_ date: Date, _ latitude: Double, _ longitude: Double) -> Double {
    let d = date.timeIntervalSince1970 / 86_400 - 10_957.5
    let g = (357.529 + 0.985_600_28 * d) * .pi / 180
    let q = 280.459 + 0.985_647_36 * d
    let lambda = (q + 1.915 * sin(g) + 0.020 * sin(2 * g)) * .pi / 180
    let epsilon = (23.439 - 0.000_000_36 * d) * .pi / 180
    let declination = asin(sin(epsilon) * sin(lambda))
    let rightAscension = atan2(cos(epsilon) * sin(lambda), cos(lambda))
    let siderealDegrees = 280.460_618_37 + 360.985_647_366_29 * d + longitude
    let hourAngle = siderealDegrees * .pi / 180 - rightAscension
    let phi = latitude * .pi / 180
    return asin(sin(phi) * sin(declination) + cos(phi) * cos(declination) * cos(hourAngle)) * 180 / .pi
}
