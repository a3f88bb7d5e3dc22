import Foundation

/// A pie of the first series' positive values, clockwise from twelve o'clock in category order,
/// with a legend on the right. Nil, zero and negative values have no wedge. More than
/// ``maxSlices`` categories keep the largest ones and gather the rest into one "Other" wedge, so
/// that no two wedges share a colour.
///
/// Wedges of at least ``minLabelledShare`` carry their percentage, unless the label would overlap
/// the label of a larger wedge. A label is black on a white halo (a copy of it drawn first with a
/// wide white outline), which reads on every wedge colour in both appearances without SVG 2's
/// `paint-order`.
extension ChartCanvas {
    static let maxSlices = 8
    static let minLabelledShare = 0.05
    static let otherLabel = "Other"

    mutating func drawPie() {
        let slices = Self.pieSlices(categories: data.categories, values: data.values.first ?? [])
        var subtitle = chart.valueAxisTitle
        if data.names.count > 1, let first = data.names.first { subtitle += " — " + first }
        let top = drawSubtitle(subtitle)
        let total = slices.reduce(0) { $0 + $1.value }
        guard !slices.isEmpty, total.isFinite, total > 0 else {
            drawNoData(below: top)
            return
        }
        let pad = ChartTheme.padding
        let size = ChartTheme.legendSize
        let rowHeight = size + 6
        let percents = slices.map { Self.percentText($0.value / total) }
        let percentWidth = percents.map { TextMetrics.width($0, size: size) }.max() ?? 0
        let nameWidth = slices.map { TextMetrics.width($0.label, size: size) }.max() ?? 0
        let legendWidth = min(14 + nameWidth + 8 + percentWidth, width * 0.5)
        let areaHeight = height - pad - top
        let pieRegion = width - 3 * pad - legendWidth
        let radius = max(min(areaHeight, pieRegion) / 2 - 2, 10)
        let centre = (x: pad + pieRegion / 2, y: top + areaHeight / 2)

        var start = -Double.pi / 2
        for (index, slice) in slices.enumerated() {
            let share = slice.value / total
            let colour = ChartTheme.seriesClass(index)
            let tip = slice.label + ": " + valueText(slice.value) + " (" + percents[index] + ")"
            if slices.count == 1 {
                markup.circle(className: "wedge " + colour, cx: centre.x, cy: centre.y, r: radius, tooltip: tip)
            } else {
                let end = start + share * 2 * .pi
                markup.path(
                    className: "wedge " + colour,
                    [
                        .move(centre.x, centre.y),
                        .lineTo(centre.x + radius * cos(start), centre.y + radius * sin(start)),
                        .arc(
                            radius: radius, largeArc: share > 0.5,
                            x: centre.x + radius * cos(end), y: centre.y + radius * sin(end)),
                        .close,
                    ],
                    tooltip: tip)
            }
            start += share * 2 * .pi
        }
        drawPieLabels(slices.map { $0.value / total }, texts: percents, centre: centre, radius: radius)

        let rows = max(Int(areaHeight / rowHeight), 1)
        let shown = slices.count <= rows ? slices.count : rows - 1
        let legendLeft = width - pad - legendWidth
        var baseline = centre.y - Double(min(slices.count, rows)) * rowHeight / 2 + size
        for index in 0..<shown {
            let percentText = percents[index]
            let nameRoom = legendWidth - 14 - 8 - TextMetrics.width(percentText, size: size)
            markup.rect(
                className: "swatch " + ChartTheme.seriesClass(index), x: legendLeft, y: baseline - 9,
                width: 10, height: 10)
            markup.text(
                TextMetrics.truncated(slices[index].label, toWidth: nameRoom, size: size),
                x: legendLeft + 14, y: baseline, className: "legend")
            markup.text(percentText, x: width - pad, y: baseline, className: "legend", anchor: .end)
            baseline += rowHeight
        }
        if shown < slices.count {
            markup.text("+\(slices.count - shown) more", x: legendLeft + 14, y: baseline, className: "note")
        }
    }

    /// Draws the percentage of each wedge of at least ``minLabelledShare`` inside it, skipping a
    /// label that would overlap the label of a larger wedge.
    private mutating func drawPieLabels(
        _ shares: [Double], texts: [String], centre: (x: Double, y: Double), radius: Double
    ) {
        let size = ChartTheme.tickSize
        var start = -Double.pi / 2
        let places = shares.map { share in
            let middle = start + share * .pi
            start += share * 2 * .pi
            let distance = shares.count == 1 ? 0 : radius * 0.64
            return (x: centre.x + distance * cos(middle), y: centre.y + distance * sin(middle) + size / 3)
        }
        var placed: [Int] = []
        for index in shares.indices.sorted(by: { shares[$0] > shares[$1] }) where shares[index] >= Self.minLabelledShare
        {
            let halfWidth = TextMetrics.width(texts[index], size: size, bold: true) / 2 + 2
            let clear = placed.allSatisfy { other in
                let otherHalf = TextMetrics.width(texts[other], size: size, bold: true) / 2 + 2
                return abs(places[index].x - places[other].x) >= halfWidth + otherHalf
                    || abs(places[index].y - places[other].y) >= size + 3
            }
            if clear { placed.append(index) }
        }
        for index in placed.sorted() {
            markup.text(texts[index], x: places[index].x, y: places[index].y, className: "pie-halo", anchor: .middle)
            markup.text(texts[index], x: places[index].x, y: places[index].y, className: "pie-label", anchor: .middle)
        }
    }

    /// The wedges to draw: the positive values in category order, the smallest gathered into
    /// "Other" when there are more than ``maxSlices``.
    static func pieSlices(categories: [String], values: [Double?]) -> [(label: String, value: Double)] {
        let positive = zip(categories, values).compactMap { label, value in
            value.flatMap { $0 > 0 ? (label: label, value: min($0, ValueScale.magnitudeLimit)) : nil }
        }
        guard positive.count > maxSlices else { return positive }
        let kept = Set(positive.indices.sorted { positive[$0].value > positive[$1].value }.prefix(maxSlices - 1))
        let rest = positive.indices.filter { !kept.contains($0) }.reduce(0) { $0 + positive[$1].value }
        return positive.indices.filter(kept.contains).map { positive[$0] } + [(otherLabel, rest)]
    }

    /// A share as a whole percentage ("42%"), or "<1%" for a sliver that would round to 0.
    static func percentText(_ share: Double) -> String {
        let percent = (share * 100).rounded()
        return percent < 1 ? "<1%" : "\(Int(percent))%"
    }
}
