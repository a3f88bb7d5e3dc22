import Foundation
import Testing

@testable import ReportOutput

@Suite("SVG charts (T18)")
struct SVGChartRendererTests {
    static let species = ["Pike", "Perch", "Roach", "Zander", "Bream"]

    func chart(
        _ kind: ChartKind, categories: [String] = species, series: [ChartSeries]? = nil,
        unit: String? = "kg", categoryLabel: String? = "species", title: String = "Weight by species"
    ) -> ChartSpec {
        ChartSpec(
            kind: kind, title: title, categoryLabel: categoryLabel, valueLabel: "weight", unit: unit,
            categories: categories,
            series: series ?? [ChartSeries(name: "weight", values: [4.5, 1.25, nil, 3, 0.5])])
    }

    func render(_ chart: ChartSpec, width: Int = 360, height: Int = 240) throws -> (String, SVGProbe) {
        let svg = SVGChartRenderer.render(chart, width: width, height: height)
        return (svg, try SVGProbe(svg))
    }

    @Test(
        "Given any chart kind, when rendered, then the SVG is well-formed with its size, title and dark-mode style",
        arguments: ChartKind.allCases)
    func wellFormedDocument(_ kind: ChartKind) throws {
        let (svg, probe) = try render(chart(kind))
        let root = try #require(probe.elements("svg").first)
        #expect(root.attributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(root.attributes["version"] == "1.1")
        #expect(root.attributes["width"] == "360" && root.attributes["height"] == "240")
        #expect(root.attributes["viewBox"] == "0 0 360 240")
        #expect(probe.elements("title").first?.text == "Weight by species")
        #expect(probe.texts("title") == ["Weight by species"])
        let style = try #require(probe.elements("style").first?.text)
        #expect(style.contains("@media (prefers-color-scheme: dark)"))
        #expect(style.contains("#0072B2") && style.contains("#E69F00"))
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"))
    }

    @Test("Given a style sheet, when read, then no font is smaller than 11 px")
    func readableFontSizes() {
        let sizes = ChartTheme.styleSheet.split(separator: "font-size:").dropFirst().compactMap { part in
            Double(part.prefix { $0.isNumber || $0 == "." })
        }
        #expect(!sizes.isEmpty)
        #expect(sizes.allSatisfy { $0 >= 11 })
    }

    @Test(
        "Given a bar chart, when rendered, then it has axis titles with the unit, every category and one bar per value")
    func barChart() throws {
        let (_, probe) = try render(chart(.bar))
        #expect(probe.texts("axis-title") == ["weight (kg)", "species"])
        #expect(probe.texts("category") == Self.species)
        #expect(probe.elements("rect", className: "bar").count == 4)
        #expect(probe.texts("tick") == ["0", "2", "4", "6"])
        #expect(probe.elements("text", className: "legend").isEmpty)
        #expect(probe.texts("value") == ["4.5", "1.25", "3", "0.5"])
    }

    @Test(
        "Given bars of known values, when rendered, then their heights are in proportion and they stand on the zero line"
    )
    func barGeometry() throws {
        let spec = chart(.bar, categories: ["a", "b"], series: [ChartSeries(name: "n", values: [10, 40])])
        let (_, probe) = try render(spec)
        let bars = probe.elements("rect", className: "bar")
        let zero = try #require(probe.elements("line", className: "zero").first?.number("y1"))
        let heights = bars.compactMap { $0.number("height") }
        #expect(heights.count == 2)
        #expect(abs(heights[1] / heights[0] - 4) < 0.01)
        for bar in bars {
            #expect(abs(try #require(bar.number("y")) + (bar.number("height") ?? 0) - zero) < 0.02)
        }
    }

