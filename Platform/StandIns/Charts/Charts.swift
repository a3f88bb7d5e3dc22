// A stand-in for Apple's Swift Charts, written from Apple's public documentation, for the
// app's views to type-check on Linux and show in wireframes (issue 14 §3–4).
import SwiftUI

/// What a chart draws (Apple: `ChartContent`).
@MainActor @preconcurrency public protocol ChartContent {}

/// A value a mark can stand on (Apple: `Plottable`).
public protocol Plottable {
    var wireframeText: String { get }
}

extension String: Plottable { public var wireframeText: String { self } }
extension Int: Plottable { public var wireframeText: String { String(self) } }
extension Double: Plottable { public var wireframeText: String { String(format: "%g", self) } }
extension Date: Plottable { public var wireframeText: String { ISO8601DateFormatter().string(from: self) } }

/// A labelled value of a mark (Apple: `PlottableValue`).
public struct PlottableValue<Value: Plottable> {
    let label: String
    let value: Value
    public static func value<S: StringProtocol>(_ label: S, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: String(label), value: value)
    }
}

/// A mark at an x and a y, as the wireframe lists it.
struct XYPoint {
    let x: String
    let y: String
    init<X: Plottable, Y: Plottable>(_ x: PlottableValue<X>, _ y: PlottableValue<Y>) {
        self.x = x.value.wireframeText
        self.y = y.value.wireframeText
    }
    /// The mark as the wireframes draw it: its shape, its x label and its y value.
    func node(_ shape: String) -> WireframeNode {
        WireframeNode("mark", text: "\(x): \(y)", attributes: ["shape": shape, "x": x, "y": y])
    }
}

/// A bar (Apple: `BarMark`).
nonisolated public struct BarMark: ChartContent, _WireframeItem {
    let point: XYPoint
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) { point = XYPoint(x, y) }
    public var _wireframeItem: WireframeNode { point.node("bar") }
}

/// A point of a line (Apple: `LineMark`).
nonisolated public struct LineMark: ChartContent, _WireframeItem {
    let point: XYPoint
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) { point = XYPoint(x, y) }
    public var _wireframeItem: WireframeNode { point.node("line") }
}

/// A slice of a pie (Apple: `SectorMark`).
nonisolated public struct SectorMark: ChartContent, _WireframeItem {
    let angle: String
    public init<V: Plottable>(angle: PlottableValue<V>) { self.angle = angle.value.wireframeText }
    public var _wireframeItem: WireframeNode {
        WireframeNode("mark", text: angle, attributes: ["shape": "sector", "y": angle])
    }
}

/// A mark coloured by a series: each value its own colour, named in the legend (Apple:
/// `ChartContent.foregroundStyle(by:)`).
nonisolated public struct SeriesStyledContent<Content: ChartContent>: ChartContent, _WireframeItem {
    let content: Content
    let series: String
    public var _wireframeItem: WireframeNode {
        var node = _WireframeItems.items(in: content).first ?? WireframeNode("mark")
        node.attributes["series"] = series
        return node
    }
}

extension ChartContent {
    nonisolated public func foregroundStyle<D: Plottable>(by value: PlottableValue<D>) -> some ChartContent {
        SeriesStyledContent(content: self, series: value.value.wireframeText)
    }
}

/// Marks in a row, as a builder made them.
nonisolated public struct TupleChartContent<T>: ChartContent {
    let value: T
}

/// Builds chart content (Apple: `ChartContentBuilder`).
@resultBuilder public struct ChartContentBuilder {
    public static func buildExpression<C: ChartContent>(_ content: C) -> C { content }
    public static func buildBlock<C: ChartContent>(_ content: C) -> C { content }
    public static func buildEither<T: ChartContent, F: ChartContent>(first: T) -> _ConditionalChartContent<T, F> {
        _ConditionalChartContent(content: first)
    }
    public static func buildEither<T: ChartContent, F: ChartContent>(second: F) -> _ConditionalChartContent<T, F> {
        _ConditionalChartContent(content: second)
    }
    public static func buildBlock<each C: ChartContent>(_ content: repeat each C) -> TupleChartContent<(repeat each C)>
    {
        TupleChartContent(value: (repeat each content))
    }
}

extension ForEach: ChartContent where Content: ChartContent {}

extension ForEach where Content: ChartContent {
    public init(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ChartContentBuilder content: @escaping (Data.Element) -> Content
    ) {
        self.init(data: data, content: content)
    }
}

extension ForEach where ID == Data.Element.ID, Content: ChartContent, Data.Element: Identifiable {
    public init(_ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data: data, content: content)
    }
}

/// One of two chart contents, as an `if` or `switch` chose.
nonisolated public struct _ConditionalChartContent<TrueContent: ChartContent, FalseContent: ChartContent>: ChartContent
{
    let content: Any
}

/// A chart (Apple: `Chart`): the wireframe lists its marks.
nonisolated public struct Chart<Content: ChartContent>: View, _WireframePrimitive {
    public typealias Body = Never
    let content: Content
    public init(@ChartContentBuilder content: () -> Content) { self.content = content() }

    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [WireframeNode("chart", children: _WireframeItems.items(in: content))]
    }
}
