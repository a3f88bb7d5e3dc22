import Foundation

/// The calendar date and wall-clock time of an instant on a clock `offset` seconds from UTC (T11:
/// a diary time reads as the angler's clock showed it, wherever it is read), in the proleptic
/// Gregorian calendar, computed from the day number (Hinnant's civil-from-days) rather than
/// through `Calendar`, which costs a diary page a fifth of its time on Linux. The site's pages and
/// the app's dates both read it.
public struct ClockReading: Equatable, Sendable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    /// Days since 1970-01-01 on that clock: two readings are the same calendar day when equal.
    public var dayNumber: Int
    /// The day of the week, 0 for Monday through 6 for Sunday (ISO 8601's order).
    public var weekday: Int { ((dayNumber + 3) % 7 + 7) % 7 }

    /// Instants beyond ±300 000 years and offsets beyond a day (what no device sends, but a
    /// hostile one might) are read at those bounds.
    public init(_ date: Date, offset: Int) {
        let instant = date.timeIntervalSince1970
        let bounded = instant.isNaN ? 0 : min(max(instant.rounded(.down), -1e13), 1e13)
        let seconds = Int(bounded) + min(max(offset, -86_400), 86_400)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        dayNumber = days
        let ofDay = seconds - days * 86_400
        (hour, minute) = (ofDay / 3_600, ofDay % 3_600 / 60)
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }
}
