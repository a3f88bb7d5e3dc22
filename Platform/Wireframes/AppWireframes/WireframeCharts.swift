import Foundation
import SwiftUI

/// Charts in the wireframes (issue 30 §1): a chart node's marks drawn as Swift Charts would draw
/// them — bars or a line over their x labels with their values, or a pie with its legend — as SVG,
/// rather than listed as words.
@MainActor
enum WireframeCharts {
    static let height = 200.0
    /// Slices' and series' colours, in order.
    static let palette = ["#0a64d8", "#34a853", "#f29900", "#d70015", "#8e44ad", "#00838f", "#795548", "#5f6368"]

    struct Mark {
        let shape: String
        let x: String
        let y: Double
        let series: String?
    }

    /// The chart's HTML, `width` points wide; nil for a chart without marks to draw.
    static func html(_ node: WireframeNode, width: Int) -> String? {
        let marks = node.allNodes.compactMap { mark -> Mark? in
            guard mark.kind == "mark", let shape = mark.attributes["shape"],
                let y = mark.attributes["y"].flatMap(Double.init), y.isFinite
            else { return nil }
            return Mark(shape: shape, x: mark.attributes["x"] ?? "", y: y, series: mark.attributes["series"])
        }
        guard let shape = marks.first?.shape else { return nil }
        switch shape {
        case "sector": return pie(marks)
        default: return xy(marks, line: shape == "line", width: Double(width))
        }
    }

    private static func xy(_ marks: [Mark], line: Bool, width: Double) -> String {
        let top = max(marks.map(\.y).max() ?? 0, 0)
        let scale = top > 0 ? (height - 40) / top : 0
        let step = width / Double(marks.count)
        var parts: [String] = []
        var points: [String] = []
        for (index, mark) in marks.enumerated() {
            let centre = step * (Double(index) + 0.5)
            let barHeight = max(0, mark.y) * scale
            let y = height - 20 - barHeight
            if line {
                points.append("\(Int(centre)),\(Int(y))")
                parts.append("<circle cx=\"\(Int(centre))\" cy=\"\(Int(y))\" r=\"3\" fill=\"\(palette[0])\"/>")
            } else {
                parts.append(
                    "<rect x=\"\(Int(centre - step * 0.35))\" y=\"\(Int(y))\" width=\"\(Int(step * 0.7))\" height=\"\(Int(barHeight))\" rx=\"2\" fill=\"\(palette[0])\"/>"
                )
            }
            parts.append(text(value(mark.y), x: centre, y: y - 4, size: 10))
            parts.append(text(mark.x, x: centre, y: height - 6, size: 10))
        }
        if line {
            parts.insert(
                "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"\(palette[0])\" stroke-width=\"2\"/>",
                at: 0)
        }
        return "<svg class=\"chart\" width=\"\(Int(width))\" height=\"\(Int(height))\">\(parts.joined())</svg>"
    }

    private static func pie(_ marks: [Mark]) -> String {
        let total = marks.map { max(0, $0.y) }.reduce(0, +)
        guard total > 0 else { return "" }
        var angle = -Double.pi / 2
        var slices: [String] = []
        var legend: [String] = []
        let (cx, cy, r) = (height / 2, height / 2, height / 2 - 8)
        for (index, mark) in marks.enumerated() {
            let colour = palette[index % palette.count]
            let sweep = max(0, mark.y) / total * 2 * .pi
            let end = angle + sweep
            let large = sweep > .pi ? 1 : 0
            let (x1, y1, x2, y2) = (cx + r * cos(angle), cy + r * sin(angle), cx + r * cos(end), cy + r * sin(end))
            slices.append(
                sweep >= 2 * .pi - 1e-9
                    ? "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"\(r)\" fill=\"\(colour)\"/>"
                    : "<path d=\"M\(cx),\(cy) L\(x1),\(y1) A\(r),\(r) 0 \(large) 1 \(x2),\(y2) Z\" fill=\"\(colour)\"/>"
            )
            legend.append(
                "<div class=\"legend\"><i style=\"background:\(colour)\"></i>\(HTMLPage.escape(mark.series ?? "")) \(value(mark.y))</div>"
            )
            angle = end
        }
        return
            "<div class=\"piechart\"><svg width=\"\(Int(height))\" height=\"\(Int(height))\">\(slices.joined())</svg>"
            + "<div>\(legend.joined())</div></div>"
    }

    private static func text(_ words: String, x: Double, y: Double, size: Int) -> String {
        "<text x=\"\(Int(x))\" y=\"\(Int(y))\" font-size=\"\(size)\" text-anchor=\"middle\" fill=\"#333\">\(HTMLPage.escape(words))</text>"
    }

    private static func value(_ y: Double) -> String {
        y == y.rounded() && abs(y) < 1e15 ? String(Int(y)) : String(format: "%.1f", y)
    }
}
