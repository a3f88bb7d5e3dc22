/// The content of a tab view (Apple: `TabContent`, iOS 18).
@MainActor @preconcurrency public protocol TabContent<TabValue> {
    associatedtype TabValue: Hashable
}

/// A tab: its title, symbol, value and screen (Apple: `Tab`, iOS 18).
nonisolated public struct Tab<Value: Hashable, Content: View, Label>: TabContent {
    public typealias TabValue = Value
    let title: String
    let systemImage: String
    let value: Value
    let content: Content

    public init<S: StringProtocol>(
        _ title: S, systemImage: String, value: Value, @ViewBuilder content: () -> Content
    ) where Label == DefaultTabLabel {
        self.title = String(title)
        self.systemImage = systemImage
        self.value = value
        self.content = content()
    }
}

/// The label a tab makes from its title and symbol (Apple: `DefaultTabLabel`).
nonisolated public struct DefaultTabLabel: View {
    public typealias Body = Never
}

/// Tabs in a row, as a builder made them.
nonisolated public struct TupleTabContent<TabValue: Hashable, T>: TabContent {
    let value: T
}

/// Builds tab content (Apple: `TabContentBuilder`, iOS 18).
@resultBuilder public struct TabContentBuilder<TabValue: Hashable> {
    public static func buildExpression<C: TabContent>(_ content: C) -> C where C.TabValue == TabValue { content }
    public static func buildBlock<C: TabContent>(_ content: C) -> C where C.TabValue == TabValue { content }
    public static func buildBlock<each C: TabContent>(_ content: repeat each C) -> TupleTabContent<
        TabValue, (repeat each C)
    > {
        TupleTabContent(value: (repeat each content))
    }
}

/// Tabs, as a bar on iPhone or a sidebar on iPad (Apple: `TabView`).
nonisolated public struct TabView<SelectionValue: Hashable, Content: View>: View, _WireframePrimitive {
    public typealias Body = Never
    let selection: SelectionValue
    let tabs: Any

    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        var items: [WireframeNode] = []
        var shown: [WireframeNode] = []
        for tab in Self.flatten(tabs) {
            var item = WireframeNode("tab", text: tab.title, attributes: ["symbol": tab.systemImage])
            if tab.value == AnyHashable(selection) {
                item.attributes["selected"] = "true"
                shown = context.evaluate(tab.content)
            }
            items.append(item)
        }
        let width = context.environment.horizontalSizeClass == .regular ? "regular" : "compact"
        return [
            WireframeNode(
                "tabs", attributes: ["sizeClass": width], children: [WireframeNode("tabBar", children: items)] + shown)
        ]
    }

    /// Every `Tab` inside the builder's tuples, in order.
    static func flatten(_ content: Any) -> [(title: String, systemImage: String, value: AnyHashable, content: any View)]
    {
        if let tab = content as? any AnyTab { return [tab.erased] }
        return Mirror(reflecting: content).children.flatMap { flatten($0.value) }
    }
}

extension TabView {
    public init<C: TabContent>(
        selection: Binding<SelectionValue>, @TabContentBuilder<SelectionValue> content: () -> C
    ) where Content == EmptyView {
        self.selection = selection.wrappedValue
        tabs = content()
    }
}

/// A tab with its parts erased, for the wireframe.
protocol AnyTab {
    var erased: (title: String, systemImage: String, value: AnyHashable, content: any View) { get }
}

extension Tab: AnyTab {
    var erased: (title: String, systemImage: String, value: AnyHashable, content: any View) {
        (title, systemImage, AnyHashable(value), content)
    }
}

/// How a tab view shows its tabs (Apple: `TabViewStyle`).
@MainActor @preconcurrency public protocol TabViewStyle {}

/// A tab bar on iPhone that becomes a sidebar on iPad (Apple: `SidebarAdaptableTabViewStyle`).
nonisolated public struct SidebarAdaptableTabViewStyle: TabViewStyle {
    public init() {}
}

extension TabViewStyle where Self == SidebarAdaptableTabViewStyle {
    public static var sidebarAdaptable: SidebarAdaptableTabViewStyle { SidebarAdaptableTabViewStyle() }
}

extension View {
    nonisolated public func tabViewStyle<S: TabViewStyle>(_ style: S) -> some View {
        attribute("tabStyle", "\(S.self)")
    }
}
