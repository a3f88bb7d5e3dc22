/// Bar and line charts: a value axis with round ticks crossing at 0, categories along the
/// bottom, and a legend under the title when there is more than one series.
extension ChartCanvas {
    /// The most rows a bar or line legend takes before it ends in "+N more".
    static let maxLegendRows = 3

    mutating func drawCartesian() {
        let values = data.presentValues
        guard !data.categories.isEmpty, !values.isEmpty else {
            drawNoData(below: contentTop)
            return
        }
        let pad = ChartTheme.padding
        let legendHeight = data.names.count > 1 ? drawLegend(top: contentTop) : 0
        var plotTop = contentTop + legendHeight + 6
        let categoryTitleHeight = chart.categoryLabel == nil ? 0.0 : ChartTheme.axisTitleSize + 6
        let roughPlotHeight = height - pad - categoryTitleHeight - CategoryAxis.fontSize - 6 - plotTop
        let scale = ValueScale(values: values, targetTicks: min(max(Int(roughPlotHeight / 36), 2), 6))
        let ticks = scale.ticks
        let tickLabels = ticks.map(scale.label)
        let widestTick = tickLabels.map { TextMetrics.width($0, size: ChartTheme.tickSize) }.max() ?? 0

        var plotLeft = pad + ChartTheme.axisTitleSize + 6 + widestTick + 6
        let plotRight = width - pad - 4
        let count = Double(data.categories.count)
        var axis = CategoryAxis(categories: data.categories, slotWidth: (plotRight - plotLeft) / count)
        let overhang = axis.leftOverhang - (plotRight - plotLeft) / count / 2
        if plotLeft - overhang < pad {
            plotLeft = min(pad + overhang, plotRight - count)
            axis = CategoryAxis(categories: data.categories, slotWidth: (plotRight - plotLeft) / count)
        }
        let slot = (plotRight - plotLeft) / count
        let valueLabels = chart.kind == .bar ? barValueLabels(slot: slot) : nil
        let axisTop = height - pad - categoryTitleHeight - axis.height
        var plotBottom = axisTop
        if valueLabels != nil {
            if values.contains(where: { $0 > 0 }) { plotTop += Self.valueLabelRoom }
            if values.contains(where: { $0 < 0 }) { plotBottom -= Self.valueLabelRoom }
        }
        plotBottom = max(plotBottom, plotTop + 20)
        let y = { (value: Double) in plotBottom - scale.fraction(value) * (plotBottom - plotTop) }
        let centre = { (index: Int) in plotLeft + slot * (Double(index) + 0.5) }

        for (tick, label) in zip(ticks, tickLabels) {
            if tick != 0 { markup.line(className: "grid", from: (plotLeft, y(tick)), to: (plotRight, y(tick))) }
            markup.text(label, x: plotLeft - 5, y: y(tick) + 4, className: "tick", anchor: .end)
        }
        markup.line(className: "axis", from: (plotLeft, plotTop), to: (plotLeft, plotBottom))
        drawAxisTitles(plotLeft: plotLeft, plotRight: plotRight, plotTop: plotTop, plotBottom: plotBottom)
        drawCategoryLabels(axis, centre: centre, top: max(axisTop, plotBottom))

        let zero = y(0)
        if chart.kind == .line {
            markup.line(className: "zero", from: (plotLeft, zero), to: (plotRight, zero))
            drawLines(slot: slot, y: y, centre: centre)
        } else {
            drawBars(slot: slot, zero: zero, y: y, centre: centre)
            markup.line(className: "zero", from: (plotLeft, zero), to: (plotRight, zero))
            for (index, label) in (valueLabels ?? []).enumerated() {
                guard let label, let value = data.values[0][index] else { continue }
                let baseline = value < 0 ? y(value) + ChartTheme.tickSize + 2 : y(value) - 4
                markup.text(label, x: centre(index), y: baseline, className: "value", anchor: .middle)
            }
        }
    }

    /// The room kept above (or below) the plot for the value labels of the tallest bars.
    static let valueLabelRoom = 14.0

    /// The value labels of a single-series bar chart, one per category (nil where there is no
    /// value), when every one fits over its bar; nil when there are several series or a label
    /// would not fit.
    private func barValueLabels(slot: Double) -> [String?]? {
        guard data.names.count == 1 else { return nil }
        let labels = data.values[0].map { $0.flatMap(NumberText.display) }
        let widest = labels.compactMap { $0 }.map { TextMetrics.width($0, size: ChartTheme.tickSize) }.max() ?? 0
        return widest <= slot - 2 ? labels : nil
    }

    private mutating func drawAxisTitles(plotLeft: Double, plotRight: Double, plotTop: Double, plotBottom: Double) {
        let size = ChartTheme.axisTitleSize
        let pad = ChartTheme.padding
        let valueTitle = TextMetrics.truncated(chart.valueAxisTitle, toWidth: plotBottom - plotTop + 20, size: size)
        markup.text(
            valueTitle, x: pad + size - 2, y: (plotTop + plotBottom) / 2, className: "axis-title",
            anchor: .middle, rotation: -90)
        if let categoryLabel = chart.categoryLabel {
            let title = TextMetrics.truncated(categoryLabel, toWidth: plotRight - plotLeft, size: size)
            markup.text(
                title, x: (plotLeft + plotRight) / 2, y: height - pad - 2, className: "axis-title", anchor: .middle)
        }
    }

