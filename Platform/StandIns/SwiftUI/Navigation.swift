/// A type-erased list of pushed values (Apple: `NavigationPath`): the stand-in keeps none of its
/// members but the empty initialiser.
public struct NavigationPath {
    public init() {}
}

/// A stack of screens with a bar (Apple: `NavigationStack`). The wireframe shows the top screen,
/// made by the `navigationDestination` registered for its value, with a back button.
nonisolated public struct NavigationStack<Data, Root: View>: View, _WireframePrimitive {
    /// Apple's NavigationStack has a body (an opaque view); the wireframe draws it itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let path: [AnyHashable]
    let root: Root

    public init(@ViewBuilder root: () -> Root) where Data == NavigationPath {
        path = []
        self.root = root()
    }

    public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
    where Data: MutableCollection & RandomAccessCollection & RangeReplaceableCollection, Data.Element: Hashable {
        self.path = path.wrappedValue.map { AnyHashable($0) }
        self.root = root()
    }

    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        let rootNodes = context.evaluate(root)
        guard let top = path.last else { return [Self.screen(rootNodes, back: false)] }
        guard let destination = context.destinations[ObjectIdentifier(type(of: top.base))] else {
            return [Self.screen([WireframeNode("text", text: "No destination for \(top.base)")], back: true)]
        }
        return [Self.screen(context.evaluate(destination(top.base)), back: true)]
    }

    /// A screen under its bar: the title and toolbar items found in it, a back button when pushed.
    static func screen(_ nodes: [WireframeNode], back: Bool) -> WireframeNode {
        let all = nodes.flatMap(\.ownNodes)
        let title = all.lazy.compactMap { $0.attributes["navigationTitle"] }.first
        let items = all.filter { $0.kind == "toolbarItem" }
        let bottom = items.filter { $0.attributes["placement"] == ToolbarItemPlacement.bottomBar.name }
        var bar = WireframeNode("bar", text: title, children: items.filter { !bottom.contains($0) })
        let backHidden = all.contains { $0.attributes["backButtonHidden"] == "true" }
        if back && !backHidden { bar.attributes["back"] = "true" }
        if let mode = all.lazy.compactMap({ $0.attributes["titleDisplayMode"] }).first {
            bar.attributes["titleDisplayMode"] = mode
        }
        let screen = WireframeNode("screen", children: nodes.map(\.withoutToolbar))
        return WireframeNode(
            "navigation",
            children: [bar, screen] + (bottom.isEmpty ? [] : [WireframeNode("bottomBar", children: bottom)]))
    }
}

extension WireframeNode {
    /// Kinds that hold screens of their own, with their own bars: a screen's title and toolbar
    /// items are never looked for inside them.
    static let ownBars: Set<String> = ["navigation", "sheet", "popover", "dialog", "alert"]

    /// This node and its descendants, depth first, short of what another bar owns.
    var ownNodes: [WireframeNode] {
        [self] + children.filter { !Self.ownBars.contains($0.kind) }.flatMap(\.ownNodes)
    }

    /// The node with its toolbar items taken out (the bar shows them), leaving those of the
    /// screens it presents or holds.
    var withoutToolbar: WireframeNode {
        var node = self
        node.children = children.filter { $0.kind != "toolbarItem" }.map {
            Self.ownBars.contains($0.kind) ? $0 : $0.withoutToolbar
        }
        return node
    }
}

/// A link that pushes a value's screen (Apple: `NavigationLink`).
nonisolated public struct NavigationLink<Label: View, Destination: View>: View, _WireframePrimitive {
    /// Apple's NavigationLink has a body (an opaque view); the wireframe draws it itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let label: Label
    let value: String?
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [context.node("link", attributes: value.map { ["value": $0] } ?? [:], of: label)]
    }
}

extension NavigationLink where Destination == Never {
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.value = value.map { "\($0)" }
    }
}

extension NavigationLink where Destination == Never, Label == Text {
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
        self.init(value: value) { Text(title) }
    }
}

extension View {
    /// Registers the screen a pushed value of type `D` shows.
    nonisolated public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View {
        ModifiedView(content: self) { context, content in
            context.destinations[ObjectIdentifier(data)] = { value in destination(value as! D) }
            return context.evaluate(content)
        }
    }

    nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        attribute("navigationTitle", String(title))
    }
}

/// How a split view's columns are shown (Apple: `NavigationSplitViewVisibility`).
public struct NavigationSplitViewVisibility: Equatable, Sendable {
    let name: String
    public static let automatic = NavigationSplitViewVisibility(name: "automatic")
    public static let all = NavigationSplitViewVisibility(name: "all")
    public static let doubleColumn = NavigationSplitViewVisibility(name: "doubleColumn")
    public static let detailOnly = NavigationSplitViewVisibility(name: "detailOnly")
}

/// Two or three columns side by side on a wide screen (Apple: `NavigationSplitView`).
nonisolated public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View, _WireframePrimitive {
    /// Apple's NavigationSplitView has a body (an opaque view); the wireframe draws it itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let sidebar: Sidebar
    let content: Content
    let detail: Detail

    public init(
        @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail
    ) {
        self.sidebar = sidebar()
        self.content = content()
        self.detail = detail()
    }

    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        let columns = [context.evaluate(sidebar), context.evaluate(content), context.evaluate(detail)]
            .filter { !$0.isEmpty }
            .map { nodes in
                // A column holding its own stack already has its bar.
                let ownStack = nodes.count == 1 && nodes[0].kind == "navigation"
                return WireframeNode(
                    "column",
                    children: ownStack ? nodes : [NavigationStack<NavigationPath, EmptyView>.screen(nodes, back: false)]
                )
            }
        return [WireframeNode("split", children: columns)]
    }
}

extension NavigationSplitView where Content == EmptyView {
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) {
        self.init(sidebar: sidebar, content: { EmptyView() }, detail: detail)
    }
    public init(
        columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
        @ViewBuilder detail: () -> Detail
    ) {
        self.init(sidebar: sidebar, content: { EmptyView() }, detail: detail)
    }
}

/// The items of a navigation bar (Apple: `NavigationBarItem`); here only how its title shows.
public struct NavigationBarItem {
    /// How a navigation bar shows its title (Apple: `NavigationBarItem.TitleDisplayMode`).
    public enum TitleDisplayMode {
        /// As the screen before it did.
        case automatic
        /// Small, in the bar between its items: what forms and sheets use.
        case inline
        /// Large, under the bar.
        case large
    }
}

extension View {
    /// How the bar of the screen shows its title (Apple: `navigationBarTitleDisplayMode(_:)`).
    nonisolated public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode)
        -> some View
    {
        attribute("titleDisplayMode", "\(displayMode)")
    }
}

extension View {
    /// Hides the back button of the screen's bar: a form leaves by its own Cancel and Save
    /// (Apple: `navigationBarBackButtonHidden(_:)`).
    nonisolated public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
        attribute("backButtonHidden", hidesBackButton ? "true" : "false")
    }
}
