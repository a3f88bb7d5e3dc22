/// Estimated text widths for layout. An SVG file cannot measure its own text, so the renderer
/// plans with per-character advances that err on the wide side for the common phone and
/// desktop sans-serif fonts (SF, Roboto, Helvetica, DejaVu Sans).
enum TextMetrics {
    /// How much wider bold text runs than regular text.
    static let boldFactor = 1.13

    /// The estimated width of `text` in pixels at `size` px.
    static func width(_ text: String, size: Double, bold: Bool = false) -> Double {
        let ems = text.reduce(0.0) { $0 + advance($1) }
        return ems * size * (bold ? boldFactor : 1)
    }

    /// `text`, cut and ended with "…" when it is wider than `maxWidth`; "" when not even the
    /// ellipsis fits.
    static func truncated(_ text: String, toWidth maxWidth: Double, size: Double, bold: Bool = false) -> String {
        guard width(text, size: size, bold: bold) > maxWidth else { return text }
        let scale = size * (bold ? boldFactor : 1)
        let room = maxWidth - width("…", size: size, bold: bold)
        guard room >= 0 else { return "" }
        var used = 0.0
        var kept = ""
        for character in text {
            used += advance(character) * scale
            if used > room { break }
            kept.append(character)
        }
        while kept.last == " " { kept.removeLast() }
        return kept + "…"
    }

    private static func advance(_ character: Character) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        switch scalar.value {
        case 0x20: return 0.32
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F000...0x1FAFF, 0x20000...0x3FFFD:
            return 1.0
        default: break
        }
        if "iIjl.,:;|!'`".unicodeScalars.contains(scalar) { return 0.3 }
        if "ftr()[]{}-/\"".unicodeScalars.contains(scalar) { return 0.42 }
        if "mw&".unicodeScalars.contains(scalar) { return 0.9 }
        if "MW%@—…<>=+~^".unicodeScalars.contains(scalar) { return 1.0 }
        if ("0"..."9").contains(scalar) { return 0.64 }
        if ("A"..."Z").contains(scalar) { return 0.74 }
        if scalar.value < 0x80 { return 0.62 }
        return character.isUppercase ? 0.76 : 0.64
    }
}
