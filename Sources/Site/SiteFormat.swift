import Foundation

/// How the site writes times and measures (T11: a diary time reads as the angler's clock showed
/// it, wherever the page is opened).
public enum SiteFormat {
    /// `2026-06-01 05:30` on the clock `offsetSeconds` from UTC.
    public static func dateTime(_ date: Date, offset offsetSeconds: Int) -> String {
        let clock = ClockReading(date, offset: offsetSeconds)
        return "\(digits(clock.year, 4))-\(digits(clock.month, 2))-\(digits(clock.day, 2)) "
            + "\(digits(clock.hour, 2)):\(digits(clock.minute, 2))"
    }

    /// `05:30` on that clock.
    static func time(_ date: Date, offset offsetSeconds: Int) -> String {
        String(dateTime(date, offset: offsetSeconds).suffix(5))
    }

    /// The machine-readable form for `<time datetime>`: ISO 8601 with the offset.
    static func machine(_ date: Date, offset offsetSeconds: Int) -> String {
        let clock = ClockReading(date, offset: offsetSeconds)
        let minutes = abs(offsetSeconds) / 60
        return "\(digits(clock.year, 4))-\(digits(clock.month, 2))-\(digits(clock.day, 2))T"
            + "\(digits(clock.hour, 2)):\(digits(clock.minute, 2))\(offsetSeconds < 0 ? "-" : "+")"
            + "\(digits(minutes / 60, 2)):\(digits(minutes % 60, 2))"
    }

    /// `value` in decimal with at least `width` digits (zeros in front), its sign first.
    static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value.magnitude)
        let padded = text.count < width ? String(repeating: "0", count: width - text.count) + text : text
        return value < 0 ? "-" + padded : padded
    }

    /// A measure with at most `digits` decimals, trailing zeros dropped, the decimal separator of
    /// the language.
    static func number(_ value: Double, digits: Int = 1, _ language: SiteLanguage) -> String {
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return language == .ru ? text.replacingOccurrences(of: ".", with: ",") : text
    }
}

/// The calendar date and wall-clock time of an instant on a clock `offset` seconds from UTC, in
/// the proleptic Gregorian calendar, computed from the day number (Hinnant's civil-from-days)
/// rather than through `Calendar`, which costs a diary page a fifth of its time on Linux.
struct ClockReading: Equatable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int

    /// Instants beyond ±300 000 years and offsets beyond a day (what no device sends, but a
    /// hostile one might) are read at those bounds.
    init(_ date: Date, offset: Int) {
        let instant = date.timeIntervalSince1970
        let bounded = instant.isNaN ? 0 : min(max(instant.rounded(.down), -1e13), 1e13)
        let seconds = Int(bounded) + min(max(offset, -86_400), 86_400)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
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
