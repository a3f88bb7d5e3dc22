import Foundation

/// Parses and formats the diary's times: ISO 8601 with the UTC offset the angler was in (T11).
///
/// A diary time is an instant plus the offset of the device's clock when it was recorded, so a
/// catch at 06:10 in Irkutsk reads 06:10 wherever the diary is opened later.
public enum DiaryTime {
    /// An instant as the diary stores it: whole milliseconds since 1970-01-01T00:00:00Z, rounded.
    public static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    /// The local wall-clock time of an instant as yyyymmddhhmm, computed as SQLite's
    /// `strftime('%Y%m%d%H%M', ms / 1000 + offset, 'unixepoch')` does (the schema checks it):
    /// milliseconds truncate toward zero, then the proleptic Gregorian calendar.
    public static func localMinute(_ date: Date, utcOffsetSeconds: Int) -> Int64 {
        let seconds = milliseconds(date) / 1000 + Int64(utcOffsetSeconds)
        let (year, month, day, secondOfDay) = civil(seconds)
        return ((year * 100 + month) * 100 + day) * 10_000 + secondOfDay / 3600 * 100 + secondOfDay % 3600 / 60
    }

    /// The proleptic Gregorian date and the second of the day of a count of seconds since
    /// 1970-01-01T00:00:00 (Howard Hinnant's days-to-civil).
    private static func civil(_ seconds: Int64) -> (year: Int64, month: Int64, day: Int64, secondOfDay: Int64) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day, secondOfDay)
    }

    /// Formats `date` as `2026-06-01T05:30:00+03:00` (or `…Z` for offset 0).
    /// Worked out by arithmetic, as `ISO8601DateFormatter` with `.withInternetDateTime` writes it
    /// (the instant rounded to milliseconds, then down to whole seconds), which costs tens of microseconds a call on Linux — an
    /// export writes hundreds of thousands (`DiaryTimeISO8601Tests` holds the two to each other).
    public static func iso8601(_ date: Date, utcOffsetSeconds: Int) -> String {
        let milliseconds = milliseconds(date)
        let seconds = (milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000) + Int64(utcOffsetSeconds)
        let (year, month, day, secondOfDay) = civil(seconds)
        var text = ""
        text.reserveCapacity(25)
        func two(_ value: Int64) {
            if value < 10 { text += "0" }
            text += String(value)
        }
        text += year < 1000 ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        text += "-"
        two(month)
        text += "-"
        two(day)
        text += "T"
        two(secondOfDay / 3600)
        text += ":"
        two(secondOfDay % 3600 / 60)
        text += ":"
        two(secondOfDay % 60)
        guard utcOffsetSeconds != 0 else { return text + "Z" }
        let magnitude = Int64(abs(utcOffsetSeconds))
        text += utcOffsetSeconds < 0 ? "-" : "+"
        two(magnitude / 3600)
        text += ":"
        two(magnitude % 3600 / 60)
        if magnitude % 60 != 0 {
            text += ":"
            two(magnitude % 60)
        }
        return text
    }

    /// Parses `2026-06-01T05:30:00+03:00`, `…Z`, fractional seconds, or a date-time without an offset
    /// (read in `defaultOffsetSeconds`). Returns the instant and the offset it was written in, or nil.
    public static func parse(_ text: String, defaultOffsetSeconds: Int) -> (date: Date, utcOffsetSeconds: Int)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let pattern = /(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?)?(Z|z|[+-]\d{2}:?\d{2})?/
        guard let match = trimmed.wholeMatch(of: pattern) else { return nil }
        let (_, year, month, day, hour, minute, second, fraction, zone) = match.output
        var components = DateComponents()
        components.year = Int(year)
        components.month = Int(month)
        components.day = Int(day)
        components.hour = hour.flatMap { Int($0) } ?? 0
        components.minute = minute.flatMap { Int($0) } ?? 0
        components.second = second.flatMap { Int($0) } ?? 0
        var offset = defaultOffsetSeconds
        if let zone {
            if zone == "Z" || zone == "z" {
                offset = 0
            } else {
                let sign = zone.hasPrefix("-") ? -1 : 1
                let digits = zone.dropFirst().filter(\.isNumber)
                guard digits.count == 4, let h = Int(digits.prefix(2)), let m = Int(digits.suffix(2)), h <= 14, m < 60
                else { return nil }
                offset = sign * (h * 3600 + m * 60)
            }
        }
        guard let timeZone = TimeZone(secondsFromGMT: offset) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        components.timeZone = timeZone
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
        let fractionSeconds = fraction.flatMap { Double("0" + $0) } ?? 0
        return (date.addingTimeInterval(fractionSeconds), offset)
    }

    /// The offset of the device's clock at `date` (T11: time comes from the device).
    public static func deviceOffset(at date: Date) -> Int {
        TimeZone.current.secondsFromGMT(for: date)
    }
}