    @Test("Given several series, when drawn as bars, then bars are grouped side by side with a legend of the series")
    func groupedBars() throws {
        let series = [
            ChartSeries(name: "2023", values: [1, 2, 3, nil, 5]),
            ChartSeries(name: "2024", values: [2, nil, 4, 1, 1]),
            ChartSeries(name: "2025", values: [nil, nil, nil, nil, 2]),
        ]
        let (_, probe) = try render(chart(.bar, series: series))
        let bars = probe.elements("rect", className: "bar")
        #expect(bars.count == 9)
        let bySeries = (0..<3).map { index in bars.filter { $0.classes.contains("s\(index)") } }
        #expect(bySeries.map(\.count) == [4, 4, 1])
        #expect(probe.texts("legend") == ["2023", "2024", "2025"])
        #expect(probe.elements("rect", className: "swatch").count == 3)
        let pike = try bySeries.prefix(2).map { try #require($0.first?.number("x")) }
        let width = try #require(bars.first?.number("width"))
        #expect(pike[1] > pike[0] && pike[1] - pike[0] < 2 * width)
        #expect(probe.texts("value").isEmpty)
    }

    @Test("Given negative values, when drawn as bars, then they hang below the zero line and the ticks run below 0")
    func negativeBars() throws {
        let spec = chart(
            .bar, categories: ["a", "b", "c"], series: [ChartSeries(name: "change", values: [-4, 2, -1])])
        let (_, probe) = try render(spec)
        let zero = try #require(probe.elements("line", className: "zero").first?.number("y1"))
        let bars = probe.elements("rect", className: "bar")
        #expect(bars.count == 3)
        let down = try #require(bars.first)
        #expect(abs(try #require(down.number("y")) - zero) < 0.02)
        let up = bars[1]
        #expect(abs(try #require(up.number("y")) + (up.number("height") ?? 0) - zero) < 0.02)
        #expect(abs((down.number("height") ?? 0) / (up.number("height") ?? 1) - 2) < 0.01)
        let ticks = probe.texts("tick")
        #expect(ticks.first == "-4" && ticks.contains("0") && ticks.last == "2")
        let zeroTick = try #require(probe.elements("text", className: "tick").first { $0.text == "0" })
        #expect(abs(try #require(zeroTick.number("y")) - 4 - zero) < 0.02)
    }

    @Test(
        "Given a line chart with a gap, when rendered, then each series is one path broken at the gap, with a marker per value"
    )
    func lineChart() throws {
        let series = [
            ChartSeries(name: "avg", values: [1, 2, nil, 4, 5]),
            ChartSeries(name: "max", values: [3, 3, 3, 3, 3]),
        ]
        let (_, probe) = try render(chart(.line, series: series))
        let paths = probe.elements("path", className: "line")
        #expect(paths.count == 2)
        let first = try #require(paths.first?.attributes["d"])
        #expect(first.filter { $0 == "M" }.count == 2)
        #expect(first.filter { $0 == "L" }.count == 2)
        #expect(probe.elements("circle", className: "point").count == 9)
        #expect(probe.elements("rect", className: "bar").isEmpty)
        #expect(probe.texts("legend") == ["avg", "max"])
        #expect(probe.elements("path", className: "legend-line").count == 2)
        #expect(probe.texts("axis-title") == ["weight (kg)", "species"])
    }

    @Test("Given negative values, when drawn as a line, then points below zero sit under the zero line")
    func negativeLine() throws {
        let spec = chart(.line, categories: ["a", "b", "c"], series: [ChartSeries(name: "t", values: [-6.5, 0, 3])])
        let (_, probe) = try render(spec)
        let zero = try #require(probe.elements("line", className: "zero").first?.number("y1"))
        let ys = probe.elements("circle", className: "point").compactMap { $0.number("cy") }
        #expect(ys.count == 3)
        #expect(ys[0] > zero && abs(ys[1] - zero) < 0.02 && ys[2] < zero)
        let ticks = probe.texts("tick").compactMap(Double.init)
        #expect(ticks.first! <= -6.5 && ticks.contains(0) && ticks.last! >= 3)
    }

    @Test(
        "Given a pie chart, when rendered, then its wedges sum to 360° in proportion to the values, with percentages and a legend"
    )
    func pieChart() throws {
        let values: [Double?] = [40, 22, nil, 15, -3]
        let (_, probe) = try render(chart(.pie, series: [ChartSeries(name: "n", values: values)]))
        let wedges = probe.elements("path", className: "wedge")
        #expect(wedges.count == 3)
        let sweeps = try wedges.map { try sweepDegrees(try #require($0.attributes["d"])) }
        #expect(abs(sweeps.reduce(0, +) - 360) < 0.5)
        for (sweep, value) in zip(sweeps, [40.0, 22, 15]) {
            #expect(abs(sweep - value / 77 * 360) < 0.5)
        }
        #expect(probe.texts("pie-label") == ["52%", "29%", "19%"])
        #expect(probe.texts("legend") == ["Pike", "52%", "Perch", "29%", "Zander", "19%"])
        #expect(probe.texts("subtitle") == ["weight (kg)"])
    }

    @Test(
        "Given a pie of many thin wedges, when rendered, then no two percentage labels overlap and the largest is labelled"
    )
    func pieLabelsDoNotCollide() throws {
        let values: [Double?] = [50, 6, 6, 5, 6, 5, 6, 16]
        let categories = (1...8).map { "Spot \($0)" }
        let (_, probe) = try render(
            chart(.pie, categories: categories, series: [ChartSeries(name: "n", values: values)]))
        let labels = probe.elements("text", className: "pie-label")
        #expect(labels.first?.text == "50%")
        #expect(labels.count >= 3 && labels.count < 8)
        let boxes = try labels.map { label in
            (
                x: try #require(label.number("x")), y: try #require(label.number("y")),
                half: TextMetrics.width(label.text, size: 11, bold: true) / 2
            )
        }
        for (i, a) in boxes.enumerated() {
            for b in boxes[(i + 1)...] {
                #expect(abs(a.x - b.x) >= a.half + b.half || abs(a.y - b.y) >= 11)
            }
        }
        #expect(probe.elements("text", className: "pie-halo").count == labels.count)
    }

    @Test("Given a pie of one value, when rendered, then it is a full circle labelled 100%")
    func singleWedge() throws {
        let (_, probe) = try render(chart(.pie, categories: ["Pike"], series: [ChartSeries(name: "n", values: [7])]))
        #expect(probe.elements("circle", className: "wedge").count == 1)
        #expect(probe.elements("path", className: "wedge").isEmpty)
        #expect(probe.texts("pie-label") == ["100%"])
    }

    @Test(
        "Given a pie of twelve categories, when rendered, then the seven largest keep their wedges and the rest make up Other"
    )
    func pieOther() throws {
        let categories = (1...12).map { "Spot \($0)" }
        let values: [Double?] = [1, 12, 11, 2, 10, 9, 3, 8, 7, 4, 6, 5]
        let (_, probe) = try render(
            chart(.pie, categories: categories, series: [ChartSeries(name: "n", values: values)]))
        let wedges = probe.elements("path", className: "wedge")
        #expect(wedges.count == 8)
        let sweeps = try wedges.map { try sweepDegrees(try #require($0.attributes["d"])) }
        #expect(abs(sweeps.reduce(0, +) - 360) < 0.5)
        let names = probe.texts("legend").enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        #expect(names == ["Spot 2", "Spot 3", "Spot 5", "Spot 6", "Spot 8", "Spot 9", "Spot 11", "Other"])
        #expect(abs(sweeps[7] - 15.0 / 78 * 360) < 0.5)
        #expect(Set(wedges.map { $0.classes[1] }).count == 8)
    }

    @Test("Given a table chart, when rendered, then it has a header, one row per category and the unit under the title")
    func tableChart() throws {
        let series = [
            ChartSeries(name: "avg", values: [4.5, 1.25, nil, 3, 0.5]),
            ChartSeries(name: "max", values: [9, 2, 1, 6, 1]),
        ]
        let (_, probe) = try render(chart(.table, series: series))
        #expect(probe.texts("head") == ["species", "avg", "max"])
        #expect(
            probe.texts("cell") == [
                "Pike", "4.5", "9", "Perch", "1.25", "2", "Roach", "—", "1", "Zander", "3", "6", "Bream", "0.5", "1",
            ])
        #expect(probe.texts("subtitle") == ["weight (kg)"])
        #expect(probe.texts("note").isEmpty)
    }

    @Test(
        "Given a table longer than the canvas, when rendered, then the rows that fit are drawn and a note counts the rest"
    )
    func longTable() throws {
        let categories = (1...30).map { "Day \($0)" }
        let spec = chart(
            .table, categories: categories, series: [ChartSeries(name: "n", values: categories.map { _ in 1 })])
        let (_, probe) = try render(spec)
        let shown = probe.texts("cell").count / 2
        #expect(shown > 3 && shown < 30)
        #expect(probe.texts("note") == ["+\(30 - shown) more rows"])
    }

    @Test(
        "Given empty or valueless data, when rendered as any kind, then the chart says No data and draws no marks",
        arguments: ChartKind.allCases)
    func noData(_ kind: ChartKind) throws {
        let specs = [
            chart(kind, categories: [], series: []),
            chart(kind, series: []),
            chart(kind, series: [ChartSeries(name: "n", values: [nil, nil, nil, nil, nil])]),
            chart(kind, series: [ChartSeries(name: "n", values: [.nan, .infinity, nil])]),
            ChartSpec.make(
                from: ReportTable(columns: ["species", "n"], rows: []), kind: kind, title: "Weight by species",
                valueLabel: "n", unit: nil, keyColumns: 1),
        ]
        for spec in specs {
            let (svg, probe) = try render(spec)
            #expect(probe.texts("empty") == ["No data"])
            #expect(probe.texts("title") == ["Weight by species"])
            #expect(probe.elements("rect", className: "bar").isEmpty)
            #expect(probe.elements("path").isEmpty && probe.elements("circle").isEmpty)
            #expect(!svg.lowercased().contains("nan") && !svg.lowercased().contains("inf"))
        }
    }

    @Test("Given a pie of only zero and negative values, when rendered, then it says No data")
    func pieWithoutPositiveValues() throws {
        let (_, probe) = try render(
            chart(.pie, categories: ["a", "b"], series: [ChartSeries(name: "n", values: [0, -2])]))
        #expect(probe.texts("empty") == ["No data"])
    }

    @Test(
        "Given hostile text everywhere, when rendered as any kind, then it is escaped and reads back unchanged",
        arguments: ChartKind.allCases)
    func escaping(_ kind: ChartKind) throws {
        let hostile = #"<script>&"'"#
        let spec = ChartSpec(
            kind: kind, title: "T " + hostile, categoryLabel: "c" + hostile, valueLabel: "v" + hostile,
            unit: "u" + hostile, categories: [hostile, "b"],
            series: [ChartSeries(name: "s" + hostile, values: [1, 2]), ChartSeries(name: "z", values: [2, 1])])
        let (svg, probe) = try render(spec)
        #expect(!svg.contains("<script"))
        #expect(svg.contains("&lt;script&gt;&amp;&quot;&apos;"))
        let allText = probe.elements.filter { $0.name == "text" || $0.name == "title" }.map(\.text)
        #expect(allText.contains("T " + hostile))
        #expect(allText.contains { $0.contains(hostile) && $0 != "T " + hostile })
    }

    @Test("Given control characters and noncharacters in labels, when rendered, then the SVG stays well-formed")
    func controlCharacters() throws {
        let spec = chart(
            .bar, categories: ["a\u{0}b", "c\u{1B}[31m", "line\nbreak", "\u{FFFE}x"],
            series: [ChartSeries(name: "n", values: [1, 2, 3, 4])], title: "Tab\there")
        let (_, probe) = try render(spec)
        #expect(probe.texts("category").contains("line break"))
        #expect(probe.texts("title") == ["Tab here"])
    }

    @Test(
        "Given extreme and non-finite values, when rendered as any kind, then the SVG never contains nan or inf",
        arguments: ChartKind.allCases)
    func neverNaN(_ kind: ChartKind) throws {
        let cases: [[Double?]] = [
            [.nan, .infinity, -.infinity, 1, nil],
            [.greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1, 2, 3],
            [.leastNonzeroMagnitude, 0, -.leastNonzeroMagnitude, nil, nil],
            [1e-300, 2e-300, 0, 0, 0],
            [0, 0, 0, 0, 0],
            [7, 7, 7, 7, 7],
            [-1e15, 3e14, 1, 2, -3],
        ]
        for values in cases {
            let (svg, probe) = try render(chart(kind, series: [ChartSeries(name: "n", values: values)]))
            let lowered = svg.lowercased()
            #expect(!lowered.contains("nan") && !lowered.contains("inf"), "\(values)")
            for element in probe.elements {
                for (name, value) in element.attributes
                where ["x", "y", "width", "height", "cx", "cy", "r"].contains(name) {
                    #expect(Double(value)?.isFinite == true, "\(name)=\(value)")
                }
            }
        }
    }

    @Test(
        "Given very small or odd canvas sizes, when rendered, then the canvas is at least the minimum and stays well-formed"
    )
    func canvasSizes() throws {
        for (width, height) in [(0, 0), (-5, 10_000), (280, 180), (1_024, 768)] {
            for kind in ChartKind.allCases {
                let (_, probe) = try render(chart(kind), width: width, height: height)
                let root = try #require(probe.elements("svg").first)
                #expect(Int(root.attributes["width"] ?? "") == max(width, SVGChartRenderer.minimumWidth))
                #expect(Int(root.attributes["height"] ?? "") == max(height, SVGChartRenderer.minimumHeight))
            }
        }
    }

    @Test("Given a title too long for one line, when rendered, then it breaks after a word into two lines")
    func longTitle() throws {
        let title = "Average weight of every pike caught on the northern lakes in the spawning season"
        let (_, probe) = try render(chart(.bar, title: title))
        let lines = probe.texts("title")
        #expect(lines.count == 2)
        #expect(title.hasPrefix(lines[0] + " "))
        #expect(lines.allSatisfy { TextMetrics.width($0, size: ChartTheme.titleSize, bold: true) <= 344 })
        #expect(probe.elements("title").first?.text == title)
    }

    /// The clockwise sweep of a wedge path "M cx cy L x0 y0 A r r 0 large 1 x1 y1 Z", in degrees,
    /// checked against its large-arc flag.
    func sweepDegrees(_ data: String) throws -> Double {
        let n = pathNumbers(data)
        try #require(n.count == 11)
        let start = atan2(n[3] - n[1], n[2] - n[0])
        let end = atan2(n[10] - n[1], n[9] - n[0])
        var sweep = (end - start) * 180 / .pi
        if sweep <= 0 { sweep += 360 }
        #expect((n[7] == 1) == (sweep > 180))
        return sweep
    }
}
