/// The content of a tab view (Apple: `TabContent`, iOS 18). The framework's tabs are read by their
/// tab view; content of the app is made of tabs through its `body`, of the same selection type.
@MainActor @preconcurrency public protocol TabContent<TabValue> {
    associatedtype TabValue: Hashable where Self.TabValue == Self.Body.TabValue
    associatedtype Body: TabContent
    @TabContentBuilder<Self.TabValue> @MainActor @preconcurrency var body: Self.Body { get }
}

/// The framework's side of a tab: content no tab view reads (not Apple API).
nonisolated struct FrameworkTabContent<TabValue: Hashable>: TabContent {
    var body: FrameworkTabContent<TabValue> { return self }
}

/// A tab: its title, symbol, value and screen (Apple: `Tab`, iOS 18).
nonisolated public struct Tab<Value: Hashable, Content: View, Label>: TabContent {
    public typealias TabValue = Value
    /// Apple's Tab has a body (opaque tab content of SwiftUI's own); the tab view draws the tab
    /// itself and never reads it.
    public var body: some TabContent<Value> { FrameworkTabContent<Value>() }
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
    /// Apple's has a body (an opaque view); the wireframe draws a tab from its title and symbol,
    /// never through it.
    public var body: some View { EmptyView() }
}

/// Tabs in a row, as a builder made them (not Apple API: Apple's builder returns an opaque type).
nonisolated struct TupleTabContent<TabValue: Hashable, T>: TabContent {
    var body: TupleTabContent<TabValue, T> { return self }
    let value: T
}

/// Builds tab content (Apple: `TabContentBuilder`, iOS 18).
@resultBuilder public struct TabContentBuilder<TabValue: Hashable> {
    public static func buildExpression<C: TabContent>(_ content: C) -> C where C.TabValue == TabValue { content }
    public static func buildBlock(_ content: some TabContent<TabValue>) -> some TabContent<TabValue> { content }
    public static func buildBlock<C0, C1>(_ c0: C0, _ c1: C1) -> some TabContent<TabValue>
    where C0: TabContent, C1: TabContent, C0.TabValue == TabValue, C1.TabValue == TabValue {
        TupleTabContent<TabValue, (C0, C1)>(value: (c0, c1))
    }
    public static func buildBlock<C0, C1, C2>(_ c0: C0, _ c1: C1, _ c2: C2) -> some TabContent<TabValue>
    where
        C0: TabContent, C1: TabContent, C2: TabContent, C0.TabValue == TabValue, C1.TabValue == TabValue,
        C2.TabValue == TabValue
    {
        TupleTabContent<TabValue, (C0, C1, C2)>(value: (c0, c1, c2))
    }
    public static func buildBlock<C0, C1, C2, C3>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3) -> some TabContent<TabValue>
    where
        C0: TabContent, C1: TabContent, C2: TabContent, C3: TabContent, C0.TabValue == TabValue,
        C1.TabValue == TabValue, C2.TabValue == TabValue, C3.TabValue == TabValue
    {
        TupleTabContent<TabValue, (C0, C1, C2, C3)>(value: (c0, c1, c2, c3))
    }
    public static func buildBlock<C0, C1, C2, C3, C4>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4)
        -> some TabContent<TabValue>
    where
        C0: TabContent, C1: TabContent, C2: TabContent, C3: TabContent, C4: TabContent, C0.TabValue == TabValue,
        C1.TabValue == TabValue, C2.TabValue == TabValue, C3.TabValue == TabValue, C4.TabValue == TabValue
    {
        TupleTabContent<TabValue, (C0, C1, C2, C3, C4)>(value: (c0, c1, c2, c3, c4))
    }
    public static func buildBlock<C0, C1, C2, C3, C4, C5>(_ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5)
        -> some TabContent<TabValue>
    where
        C0: TabContent, C1: TabContent, C2: TabContent, C3: TabContent, C4: TabContent, C5: TabContent,
        C0.TabValue == TabValue, C1.TabValue == TabValue, C2.TabValue == TabValue, C3.TabValue == TabValue,
        C4.TabValue == TabValue, C5.TabValue == TabValue
    {
        TupleTabContent<TabValue, (C0, C1, C2, C3, C4, C5)>(value: (c0, c1, c2, c3, c4, c5))
    }
    public static func buildBlock<C0, C1, C2, C3, C4, C5, C6>(
        _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6
    ) -> some TabContent<TabValue>
    where
        C0: TabContent, C1: TabContent, C2: TabContent, C3: TabContent, C4: TabContent, C5: TabContent, C6: TabContent,
        C0.TabValue == TabValue, C1.TabValue == TabValue, C2.TabValue == TabValue, C3.TabValue == TabValue,
        C4.TabValue == TabValue, C5.TabValue == TabValue, C6.TabValue == TabValue
    {
        TupleTabContent<TabValue, (C0, C1, C2, C3, C4, C5, C6)>(value: (c0, c1, c2, c3, c4, c5, c6))
    }
    public static func buildBlock<C0, C1, C2, C3, C4, C5, C6, C7>(
        _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7
    ) -> some TabContent<TabValue>
    where
        C0: TabContent, C1: TabContent, C2: TabContent, C3: TabContent, C4: TabContent, C5: TabContent, C6: TabContent,
        C7: TabContent, C0.TabValue == TabValue, C1.TabValue == TabValue, C2.TabValue == TabValue,
        C3.TabValue == TabValue, C4.TabValue == TabValue, C5.TabValue == TabValue, C6.TabValue == TabValue,
        C7.TabValue == TabValue
    {
        TupleTabContent<TabValue, (C0, C1, C2, C3, C4, C5, C6, C7)>(value: (c0, c1, c2, c3, c4, c5, c6, c7))
    }
    public static func buildBlock<C0, C1, C2, C3, C4, C5, C6, C7, C8>(
        _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7, _ c8: C8
    ) -> some TabContent<TabValue>
    where
        C0: TabContent, C1: TabContent, C2: TabContent, C3: TabContent, C4: TabContent, C5: TabContent, C6: TabContent,
        C7: TabContent, C8: TabContent, C0.TabValue == TabValue, C1.TabValue == TabValue, C2.TabValue == TabValue,
        C3.TabValue == TabValue, C4.TabValue == TabValue, C5.TabValue == TabValue, C6.TabValue == TabValue,
        C7.TabValue == TabValue, C8.TabValue == TabValue
    {
        TupleTabContent<TabValue, (C0, C1, C2, C3, C4, C5, C6, C7, C8)>(value: (c0, c1, c2, c3, c4, c5, c6, c7, c8))
    }
    public static func buildBlock<C0, C1, C2, C3, C4, C5, C6, C7, C8, C9>(
        _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3, _ c4: C4, _ c5: C5, _ c6: C6, _ c7: C7, _ c8: C8, _ c9: C9
    ) -> some TabContent<TabValue>
    where
        C0: TabContent, C1: TabContent, C2: TabContent, C3: TabContent, C4: TabContent, C5: TabContent, C6: TabContent,
        C7: TabContent, C8: TabContent, C9: TabContent, C0.TabValue == TabValue, C1.TabValue == TabValue,
        C2.TabValue == TabValue, C3.TabValue == TabValue, C4.TabValue == TabValue, C5.TabValue == TabValue,
        C6.TabValue == TabValue, C7.TabValue == TabValue, C8.TabValue == TabValue, C9.TabValue == TabValue
    {
        TupleTabContent<TabValue, (C0, C1, C2, C3, C4, C5, C6, C7, C8, C9)>(
            value: (c0, c1, c2, c3, c4, c5, c6, c7, c8, c9))
    }
}

