import Foundation
import Testing

@testable import ReportOutput

@Suite("Chart layout: ticks, category labels and number text (T18)")
struct ChartLayoutTests {
    @Test(
        "Given value sets, when scaled, then ticks are whole 1-2-5 steps from at most 0 up to at least the largest value",
        arguments: [
            [3.0, 31], [0.2, 0.7], [-5, 5], [-4, 2], [12_000, 25_000], [0, 0], [7, 7], [-0.03, -0.01], [1e300, -1e300],
        ])
    func niceTicks(_ values: [Double]) {
        let scale = ValueScale(values: values, targetTicks: 5)
        let ticks = scale.ticks
        #expect(scale.lower <= min(values.min()!, 0) && scale.upper >= max(values.max()!, 0))
        #expect(ticks.contains(0))
        #expect(ticks.first == scale.lower && abs(ticks.last! - scale.upper) <= scale.step * 1e-9)
        #expect(ticks.count >= 2 && ticks.count <= 12)
        let exponent = (log10(scale.step)).rounded(.down)
        let mantissa = scale.step / pow(10, exponent)
        #expect([1.0, 2, 5].contains { abs($0 - mantissa) < 1e-9 }, "step \(scale.step)")
    }

    @Test(
        "Given scales, when their ticks are labelled, then labels have just the decimals the step needs and large ones are shortened"
    )
    func tickLabels() {
        let small = ValueScale(values: [0.7], targetTicks: 4)
        #expect(small.ticks.map(small.label) == ["0", "0.2", "0.4", "0.6", "0.8"])
        let large = ValueScale(values: [25_000], targetTicks: 3)
        #expect(large.ticks.map(large.label) == ["0", "10k", "20k", "30k"])
        let mixed = ValueScale(values: [-4, 2], targetTicks: 6)
        #expect(mixed.ticks.map(mixed.label) == ["-4", "-3", "-2", "-1", "0", "1", "2"])
        let millions = ValueScale(values: [2_500_000], targetTicks: 5)
        #expect(millions.ticks.map(millions.label) == ["0", "0.5M", "1M", "1.5M", "2M", "2.5M"])
    }

    @Test("Given a few short labels at phone width, when laid out, then all are horizontal and in full")
    func horizontalLabels() {
        let axis = CategoryAxis(categories: ["Pike", "Perch", "Roach", "Zander", "Bream"], slotWidth: 60)
        #expect(axis.orientation == .horizontal && axis.stride == 1)
        #expect(axis.labels == ["Pike", "Perch", "Roach", "Zander", "Bream"])
    }

    @Test("Given twelve month labels at phone width, when rendered, then they are rotated −45° and all shown")
    func rotatedLabels() throws {
        let months = [
            "Jan 2024", "Feb 2024", "Mar 2024", "Apr 2024", "May 2024", "Jun 2024",
            "Jul 2024", "Aug 2024", "Sep 2024", "Oct 2024", "Nov 2024", "Dec 2024",
        ]
        let spec = ChartSpec(
            kind: .bar, title: "Catches", categoryLabel: "month", valueLabel: "catches", unit: nil,
            categories: months, series: [ChartSeries(name: "n", values: months.map { _ in 2 })])
        let probe = try SVGProbe(SVGChartRenderer.render(spec))
        let labels = probe.elements("text", className: "category")
        #expect(labels.map(\.text) == months)
        #expect(labels.allSatisfy { $0.attributes["transform"]?.hasPrefix("rotate(-45 ") == true })
    }

