import Foundation

/// How the site writes times and measures (T11: a diary time reads as the angler's clock showed
/// it, wherever the page is opened).
public enum SiteFormat {
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// `2026-06-01 05:30` on the clock `offsetSeconds` from UTC.
    public static func dateTime(_ date: Date, offset offsetSeconds: Int) -> String {
        let parts = utc.dateComponents(
            [.year, .month, .day, .hour, .minute], from: date.addingTimeInterval(TimeInterval(offsetSeconds)))
        return String(
            format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0)
    }

    /// `05:30` on that clock.
    static func time(_ date: Date, offset offsetSeconds: Int) -> String {
        String(dateTime(date, offset: offsetSeconds).suffix(5))
    }

    /// The machine-readable form for `<time datetime>`: ISO 8601 with the offset.
    static func machine(_ date: Date, offset offsetSeconds: Int) -> String {
        let sign = offsetSeconds < 0 ? "-" : "+"
        let minutes = abs(offsetSeconds) / 60
        return dateTime(date, offset: offsetSeconds).replacingOccurrences(of: " ", with: "T")
            + String(format: "%@%02d:%02d", sign, minutes / 60, minutes % 60)
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