extension TabContentBuilder {
    /// The view a builder-made tab view holds (Apple: `TabContentBuilder.Content`, iOS 18); never
    /// made on Linux: the tab view keeps its tabs and draws them.
    nonisolated public struct Content<C: TabContent>: View {
        /// Drawn by its tab view, never through this body.
        public var body: some View { EmptyView() }
    }
}

/// Tabs, as a bar on iPhone or a sidebar on iPad (Apple: `TabView`).
nonisolated public struct TabView<SelectionValue: Hashable, Content: View>: View, _WireframePrimitive {
    /// Apple's TabView has a body (an opaque view); the wireframe draws it itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let selection: SelectionValue
    let tabs: Any

    /// The tabs as the style draws them: a bar of the tabs shown in a tab bar (compact width, at
    /// the bottom; regular width, at the top), or — on a regular width whose default placement is
    /// the sidebar — a sidebar of those shown in a sidebar, grouped under their sections' titles.
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        let regular = context.environment.horizontalSizeClass == .regular
        let sidebar = regular && context.environment[DefaultAdaptableTabBarPlacementKey.self] == .sidebar
        let placement: AdaptableTabBarPlacement = sidebar ? .sidebar : .tabBar
        var items: [WireframeNode] = []
        var shown: [WireframeNode] = []
        for entry in TabEntry.entries(tabs) where !entry.hidden && !entry.hiddenIn.contains(placement) {
            var item = WireframeNode("tab", text: entry.title, attributes: ["symbol": entry.systemImage])
            if entry.value == AnyHashable(selection) {
                item.attributes["selected"] = "true"
                shown = context.evaluate(entry.content)
            }
            if sidebar, let section = entry.section {
                if items.last?.kind == "tabSection" && items.last?.text == section {
                    items[items.count - 1].children.append(item)
                } else {
                    items.append(WireframeNode("tabSection", text: section, children: [item]))
                }
            } else {
                items.append(item)
            }
        }
        return [
            WireframeNode(
                "tabs", attributes: ["sizeClass": sidebar ? "regular" : regular ? "regularTop" : "compact"],
                children: [WireframeNode("tabBar", children: items)] + shown)
        ]
    }
}

/// A tab as the tab view draws it: what it shows, the section it is in, and where the modifiers
/// around it hide it (not Apple API).
struct TabEntry {
    let title: String
    let systemImage: String
    let value: AnyHashable
    let content: any View
    var section: String?
    var hiddenIn: Set<AdaptableTabBarPlacement> = []
    var hidden = false

    /// Every `Tab` inside the builder's tuples, sections and modifiers, in order.
    static func entries(_ content: Any) -> [TabEntry] {
        if let tab = content as? any AnyTab { return [tab.entry] }
        if let section = content as? any AnyTabSection {
            return entries(section.tabs).map { entry in
                var entry = entry
                entry.section = entry.section ?? section.title
                return entry
            }
        }
        if let modified = content as? any AnyModifiedTabContent {
            return entries(modified.tabs).map { entry in
                var entry = entry
                entry.hiddenIn.formUnion(modified.hiddenIn)
                entry.hidden = entry.hidden || modified.hidden
                return entry
            }
        }
        return Mirror(reflecting: content).children.flatMap { entries($0.value) }
    }
}

extension TabView {
    public init<C: TabContent>(
        selection: Binding<SelectionValue>, @TabContentBuilder<SelectionValue> content: () -> C
    ) where Content == TabContentBuilder<SelectionValue>.Content<C> {
        self.selection = selection.wrappedValue
        tabs = content()
    }
}

/// A tab with its parts erased, for the wireframe.
protocol AnyTab {
    var entry: TabEntry { get }
}

extension Tab: AnyTab {
    var entry: TabEntry {
        TabEntry(title: title, systemImage: systemImage, value: AnyHashable(value), content: content)
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
