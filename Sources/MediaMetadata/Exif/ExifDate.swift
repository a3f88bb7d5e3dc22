import Foundation

/// Reads EXIF date-time and UTC-offset strings.
///
/// `DateTimeOriginal` is "YYYY:MM:DD HH:MM:SS" on the camera's wall clock; `OffsetTimeOriginal`
/// is "+HH:MM" or "-HH:MM". Anything else, including the all-zero "unknown" date, reads as nil.
enum ExifDate {
    /// The wall-clock time in `text` as if it were UTC.
    static func wallClock(_ text: ArraySlice<UInt8>) -> Date? {
        let characters = Array(text.prefix(19))
        guard characters.count == 19, [4, 7, 13, 16].allSatisfy({ characters[$0] == UInt8(ascii: ":") }),
            characters[10] == UInt8(ascii: " "),
            let year = number(characters[0..<4]), let month = number(characters[5..<7]),
            let day = number(characters[8..<10]), let hour = number(characters[11..<13]),
            let minute = number(characters[14..<16]), let second = number(characters[17..<19]),
            (1...9999).contains(year), (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(((days * 24 + hour) * 60 + minute) * 60 + second))
    }

    /// The offset from UTC in seconds written as "+HH:MM" or "-HH:MM" (at most 18 hours).
    static func utcOffsetSeconds(_ text: ArraySlice<UInt8>) -> Int? {
        let characters = Array(text)
        guard characters.count == 6, characters[3] == UInt8(ascii: ":"),
            let sign = [UInt8(ascii: "+"): 1, UInt8(ascii: "-"): -1][characters[0]],
            let hours = number(characters[1..<3]), let minutes = number(characters[4..<6]),
            hours <= 18, minutes <= 59
        else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        // Count years from March, so that the leap day is the last day of its year.
        let marchYear = month <= 2 ? year - 1 : year
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let leapDays = marchYear / 4 - marchYear / 100 + marchYear / 400
        let daysFromYearZeroMarch = marchYear * 365 + leapDays + dayOfYear
        return daysFromYearZeroMarch - 719_468  // days from 0000-03-01 to 1970-01-01
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The value of a run of ASCII digits, or nil if any byte is not a digit.
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
