import FishingModel
import Foundation

/// Which comes first in a date written with slashes: 03/04/2026 is 3 April in most of the world
/// and March 4 in the United States.
public enum DateOrder: String, Sendable, CaseIterable {
    case dayMonthYear = "dmy"
    case monthDayYear = "mdy"
}

/// A spreadsheet cell read as the diary's value (issue 34 §1 "dates in every common format"):
/// numbers with a decimal point or comma and grouping blanks, dates in ISO 8601, day.month.year
/// and with slashes, yes/no in English and Russian.
enum SheetValue {
    /// A finite number: `2.5`, `2,5`, `1 234,5`, `1,234.5`; nil for anything else.
    static func number(_ text: String) -> Double? {
        var digits = text.filter { !$0.isWhitespace && $0 != "\u{00A0}" && $0 != "\u{202F}" && $0 != "'" }
        guard !digits.isEmpty, digits.allSatisfy({ "0123456789.,+-eE".contains($0) }) else { return nil }
        let comma = digits.lastIndex(of: ",")
        let point = digits.lastIndex(of: ".")
        switch (comma, point) {
        case (let comma?, nil) where digits.filter({ $0 == "," }).count == 1:
            digits.replaceSubrange(comma...comma, with: ".")
        case (let comma?, let point?) where comma > point:
            digits = digits.replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
        case (.some, .some):
            digits = digits.replacingOccurrences(of: ",", with: "")
        case (.some, nil):
            return nil
        default:
            break
        }
        guard let value = Double(digits), value.isFinite else { return nil }
        return value
    }

    /// Yes or no; nil for anything else.
    static func flag(_ text: String) -> Bool? {
        switch SheetMapping.normalised(text) {
        case "yes", "y", "true", "1", "x", "да", "д", "released", "отпущена", "отпущен": true
        case "no", "n", "false", "0", "нет", "н", "kept", "оставлена": false
        default: nil
        }
    }

    /// Which way the water was going, in English, Russian or as the key writes it; nil for
    /// anything else.
    static func trend(_ text: String) -> WaterTrend? {
        switch SheetMapping.normalised(text) {
        case "rising", "rise", "up", "прибывает", "растет", "поднимается", "подъем": .rising
        case "steady", "stable", "same", "стоит", "стабильно", "без изменений": .steady
        case "falling", "fall", "down", "убывает", "падает", "спадает", "спад": .falling
        default: nil
        }
    }

    /// A date and time as written, with the offset it states (nil when it states none).
    struct WrittenTime: Equatable {
        var year, month, day, hour, minute, second: Int
        var offsetSeconds: Int?

        /// The instant, in the stated offset or else `offset`; nil for a day that does not exist.
        func date(offset: Int) -> (date: Date, utcOffsetSeconds: Int)? {
            let offset = offsetSeconds ?? offset
            guard let zone = TimeZone(secondsFromGMT: offset) else { return nil }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let components = DateComponents(
                timeZone: zone, year: year, month: month, day: day, hour: hour, minute: minute, second: second)
            guard (1900...2200).contains(year), components.isValidDate(in: calendar),
                let date = calendar.date(from: components)
            else { return nil }
            return (date, offset)
        }
    }

    /// Whether a date with slashes or dashes reads as day-first or month-first: `.some(nil)` when
    /// either reading works, nil when the text is not such a date.
    static func slashOrder(_ text: String) -> DateOrder?? {
        guard let written = Written(text), !written.yearFirst, written.separator != UInt8(ascii: ".") else {
            return nil
        }
        let (first, second) = (written.numbers.0, written.numbers.1)
        if first > 12 && second <= 12 { return .some(.dayMonthYear) }
        if second > 12 && first <= 12 { return .some(.monthDayYear) }
        return .some(nil)
    }

