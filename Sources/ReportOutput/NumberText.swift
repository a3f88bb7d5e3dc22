/// Locale-independent number text for labels, ticks, coordinates and CSV: "." as the decimal
/// separator, no grouping, no trailing ".0", and never "nan" or "inf".
enum NumberText {
    /// The shortest text that reads back as `value` ("2.5", "3", "0.00001", "1e-12"); nil for
    /// NaN and ±infinity, which have no such text.
    static func plain(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value == 0 { return "0" }
        if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
        return positional(value.description)
    }

    /// `value` rounded to `decimals` places (0…6) and written without an exponent; falls back to
    /// ``plain(_:)`` when the magnitude is too large for that. Nil for a non-finite value.
    static func fixed(_ value: Double, decimals: Int) -> String? {
        guard value.isFinite else { return nil }
        let places = min(max(decimals, 0), 6)
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * Double(scale)).rounded()
        guard abs(scaled) < 9e18 else { return plain(value) }
        let units = Int64(scaled)
        let magnitude = units.magnitude
        let whole = String(magnitude / UInt64(scale))
        var text = units < 0 ? "-" + whole : whole
        if places > 0 {
            let fraction = String(magnitude % UInt64(scale))
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return text
    }

    /// A coordinate or length in an SVG document: at most two decimals, trailing zeros dropped;
    /// a non-finite value (which layout never produces for valid input) is written as 0.
    static func coordinate(_ value: Double) -> String {
        fixed(value, decimals: 2).map(withoutTrailingZeros) ?? "0"
    }

    /// A value for people to read (tooltips, table cells): at most three decimals, trailing
    /// zeros dropped; magnitudes below 0.001 keep their own digits so they do not read as 0.
    /// Nil for a non-finite value.
    static func display(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        if value != 0, abs(value) < 0.001 { return plain(value) }
        return fixed(value, decimals: 3).map(withoutTrailingZeros)
    }

    /// `text` without the zeros that end its fraction, and without the point if nothing is left.
    static func withoutTrailingZeros(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var text = text
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Rewrites Swift's shortest round-trip description ("1.5e-05", "1.2345e+17") without the
    /// exponent when that stays short (exponents −9…20); keeps the exponent form otherwise,
    /// without a "+" sign and leading exponent zeros ("1e300", "1e-12").
    private static func positional(_ description: String) -> String {
        let negative = description.hasPrefix("-")
        let body = negative ? String(description.dropFirst()) : description
        let parts = body.split(separator: "e", maxSplits: 1)
        let mantissa = parts[0]
        let exponent = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        let mantissaParts = mantissa.split(separator: ".", maxSplits: 1)
        let integerDigits = String(mantissaParts[0])
        var fractionDigits = mantissaParts.count == 2 ? String(mantissaParts[1]) : ""
        while fractionDigits.hasSuffix("0") { fractionDigits.removeLast() }
        let sign = negative ? "-" : ""
        guard (-9...20).contains(exponent) else {
            let shortMantissa = fractionDigits.isEmpty ? integerDigits : integerDigits + "." + fractionDigits
            return sign + shortMantissa + "e" + String(exponent)
        }
        let digits = integerDigits + fractionDigits
        let point = integerDigits.count + exponent
        var text: String
        if point <= 0 {
            text = "0." + String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            text = digits + String(repeating: "0", count: point - digits.count)
        } else {
            let index = digits.index(digits.startIndex, offsetBy: point)
            text = String(digits[..<index]) + "." + String(digits[index...])
        }
        while text.count > 1, text.hasPrefix("0"), !text.hasPrefix("0.") { text.removeFirst() }
        return sign + text
    }
}