    @Test(
        "Given ninety daily labels, when rendered, then only every stride-th label from the first is shown, as documented"
    )
    func thinnedLabels() throws {
        let days = (1...90).map { "2024-05-\($0)" }
        let spec = ChartSpec(
            kind: .line, title: "Catches", categoryLabel: "date", valueLabel: "catches", unit: nil,
            categories: days, series: [ChartSeries(name: "n", values: days.map { _ in 1 })])
        let probe = try SVGProbe(SVGChartRenderer.render(spec))
        let indices = probe.texts("category").compactMap { days.firstIndex(of: $0) }
        let gaps = Set(zip(indices.dropFirst(), indices).map { $0 - $1 })
        let stride = try #require(gaps.first)
        #expect(gaps.count == 1 && stride > 1)
        #expect(indices.first == 0)
        #expect(indices.count == (days.count + stride - 1) / stride)
    }

    @Test(
        "Given many kinds of category sets, when laid out, then shown neighbours never overlap",
        arguments: [4, 12, 31, 90, 365])
    func labelsNeverOverlap(_ count: Int) {
        for text in ["7", "Jan", "2024-05-01", "Lake Baikal, north shore near Severobaikalsk"] {
            let categories = (0..<count).map { "\(text) \($0)" }
            for slot in [300.0 / Double(count), 1_000.0 / Double(count)] {
                let axis = CategoryAxis(categories: categories, slotWidth: slot)
                let distance = slot * Double(axis.stride)
                let widest = axis.shownIndices.map { TextMetrics.width(axis.labels[$0], size: CategoryAxis.fontSize) }
                    .max()!
                switch axis.orientation {
                case .horizontal: #expect(widest + CategoryAxis.horizontalGap <= distance + 1e-9)
                case .rotated: #expect(distance * 0.5.squareRoot() >= CategoryAxis.rotatedSpacing - 1e-9)
                }
                #expect(axis.shownIndices.first == 0)
            }
        }
    }

    @Test(
        "Given numbers, when written as plain text, then there is no trailing .0, no exponent for ordinary sizes and no nan"
    )
    func plainNumbers() {
        #expect(NumberText.plain(2) == "2")
        #expect(NumberText.plain(-2.5) == "-2.5")
        #expect(NumberText.plain(0.1 + 0.2) == "0.30000000000000004")
        #expect(NumberText.plain(0.00001) == "0.00001")
        #expect(NumberText.plain(1.5e-7) == "0.00000015")
        #expect(NumberText.plain(1e20) == "100000000000000000000")
        #expect(NumberText.plain(1.2345678901234568e17) == "123456789012345680")
        #expect(NumberText.plain(1e21) == "1e21")
        #expect(NumberText.plain(-2.5e-12) == "-2.5e-12")
        #expect(NumberText.plain(-0.0) == "0")
        #expect(NumberText.plain(.nan) == nil && NumberText.plain(-.infinity) == nil)
    }

    @Test("Given numbers, when written for display or as coordinates, then they are rounded without trailing zeros")
    func roundedNumbers() {
        #expect(NumberText.display(2.3456) == "2.346")
        #expect(NumberText.display(0.1 + 0.2) == "0.3")
        #expect(NumberText.display(12) == "12")
        #expect(NumberText.display(0.0002) == "0.0002")
        #expect(NumberText.display(.infinity) == nil)
        #expect(NumberText.coordinate(12.3456) == "12.35")
        #expect(NumberText.coordinate(-0.001) == "0")
        #expect(NumberText.coordinate(3.10) == "3.1")
        #expect(NumberText.coordinate(.nan) == "0")
        #expect(NumberText.fixed(-1.005, decimals: 1) == "-1.0")
    }

    @Test("Given long text, when truncated to a width, then it ends in an ellipsis and fits")
    func truncation() {
        let text = "Lake Baikal, north shore near Severobaikalsk"
        let short = TextMetrics.truncated(text, toWidth: 80, size: 11)
        #expect(short.hasSuffix("…") && short.count < text.count)
        #expect(TextMetrics.width(short, size: 11) <= 80)
        #expect(TextMetrics.truncated("Pike", toWidth: 80, size: 11) == "Pike")
        #expect(TextMetrics.truncated("Pike", toWidth: 2, size: 11) == "")
    }
}
