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
        guard let match = text.trimmingCharacters(in: .whitespaces).wholeMatch(of: dayMonthPattern),
            match.output.2 != "."
        else { return nil }
        let first = Int(match.output.1)!
        let second = Int(match.output.3)!
        if first > 12 && second <= 12 { return .some(.dayMonthYear) }
        if second > 12 && first <= 12 { return .some(.monthDayYear) }
        return .some(nil)
    }

    /// A written time: ISO 8601 (`2026-06-14T05:30`, a space for the T, seconds, fractions, `Z` or
    /// an offset), year/month/day, day.month.year (two-digit years read as 19xx from 70, else
    /// 20xx), or day and month with slashes or dashes in `order`, with an optional time
    /// (`5:30 PM` too). Nil when the text is none of these or `order` is needed and unknown.
    static func time(_ text: String, order: DateOrder?) -> WrittenTime? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let m = text.wholeMatch(of: isoPattern) {
            var time = WrittenTime(
                year: Int(m.output.1)!, month: Int(m.output.2)!, day: Int(m.output.3)!, hour: 0, minute: 0, second: 0)
            guard clock(&time, m.output.4, m.output.5, m.output.6, nil) else { return nil }
            if let zone = m.output.7 {
                guard let offset = offset(String(zone)) else { return nil }
                time.offsetSeconds = offset
            }
            return time
        }
        guard let m = text.wholeMatch(of: dayMonthPattern) else { return nil }
        let first = Int(m.output.1)!
        let second = Int(m.output.3)!
        var year = Int(m.output.4)!
        if m.output.4.count == 2 { year += year >= 70 ? 1900 : 2000 }
        let (day, month): (Int, Int)
        if m.output.2 == "." {
            (day, month) = (first, second)
        } else {
            switch order {
            case .dayMonthYear: (day, month) = (first, second)
            case .monthDayYear: (day, month) = (second, first)
            case nil: return nil
            }
        }
        var time = WrittenTime(year: year, month: month, day: day, hour: 0, minute: 0, second: 0)
        guard clock(&time, m.output.5, m.output.6, m.output.7, m.output.8) else { return nil }
        return time
    }

    private static func clock(
        _ time: inout WrittenTime, _ hour: Substring?, _ minute: Substring?, _ second: Substring?,
        _ meridiem: Substring?
    ) -> Bool {
        guard let hour else { return true }
        var h = Int(hour)!
        if let meridiem {
            guard (1...12).contains(h) else { return false }
            h = h % 12 + (meridiem.lowercased() == "pm" ? 12 : 0)
        }
        time.hour = h
        time.minute = minute.flatMap { Int($0) } ?? 0
        time.second = second.flatMap { Int($0) } ?? 0
        return h < 24 && time.minute < 60 && time.second < 60
    }

    private static func offset(_ zone: String) -> Int? {
        if zone == "Z" || zone == "z" { return 0 }
        let digits = zone.dropFirst().filter(\.isNumber)
        guard digits.count == 4, let h = Int(digits.prefix(2)), let m = Int(digits.suffix(2)), h <= 14, m < 60 else {
            return nil
        }
        return (zone.hasPrefix("-") ? -1 : 1) * (h * 3600 + m * 60)
    }

    nonisolated(unsafe) private static let isoPattern =
        /(\d{4})[-\/](\d{1,2})[-\/](\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?)?\s*(Z|z|[+-]\d{2}:?\d{2})?/
    nonisolated(unsafe) private static let dayMonthPattern =
        /(\d{1,2})([.\/-])(\d{1,2})[.\/-](\d{4}|\d{2})(?:[ ,T]+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?)?/
}
