import FishingModel
import Foundation

/// Dates, times, spans and durations as an angler reads them (issue 30 §3, T11): on the clock the
/// trip or catch was logged with (its UTC offset), wherever and whenever the diary is read, in
/// English or Russian, the day with its weekday, hours on the 24-hour clock.
public struct DiaryDates: Sendable {
    public let language: Language

    public init(language: Language) { self.language = language }

    /// `Sat 12 May 2026` / `сб, 12 мая 2026`.
    public func day(_ date: Date, offset: Int) -> String {
        let clock = ClockReading(date, offset: offset)
        return "\(dayAndMonth(clock)) \(clock.year)"
    }

    /// `05:10`.
    public func time(_ date: Date, offset: Int) -> String {
        let clock = ClockReading(date, offset: offset)
        return Self.twoDigits(clock.hour) + ":" + Self.twoDigits(clock.minute)
    }

    /// `Sat 12 May 2026, 05:10` / `сб, 12 мая 2026, 05:10`: a moment, as a row shows it.
    public func moment(_ date: Date, offset: Int) -> String {
        "\(day(date, offset: offset)), \(time(date, offset: offset))"
    }

    /// A trip's hours: `05:10–09:40` within a day, `05:10 – Sun 13 May 09:40` across midnight,
    /// `from 05:10` / `с 05:10` while it has no end.
    public func span(from start: Date, to end: Date?, offset: Int) -> String {
        guard let end else { return (language == .russian ? "с " : "from ") + time(start, offset: offset) }
        let (first, last) = (ClockReading(start, offset: offset), ClockReading(end, offset: offset))
        if first.dayNumber == last.dayNumber { return "\(time(start, offset: offset))–\(time(end, offset: offset))" }
        return "\(time(start, offset: offset)) – \(dayAndMonth(last)) \(time(end, offset: offset))"
    }

    /// `4 h 30 min` / `4 ч 30 мин`; `45 min`; `2 d 3 h` past a day. Nil below a minute or when
    /// the end is before the start.
    public func duration(_ seconds: TimeInterval) -> String? {
        guard seconds.isFinite, seconds >= 60 else { return nil }
        let minutes = Int(min(seconds, 1e9) / 60)
        let (days, hours, rest) = (minutes / 1_440, minutes % 1_440 / 60, minutes % 60)
        let units = language == .russian ? ("д", "ч", "мин") : ("d", "h", "min")
        if days > 0 { return hours > 0 ? "\(days) \(units.0) \(hours) \(units.1)" : "\(days) \(units.0)" }
        if hours > 0 { return rest > 0 ? "\(hours) \(units.1) \(rest) \(units.2)" : "\(hours) \(units.1)" }
        return "\(rest) \(units.2)"
    }

    private func dayAndMonth(_ clock: ClockReading) -> String {
        let names = language == .russian ? Self.russian : Self.english
        let weekday = names.weekdays[clock.weekday]
        let month = names.months[clock.month - 1]
        return language == .russian ? "\(weekday), \(clock.day) \(month)" : "\(weekday) \(clock.day) \(month)"
    }

    private static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// Weekdays from Monday, months from January (Russian months in the genitive a date takes).
    private static let english = (
        weekdays: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
        months: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    )
    private static let russian = (
        weekdays: ["пн", "вт", "ср", "чт", "пт", "сб", "вс"],
        months: ["янв", "фев", "мар", "апр", "мая", "июн", "июл", "авг", "сен", "окт", "ноя", "дек"]
    )
}
