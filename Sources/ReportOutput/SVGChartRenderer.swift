/// Draws a ``ChartSpec`` as a standalone SVG 1.1 document (T18, built-in visual reporting), for
/// sharing, printing and previews outside the app; the app itself draws the same spec with
/// Swift Charts.
///
/// The document carries a title, an embedded style sheet whose colours follow the viewer's light
/// or dark appearance, and a background of its own. Bar and line charts have labelled axes
/// (the value axis titled with its unit, e.g. "weight (kg)") and round 1-2-5 ticks that always
/// include 0; a pie shows percentages and a legend; a table lists the numbers. Missing,
/// non-finite or empty data renders the message "No data". See docs/charts.md for the
/// conventions.
public enum SVGChartRenderer {
    /// The smallest canvas the layout supports; smaller requests are enlarged to it.
    public static let minimumWidth = 280
    /// The smallest canvas height the layout supports; smaller requests are enlarged to it.
    public static let minimumHeight = 180
    /// The message drawn when a chart has nothing to show.
    public static let noDataMessage = "No data"

    /// The chart as SVG text, `width` × `height` px (360 × 240 by default: a phone's width).
    public static func render(_ chart: ChartSpec, width: Int = 360, height: Int = 240) -> String {
        var canvas = ChartCanvas(
            chart: chart, width: Double(max(width, minimumWidth)), height: Double(max(height, minimumHeight)))
        switch chart.kind {
        case .bar, .line: canvas.drawCartesian()
        case .pie: canvas.drawPie()
        case .table: canvas.drawTable()
        }
        return canvas.document
    }
}

/// A chart's series with their values made safe to draw: exactly one value per category, and
/// nil wherever the spec has none or has a non-finite one.
struct ChartData {
    let categories: [String]
    let names: [String]
    let values: [[Double?]]

    init(_ chart: ChartSpec) {
        categories = chart.categories
        names = chart.series.map(\.name)
        values = chart.series.map { series in
            chart.categories.indices.map { index in
                index < series.values.count ? series.values[index].flatMap { $0.isFinite ? $0 : nil } : nil
            }
        }
    }

    /// Every value present, in no particular order.
    var presentValues: [Double] { values.flatMap { $0.compactMap { $0 } } }
}

/// The drawing surface shared by the chart kinds: the canvas size, the title, the markup drawn
/// so far and the helpers every kind uses.
struct ChartCanvas {
    let chart: ChartSpec
    let data: ChartData
    let width: Double
    let height: Double
    var markup = SVGMarkup()
    /// Where the space under the title begins.
    let contentTop: Double

    init(chart: ChartSpec, width: Double, height: Double) {
        self.chart = chart
        self.data = ChartData(chart)
        self.width = width
        self.height = height
        let pad = ChartTheme.padding
        let lines = Self.titleLines(chart.title, width: width - 2 * pad)
        let lineHeight = ChartTheme.titleSize + 4
        contentTop = pad + ChartTheme.titleSize + 8 + Double(lines.count - 1) * lineHeight
        markup.rect(className: "bg", x: 0, y: 0, width: width, height: height)
        for (index, line) in lines.enumerated() {
            markup.text(line, x: pad, y: pad + ChartTheme.titleSize + Double(index) * lineHeight, className: "title")
        }
    }

    /// The title in one line, or broken after a word into two when it is too wide, the second
    /// line shortened with "…" if it is still too wide.
    static func titleLines(_ title: String, width: Double) -> [String] {
        let size = ChartTheme.titleSize
        guard TextMetrics.width(title, size: size, bold: true) > width else { return [title] }
        let words = title.split(separator: " ", omittingEmptySubsequences: false)
        var first = ""
        var used = 0
        for word in words {
            let candidate = used == 0 ? String(word) : first + " " + word
            guard TextMetrics.width(candidate, size: size, bold: true) <= width else { break }
            first = candidate
            used += 1
        }
        guard used > 0 else { return [TextMetrics.truncated(title, toWidth: width, size: size, bold: true)] }
        let rest = words.dropFirst(used).joined(separator: " ")
        return [first, TextMetrics.truncated(rest, toWidth: width, size: size, bold: true)]
    }

    /// The finished document.
    var document: String {
        let w = NumberText.coordinate(width)
        let h = NumberText.coordinate(height)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)">
            <title>\(SVGMarkup.escaped(chart.title))</title>
            <style type="text/css">
            \(ChartTheme.styleSheet)
            </style>
            \(markup.lines.joined(separator: "\n"))
            </svg>

            """
    }

    /// Draws the "No data" message in the middle of the space under `top`.
    mutating func drawNoData(below top: Double) {
        markup.text(
            SVGChartRenderer.noDataMessage, x: width / 2, y: (top + height) / 2 + ChartTheme.messageSize / 3,
            className: "empty", anchor: .middle)
    }

    /// Draws a one-line caption under the title and answers where the space under it begins.
    mutating func drawSubtitle(_ text: String) -> Double {
        let pad = ChartTheme.padding
        let size = ChartTheme.axisTitleSize
        markup.text(
            TextMetrics.truncated(text, toWidth: width - 2 * pad, size: size),
            x: pad, y: contentTop + size - 2, className: "subtitle")
        return contentTop + size + 8
    }

    /// The text of a value for a tooltip: the number and the unit ("2.5 kg", "40%", "12").
    func valueText(_ value: Double) -> String {
        let number = NumberText.display(value) ?? "—"
        guard let unit = chart.unit, !unit.isEmpty else { return number }
        return unit == "%" ? number + unit : number + " " + unit
    }
}
