// A stand-in for Apple's Swift Charts, written from Apple's public documentation, for the
// app's views to type-check on Linux and show in wireframes (issue 14 §3–4).
import SwiftUI

/// What a chart draws (Apple: `ChartContent`). The framework's marks (`Body == Never`) are listed
/// by the wireframe; content of the app is made of marks through its `body`.
@MainActor @preconcurrency public protocol ChartContent {
    associatedtype Body: ChartContent
    @ChartContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Nothing: the body of the framework's marks.
extension Never: ChartContent {}

/// A value a mark can stand on (Apple: `Plottable`). The stand-in's one requirement is the
/// wireframe's text of the value (not Apple API).
public protocol Plottable {
    var _wireframeText: String { get }
}

extension String: Plottable { public var _wireframeText: String { self } }
extension Int: Plottable { public var _wireframeText: String { String(self) } }
extension Double: Plottable { public var _wireframeText: String { String(format: "%g", self) } }
extension Date: Plottable { public var _wireframeText: String { ISO8601DateFormatter().string(from: self) } }

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
        self.x = x.value._wireframeText
        self.y = y.value._wireframeText
    }
    /// The mark as the wireframes draw it: its shape, its x label and its y value.
    func node(_ shape: String) -> WireframeNode {
        WireframeNode("mark", text: "\(x): \(y)", attributes: ["shape": shape, "x": x, "y": y])
    }
}

/// A bar (Apple: `BarMark`).
nonisolated public struct BarMark: ChartContent, _WireframeItem {
    public typealias Body = Never
    /// A mark has no body (Apple's is hidden from callers): the wireframe lists it.
    public var body: Never { fatalError("BarMark is a primitive mark and has no body") }
    let point: XYPoint
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) { point = XYPoint(x, y) }
    public var _wireframeItem: WireframeNode { point.node("bar") }
}

/// A point of a line (Apple: `LineMark`).
nonisolated public struct LineMark: ChartContent, _WireframeItem {
    public typealias Body = Never
    /// A mark has no body (Apple's is hidden from callers): the wireframe lists it.
    public var body: Never { fatalError("LineMark is a primitive mark and has no body") }
    let point: XYPoint
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) { point = XYPoint(x, y) }
    public var _wireframeItem: WireframeNode { point.node("line") }
}

/// A slice of a pie (Apple: `SectorMark`).
nonisolated public struct SectorMark: ChartContent, _WireframeItem {
    public typealias Body = Never
    /// A mark has no body (Apple's is hidden from callers): the wireframe lists it.
    public var body: Never { fatalError("SectorMark is a primitive mark and has no body") }
    let angle: String
    public init<V: Plottable>(angle: PlottableValue<V>) { self.angle = angle.value._wireframeText }
    public var _wireframeItem: WireframeNode {
        WireframeNode("mark", text: angle, attributes: ["shape": "sector", "y": angle])
    }
}

/// A mark coloured by a series: each value its own colour, named in the legend (what Apple's
/// `ChartContent.foregroundStyle(by:)` makes, behind `some ChartContent`; not Apple API).
nonisolated struct SeriesStyledContent<Content: ChartContent>: ChartContent, _WireframeItem {
    typealias Body = Never
    var body: Never { fatalError("SeriesStyledContent is primitive chart content and has no body") }
    let content: Content
    let series: String
    var _wireframeItem: WireframeNode {
        var node = _WireframeItems.items(in: content).first ?? WireframeNode("mark")
        node.attributes["series"] = series
        return node
    }
}

extension ChartContent {
    nonisolated public func foregroundStyle<D: Plottable>(by value: PlottableValue<D>) -> some ChartContent {
        SeriesStyledContent(content: self, series: value.value._wireframeText)
    }
}

/// Marks in a row, as a builder made them (not Apple API: Apple's builder returns an opaque type).
nonisolated struct TupleChartContent<T>: ChartContent {
    typealias Body = Never
    var body: Never { fatalError("TupleChartContent is primitive chart content and has no body") }
    let value: T
}

/// Builds chart content (Apple: `ChartContentBuilder`).
@resultBuilder public struct ChartContentBuilder {
    public static func buildExpression<C: ChartContent>(_ content: C) -> C { content }
    public static func buildBlock<C: ChartContent>(_ content: C) -> C { content }
    public static func buildEither<T: ChartContent, F: ChartContent>(first: T) -> BuilderConditional<T, F> {
        BuilderConditional(content: first)
    }
    public static func buildEither<T: ChartContent, F: ChartContent>(second: F) -> BuilderConditional<T, F> {
        BuilderConditional(content: second)
    }
    public static func buildBlock<each C: ChartContent>(_ content: repeat each C) -> some ChartContent {
        TupleChartContent(value: (repeat each content))
    }
}

extension ForEach: ChartContent where Content: ChartContent {
    /// A ForEach of marks has no body (Apple's is hidden from callers): the wireframe lists its marks.
    public var body: Never { fatalError("ForEach is primitive chart content and has no body") }
}

extension ForEach where Content: ChartContent {
    public init(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ChartContentBuilder content: @escaping (Data.Element) -> Content
    ) {
        self = ._wireframeEach(data, content: content)
    }
}

extension ForEach where ID == Data.Element.ID, Content: ChartContent, Data.Element: Identifiable {
    public init(_ data: Data, @ChartContentBuilder content: @escaping (Data.Element) -> Content) {
        self = ._wireframeEach(data, content: content)
    }
}

/// One of two chart contents, as an `if` or `switch` chose (Apple: `BuilderConditional`).
@frozen nonisolated public struct BuilderConditional<TrueContent: ChartContent, FalseContent: ChartContent> {
    let content: Any
}

extension BuilderConditional: ChartContent {
    public typealias Body = Never
    /// Chosen content has no body of its own (Apple's is hidden from callers): the wireframe lists
    /// the marks inside.
    public var body: Never { fatalError("BuilderConditional is primitive chart content and has no body") }
}

/// A chart (Apple: `Chart`): the wireframe lists its marks.
@MainActor @preconcurrency public struct Chart<Content: ChartContent>: View, _WireframePrimitive {
    /// Made by the nonisolated initialiser, as Apple's; read by the wireframe on the main thread.
    nonisolated(unsafe) let content: Content
    nonisolated public init(@ChartContentBuilder content: () -> Content) { self.content = content() }

    /// Apple's Chart has a body (an opaque view); the wireframe draws the chart itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }

    nonisolated public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [WireframeNode("chart", children: _WireframeItems.items(in: content))]
    }
}