    private mutating func drawCategoryLabels(_ axis: CategoryAxis, centre: (Int) -> Double, top: Double) {
        for index in axis.shownIndices {
            switch axis.orientation {
            case .horizontal:
                markup.text(
                    axis.labels[index], x: centre(index), y: top + CategoryAxis.fontSize + 3,
                    className: "category", anchor: .middle)
            case .rotated:
                markup.text(
                    axis.labels[index], x: centre(index) + 3, y: top + 10, className: "category",
                    anchor: .end, rotation: -45)
            }
        }
    }

    private mutating func drawBars(slot: Double, zero: Double, y: (Double) -> Double, centre: (Int) -> Double) {
        let seriesCount = Double(data.names.count)
        let groupWidth = min(slot * (seriesCount > 1 ? 0.84 : 0.7), 40 * seriesCount)
        let barWidth = groupWidth / seriesCount
        let gap = seriesCount > 1 ? min(1.5, barWidth * 0.15) : 0
        for (seriesIndex, values) in data.values.enumerated() {
            for (index, value) in values.enumerated() {
                guard let value else { continue }
                let left = centre(index) - groupWidth / 2 + Double(seriesIndex) * barWidth + gap / 2
                let top = min(y(value), zero)
                markup.rect(
                    className: "bar " + ChartTheme.seriesClass(seriesIndex), x: left, y: top,
                    width: barWidth - gap, height: abs(y(value) - zero),
                    tooltip: tooltip(category: index, series: seriesIndex, value: value))
            }
        }
    }

    private mutating func drawLines(slot: Double, y: (Double) -> Double, centre: (Int) -> Double) {
        let radius = min(3.5, max(1.5, slot / 4))
        for (seriesIndex, values) in data.values.enumerated() {
            let colour = ChartTheme.seriesClass(seriesIndex)
            var commands: [PathCommand] = []
            var segments = 0
            for (index, value) in values.enumerated() {
                guard let value else { continue }
                if index > 0, values[index - 1] != nil {
                    commands.append(.lineTo(centre(index), y(value)))
                    segments += 1
                } else {
                    commands.append(.move(centre(index), y(value)))
                }
            }
            if segments > 0 { markup.path(className: "line " + colour, commands) }
            for (index, value) in values.enumerated() {
                guard let value else { continue }
                markup.circle(
                    className: "point " + colour, cx: centre(index), cy: y(value), r: radius,
                    tooltip: tooltip(category: index, series: seriesIndex, value: value))
            }
        }
    }

    private func tooltip(category: Int, series: Int, value: Double) -> String {
        let name = data.names.count > 1 ? " · " + data.names[series] : ""
        return data.categories[category] + name + ": " + valueText(value)
    }

    /// Draws the series names in rows under the title and answers the height taken.
    private mutating func drawLegend(top: Double) -> Double {
        let pad = ChartTheme.padding
        let size = ChartTheme.legendSize
        let rowHeight = size + 5
        let swatchWidth = chart.kind == .line ? 16.0 : 10.0
        let names = data.names.map { TextMetrics.truncated($0, toWidth: 130, size: size) }
        let itemWidths = names.map { swatchWidth + 4 + TextMetrics.width($0, size: size) }

        var placed: [(index: Int, x: Double, row: Int)] = []
        var x = pad
        var row = 0
        for (index, itemWidth) in itemWidths.enumerated() {
            if x > pad, x + itemWidth > width - pad {
                row += 1
                x = pad
            }
            if row == Self.maxLegendRows { break }
            placed.append((index, x, row))
            x += itemWidth + 12
        }
        var more: (text: String, x: Double)?
        while placed.count < names.count, let last = placed.last {
            let text = "+\(names.count - placed.count) more"
            let end = last.x + itemWidths[last.index] + 12
            if end + TextMetrics.width(text, size: size) <= width - pad {
                more = (text, end)
                break
            }
            placed.removeLast()
        }

        for item in placed {
            let baseline = top + Double(item.row) * rowHeight + size
            let colour = ChartTheme.seriesClass(item.index)
            if chart.kind == .line {
                markup.path(
                    className: "legend-line " + colour,
                    [.move(item.x + 1, baseline - 4), .lineTo(item.x + swatchWidth - 1, baseline - 4)])
            } else {
                markup.rect(className: "swatch " + colour, x: item.x, y: baseline - 9, width: 10, height: 10)
            }
            markup.text(names[item.index], x: item.x + swatchWidth + 4, y: baseline, className: "legend")
        }
        let rows = (placed.map(\.row).max() ?? 0) + 1
        if let more {
            markup.text(more.text, x: more.x, y: top + Double(rows - 1) * rowHeight + size, className: "note")
        }
        return Double(rows) * rowHeight
    }
}