    /// A written time: ISO 8601 (`2026-06-14T05:30`, a space for the T, seconds, fractions, `Z` or
    /// an offset), year/month/day, day.month.year (two-digit years read as 19xx from 70, else
    /// 20xx), or day and month with slashes or dashes in `order`, with an optional time
    /// (`5:30 PM` too). Nil when the text is none of these or `order` is needed and unknown.
    static func time(_ text: String, order: DateOrder?) -> WrittenTime? {
        guard let written = Written(text) else { return nil }
        let (first, second, third) = written.numbers
        var time = WrittenTime(year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0)
        if written.yearFirst {
            (time.year, time.month, time.day) = (first, second, third)
        } else {
            time.year = written.yearDigits == 2 ? third + (third >= 70 ? 1900 : 2000) : third
            if written.separator == UInt8(ascii: ".") {
                (time.day, time.month) = (first, second)
            } else {
                switch order {
                case .dayMonthYear: (time.day, time.month) = (first, second)
                case .monthDayYear: (time.day, time.month) = (second, first)
                case nil: return nil
                }
            }
        }
        if let clock = written.clock {
            var hour = clock.hour
            if let pm = clock.pm {
                guard (1...12).contains(hour) else { return nil }
                hour = hour % 12 + (pm ? 12 : 0)
            }
            guard hour < 24, clock.minute < 60, clock.second < 60 else { return nil }
            (time.hour, time.minute, time.second) = (hour, clock.minute, clock.second)
        }
        time.offsetSeconds = written.offsetSeconds
        return time
    }

    /// The parts of a written date and time, read byte by byte (Swift's `Regex` costs tens of
    /// microseconds a match on Linux, and an import reads hundreds of thousands of dates).
    private struct Written {
        var numbers: (Int, Int, Int)
        var separator: UInt8
        var yearFirst: Bool
        var yearDigits: Int
        var clock: (hour: Int, minute: Int, second: Int, pm: Bool?)?
        var offsetSeconds: Int?

        init?(_ text: String) {
            let bytes = Array(text.utf8)
            var at = 0
            func skipBlanks() { while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 { at += 1 } }
            func number(_ most: Int) -> (value: Int, digits: Int)? {
                var value = 0
                let start = at
                while at < bytes.count, at - start < most, (0x30...0x39).contains(bytes[at]) {
                    value = value * 10 + Int(bytes[at] - 0x30)
                    at += 1
                }
                return at > start ? (value, at - start) : nil
            }
            func take(_ byte: UInt8) -> Bool {
                guard at < bytes.count, bytes[at] == byte else { return false }
                at += 1
                return true
            }
            skipBlanks()
            guard let first = number(4), at < bytes.count,
                [UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: ".")].contains(bytes[at])
            else { return nil }
            separator = bytes[at]
            at += 1
            yearFirst = first.digits == 4
            guard yearFirst || first.digits <= 2, let second = number(2), take(separator), let third = number(4)
            else { return nil }
            guard yearFirst ? third.digits <= 2 : (third.digits == 2 || third.digits == 4) else { return nil }
            guard !yearFirst || separator != UInt8(ascii: ".") else { return nil }
            numbers = (first.value, second.value, third.value)
            yearDigits = third.digits
            let dateEnd = at
            while at < bytes.count, [0x20, 0x09, UInt8(ascii: ","), UInt8(ascii: "T")].contains(bytes[at]) { at += 1 }
            if at < bytes.count, at > dateEnd, let hour = number(2), take(UInt8(ascii: ":")), let minute = number(2),
                minute.digits == 2
            {
                var second = 0
                if take(UInt8(ascii: ":")) {
                    guard let seconds = number(2), seconds.digits == 2 else { return nil }
                    second = seconds.value
                    if take(UInt8(ascii: ".")) || take(UInt8(ascii: ",")) {
                        guard number(9) != nil else { return nil }
                    }
                }
                skipBlanks()
                var pm: Bool?
                if at + 1 < bytes.count, bytes[at + 1] | 0x20 == UInt8(ascii: "m"),
                    [UInt8(ascii: "a"), UInt8(ascii: "p")].contains(bytes[at] | 0x20)
                {
                    pm = bytes[at] | 0x20 == UInt8(ascii: "p")
                    at += 2
                }
                clock = (hour.value, minute.value, second, pm)
                skipBlanks()
                if yearFirst, pm == nil, at < bytes.count {
                    if bytes[at] | 0x20 == UInt8(ascii: "z") {
                        offsetSeconds = 0
                        at += 1
                    } else if bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") {
                        let sign = bytes[at] == UInt8(ascii: "-") ? -1 : 1
                        at += 1
                        guard let hours = number(2), hours.digits == 2 else { return nil }
                        _ = take(UInt8(ascii: ":"))
                        guard let minutes = number(2), minutes.digits == 2, hours.value <= 14, minutes.value < 60 else {
                            return nil
                        }
                        offsetSeconds = sign * (hours.value * 3600 + minutes.value * 60)
                    }
                }
            } else {
                at = dateEnd
            }
            skipBlanks()
            guard at == bytes.count else { return nil }
        }
    }
}
