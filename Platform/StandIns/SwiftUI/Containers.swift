import Foundation

/// Where children line up across a stack (Apple: `HorizontalAlignment`, `VerticalAlignment`,
/// `Alignment`).
public struct HorizontalAlignment: Equatable, Sendable {
    let name: String
    public static let leading = HorizontalAlignment(name: "leading")
    public static let center = HorizontalAlignment(name: "center")
    public static let trailing = HorizontalAlignment(name: "trailing")
}

public struct VerticalAlignment: Equatable, Sendable {
    let name: String
    public static let top = VerticalAlignment(name: "top")
    public static let center = VerticalAlignment(name: "center")
    public static let bottom = VerticalAlignment(name: "bottom")
    public static let firstTextBaseline = VerticalAlignment(name: "baseline")
}

public struct Alignment: Equatable, Sendable {
    let name: String
    public static let center = Alignment(name: "center")
    public static let leading = Alignment(name: "leading")
    public static let trailing = Alignment(name: "trailing")
    public static let top = Alignment(name: "top")
    public static let bottom = Alignment(name: "bottom")
    public static let topLeading = Alignment(name: "topLeading")
    public static let topTrailing = Alignment(name: "topTrailing")
    public static let bottomTrailing = Alignment(name: "bottomTrailing")
}

/// Children one above the other (Apple: `VStack`).
nonisolated public struct VStack<Content: View>: View, _WireframePrimitive {
    public typealias Body = Never
    let alignment: HorizontalAlignment
    let content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)
    {
        self.alignment = alignment
        self.content = content()
    }
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [context.node("stack", attributes: ["axis": "vertical", "align": alignment.name], of: content)]
    }
}

/// Children side by side (Apple: `HStack`).
nonisolated public struct HStack<Content: View>: View, _WireframePrimitive {
    public typealias Body = Never
    let alignment: VerticalAlignment
    let content: Content
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [context.node("stack", attributes: ["axis": "horizontal", "align": alignment.name], of: content)]
    }
}

/// Rows of cells whose columns line up (Apple: `Grid`).
nonisolated public struct Grid<Content: View>: View, _WireframePrimitive {
    public typealias Body = Never
    let content: Content
    public init(
        alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) {
        self.content = content()
    }
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        let rows = context.evaluate(content)
        let columns = rows.map { $0.kind == "gridrow" ? $0.children.count : 1 }.max() ?? 1
        return [WireframeNode("table", attributes: ["columns": "\(columns)"], children: rows)]
    }
}

/// One row of a grid, a cell per child (Apple: `GridRow`).
nonisolated public struct GridRow<Content: View>: View, _WireframePrimitive {
    public typealias Body = Never
    let content: Content
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) { self.content = content() }
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] { [context.node("gridrow", of: content)] }
}

/// Children on top of each other (Apple: `ZStack`).
nonisolated public struct ZStack<Content: View>: View, _WireframePrimitive {
    public typealias Body = Never
    let content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { self.content = content() }
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [context.node("stack", attributes: ["axis": "depth"], of: content)]
    }
}

/// Room that stretches (Apple: `Spacer`).
nonisolated public struct Spacer: View, _WireframePrimitive {
    public typealias Body = Never
    public var minLength: CGFloat?
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] { [WireframeNode("spacer")] }
}

/// A line between items (Apple: `Divider`).
nonisolated public struct Divider: View, _WireframePrimitive {
    public typealias Body = Never
    public init() {}
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] { [WireframeNode("divider")] }
}

/// Views that share modifiers without a layout of their own (Apple: `Group`).
nonisolated public struct Group<Content: View>: View, _WireframePrimitive {
    public typealias Body = Never
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] { context.evaluate(content) }
}

/// A scrolling area (Apple: `ScrollView`).
nonisolated public struct ScrollView<Content: View>: View, _WireframePrimitive {
    /// Apple's ScrollView has a body (an opaque view); the wireframe draws the ScrollView itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let content: Content
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [context.node("scroll", of: content)]
    }
}

extension Axis {
    /// A set of axes (Apple: `Axis.Set`).
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// Rows of a list (Apple: `List`).
nonisolated public struct List<SelectionValue: Hashable, Content: View>: View, _WireframePrimitive {
    /// Apple's List has a body (an opaque view); the wireframe draws the List itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let content: Content
    let selection: String?

    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        var list = context.node("list", attributes: selection.map { ["selection": $0] } ?? [:], of: content)
        if let selection { list.markLinks(to: selection) }
        return [list]
    }
}

extension WireframeNode {
    /// Marks the rows that link to a list's selection, as the list highlights them.
    fileprivate mutating func markLinks(to value: String) {
        if kind == "link" && attributes["value"] == value { attributes["selected"] = "true" }
        for index in children.indices { children[index].markLinks(to: value) }
    }
}

extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
        selection = nil
    }

    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init { ForEach(data, content: rowContent) }
    }
}

extension List {
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.selection = selection.flatMap { $0.wrappedValue.map { "\($0)" } }
    }
}

/// A view per element of a collection (Apple: `ForEach`).
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    /// A ForEach is primitive content of whichever kind its rows are (views, marks, pins).
    public typealias Body = Never
    public var data: Data
    public var content: (Data.Element) -> Content

    init(data: Data, content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension ForEach {
    /// For the other stand-in modules' `ForEach` initialisers (Charts, MapKit). Not Apple API: the
    /// app's sources never name it.
    public static func _wireframeEach(_ data: Data, content: @escaping (Data.Element) -> Content) -> ForEach {
        ForEach(data: data, content: content)
    }
}

extension ForEach: View where Content: View {}

extension ForEach: _WireframePrimitive where Content: View {
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        data.flatMap { context.evaluate(content($0)) }
    }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension ForEach where Content: View {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)
    {
        self.data = data
        self.content = content
    }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.content = content
    }
}

/// A titled part of a list or form (Apple: `Section`).
nonisolated public struct Section<Parent: View, Content: View, Footer: View>: View, _WireframePrimitive {
    public typealias Body = Never
    let header: Parent
    let content: Content
    let footer: Footer

    public init(
        @ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer
    ) {
        self.content = content()
        self.header = header()
        self.footer = footer()
    }

    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [
            WireframeNode(
                "section",
                children: [WireframeNode("header", children: context.evaluate(header))] + context.evaluate(content)
                    + context.evaluate(footer))
        ]
    }
}

extension Section where Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(titleKey) }, footer: { EmptyView() })
    }
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content, header: { Text(title) }, footer: { EmptyView() })
    }
}

/// Controls grouped for data entry (Apple: `Form`).
nonisolated public struct Form<Content: View>: View, _WireframePrimitive {
    /// Apple's Form has a body (an opaque view); the wireframe draws the Form itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [context.node("form", of: content)]
    }
}
