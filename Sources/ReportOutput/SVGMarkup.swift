/// Builds the body of an SVG document line by line. Every piece of text goes through
/// ``escaped(_:)`` and every number through ``NumberText/coordinate(_:)``, so no caller can emit
/// unescaped text or a "nan".
struct SVGMarkup {
    enum Anchor: String {
        case start, middle, end
    }

    private(set) var lines: [String] = []

    mutating func text(
        _ content: String, x: Double, y: Double, className: String, anchor: Anchor = .start,
        rotation: Double? = nil
    ) {
        var attributes = "class=\"\(className)\" x=\"\(number(x))\" y=\"\(number(y))\""
        if anchor != .start { attributes += " text-anchor=\"\(anchor.rawValue)\"" }
        if let rotation {
            attributes += " transform=\"rotate(\(number(rotation)) \(number(x)) \(number(y)))\""
        }
        lines.append("<text \(attributes)>\(Self.escaped(content))</text>")
    }

    mutating func rect(
        className: String, x: Double, y: Double, width: Double, height: Double, tooltip: String? = nil
    ) {
        let attributes =
            "class=\"\(className)\" x=\"\(number(x))\" y=\"\(number(y))\" "
            + "width=\"\(number(max(width, 0)))\" height=\"\(number(max(height, 0)))\""
        element("rect", attributes, tooltip: tooltip)
    }

    mutating func line(className: String, from start: (Double, Double), to end: (Double, Double)) {
        lines.append(
            "<line class=\"\(className)\" x1=\"\(number(start.0))\" y1=\"\(number(start.1))\" "
                + "x2=\"\(number(end.0))\" y2=\"\(number(end.1))\"/>")
    }

    mutating func circle(className: String, cx: Double, cy: Double, r: Double, tooltip: String? = nil) {
        element(
            "circle", "class=\"\(className)\" cx=\"\(number(cx))\" cy=\"\(number(cy))\" r=\"\(number(r))\"",
            tooltip: tooltip)
    }

    /// A path whose data is built from `commands`: letters and numbers, e.g.
    /// `[.move(x, y), .lineTo(x, y)]`.
    mutating func path(className: String, _ commands: [PathCommand], tooltip: String? = nil) {
        let data = commands.map(\.text).joined(separator: " ")
        element("path", "class=\"\(className)\" d=\"\(data)\"", tooltip: tooltip)
    }

    private mutating func element(_ name: String, _ attributes: String, tooltip: String?) {
        if let tooltip {
            lines.append("<\(name) \(attributes)><title>\(Self.escaped(tooltip))</title></\(name)>")
        } else {
            lines.append("<\(name) \(attributes)/>")
        }
    }

    private func number(_ value: Double) -> String { NumberText.coordinate(value) }

    /// `text` made safe for XML character data and attribute values: the five special characters
    /// become entities, control characters (which XML 1.0 forbids, and which would break a
    /// one-line label) become spaces, and the noncharacters U+FFFE and U+FFFF are dropped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\u{FFFE}", "\u{FFFF}": continue
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    result += " "
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

/// One command of SVG path data.
enum PathCommand {
    case move(Double, Double)
    case lineTo(Double, Double)
    /// An elliptical arc of radius r to (x, y), drawn clockwise on screen.
    case arc(radius: Double, largeArc: Bool, x: Double, y: Double)
    case close

    var text: String {
        let n = NumberText.coordinate
        switch self {
        case .move(let x, let y): return "M\(n(x)) \(n(y))"
        case .lineTo(let x, let y): return "L\(n(x)) \(n(y))"
        case .arc(let r, let large, let x, let y):
            return "A\(n(r)) \(n(r)) 0 \(large ? 1 : 0) 1 \(n(x)) \(n(y))"
        case .close: return "Z"
        }
    }
}
