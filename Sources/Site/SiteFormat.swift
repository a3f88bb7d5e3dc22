import FishingModel
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
