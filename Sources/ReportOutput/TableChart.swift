/// The table kind: a header row (the category label, then the series names), one row per
/// category with the values right-aligned, and the value label with its unit under the title.
/// Rows that do not fit end in "+N more rows"; series that do not fit in "+N more columns".
extension ChartCanvas {
    static let tableRowHeight = 18.0
    static let cellPadding = 6.0
    static let minValueColumnWidth = 44.0

    mutating func drawTable() {
        let top = drawSubtitle(chart.valueAxisTitle)
        guard !data.categories.isEmpty, !data.presentValues.isEmpty else {
            drawNoData(below: top)
            return
        }
        let pad = ChartTheme.padding
        let size = ChartTheme.tickSize
        let available = width - 2 * pad
        let header = [chart.categoryLabel ?? ""] + data.names
        let rows = data.categories.indices.map { index in
            [data.categories[index]] + data.values.map { $0[index].flatMap(NumberText.display) ?? "—" }
        }
        let natural = header.indices.map { column in
            let cells = rows.map { TextMetrics.width($0[column], size: size) }
            let widest = max(TextMetrics.width(header[column], size: size, bold: true), cells.max() ?? 0)
            return widest + 2 * Self.cellPadding
        }
        var widths = [min(natural[0], available * 0.45)]
        for column in natural.indices.dropFirst() {
            let columnWidth = max(natural[column], Self.minValueColumnWidth)
            guard widths.reduce(0, +) + columnWidth <= available || widths.count == 1 else { break }
            widths.append(min(columnWidth, available - widths[0]))
        }
        let hiddenColumns = header.count - widths.count
        let spare = available - widths.reduce(0, +)
        if spare > 0 { widths[0] += spare }

        let rowCapacity = max(Int((height - pad - top) / Self.tableRowHeight) - 1, 1)
        let hiddenRows = rows.count > rowCapacity ? rows.count - (rowCapacity - 1) : 0
        let shownRows = rows.prefix(hiddenRows > 0 ? rowCapacity - 1 : rows.count)

        let lefts = widths.indices.map { column in pad + widths.prefix(column).reduce(0, +) }
        drawRow(header.prefix(widths.count), lefts: lefts, widths: widths, top: top, className: "head")
        markup.line(
            className: "axis", from: (pad, top + Self.tableRowHeight), to: (width - pad, top + Self.tableRowHeight))
        for (offset, row) in shownRows.enumerated() {
            let rowTop = top + Double(offset + 1) * Self.tableRowHeight
            if offset % 2 == 1 {
                markup.rect(className: "stripe", x: pad, y: rowTop, width: available, height: Self.tableRowHeight)
            }
            drawRow(row.prefix(widths.count), lefts: lefts, widths: widths, top: rowTop, className: "cell")
        }
        var notes: [String] = []
        if hiddenRows > 0 { notes.append("+\(hiddenRows) more rows") }
        if hiddenColumns > 0 { notes.append("+\(hiddenColumns) more columns") }
        if !notes.isEmpty {
            let baseline = top + Double(shownRows.count + 1) * Self.tableRowHeight + size + 2
            markup.text(
                TextMetrics.truncated(notes.joined(separator: ", "), toWidth: available, size: size),
                x: pad + Self.cellPadding, y: baseline, className: "note")
        }
    }

    /// Draws one row: the first cell left-aligned, the others right-aligned.
    private mutating func drawRow(
        _ cells: ArraySlice<String>, lefts: [Double], widths: [Double], top: Double, className: String
    ) {
        let baseline = top + Self.tableRowHeight / 2 + ChartTheme.tickSize / 3 + 1
        for (column, cell) in zip(cells.indices, cells) {
            let index = column - cells.startIndex
            let room = widths[index] - 2 * Self.cellPadding
            let text = TextMetrics.truncated(cell, toWidth: room, size: ChartTheme.tickSize, bold: className == "head")
            if index == 0 {
                markup.text(text, x: lefts[index] + Self.cellPadding, y: baseline, className: className)
            } else {
                markup.text(
                    text, x: lefts[index] + widths[index] - Self.cellPadding, y: baseline, className: className,
                    anchor: .end)
            }
        }
    }
}
