/// What a screen's bar holds (Apple: `ToolbarContent`): items, which are not views — a
/// `ToolbarItem` cannot stand in a stack or be a body. The framework's items (`Body == Never`)
/// turn into wireframe nodes directly; content with a `body` is evaluated through it.
@MainActor @preconcurrency public protocol ToolbarContent {
    associatedtype Body: ToolbarContent
    @ToolbarContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: ToolbarContent {}

extension ToolbarContent where Body == Never, Self: _WireframePrimitive {
    /// The framework's items have no body: the wireframe evaluator turns them into nodes. Only the
    /// stand-in's own items get it, so toolbar content of the app must declare its `body`.
    public var body: Never { fatalError("\(Self.self) is a primitive toolbar item and has no body") }
}

/// Builds a bar's items from the statements of a closure (Apple: `ToolbarContentBuilder`): up to
/// four items and `if` without `else` here (Apple: ten, and `if`/`else` from iOS 16).
@resultBuilder public struct ToolbarContentBuilder {
    public static func buildExpression<Content: ToolbarContent>(_ content: Content) -> Content { content }
    public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> some ToolbarContent {
        ToolbarItems(items: [content])
    }
    public static func buildBlock<C0: ToolbarContent, C1: ToolbarContent>(_ c0: C0, _ c1: C1)
        -> some ToolbarContent
    {
        ToolbarItems(items: [c0, c1])
    }
    public static func buildBlock<C0: ToolbarContent, C1: ToolbarContent, C2: ToolbarContent>(
        _ c0: C0, _ c1: C1, _ c2: C2
    ) -> some ToolbarContent {
        ToolbarItems(items: [c0, c1, c2])
    }
    public static func buildBlock<C0: ToolbarContent, C1: ToolbarContent, C2: ToolbarContent, C3: ToolbarContent>(
        _ c0: C0, _ c1: C1, _ c2: C2, _ c3: C3
    ) -> some ToolbarContent {
        ToolbarItems(items: [c0, c1, c2, c3])
    }
    public static func buildIf<Content: ToolbarContent>(_ content: Content?) -> Content? { content }
}

/// An item, or none, as an `if` chose (Apple: `Optional` is toolbar content when its wrapped value is).
extension Optional: ToolbarContent where Wrapped: ToolbarContent {}

/// The items a builder collected, in order.
nonisolated struct ToolbarItems: ToolbarContent, _WireframePrimitive {
    typealias Body = Never
    let items: [any ToolbarContent]

    func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        items.flatMap { context.evaluate(toolbar: $0) }
    }
}

/// Where a toolbar item goes (Apple: `ToolbarItemPlacement`).
public struct ToolbarItemPlacement: Sendable {
    let name: String
    public static let automatic = ToolbarItemPlacement(name: "automatic")
    public static let primaryAction = ToolbarItemPlacement(name: "primaryAction")
    public static let confirmationAction = ToolbarItemPlacement(name: "confirmationAction")
    public static let cancellationAction = ToolbarItemPlacement(name: "cancellationAction")
    public static let destructiveAction = ToolbarItemPlacement(name: "destructiveAction")
    public static let topBarLeading = ToolbarItemPlacement(name: "topBarLeading")
    public static let topBarTrailing = ToolbarItemPlacement(name: "topBarTrailing")
    public static let bottomBar = ToolbarItemPlacement(name: "bottomBar")
}

/// An item of a screen's bar (Apple: `ToolbarItem`): toolbar content holding a view.
nonisolated public struct ToolbarItem<ID, Content: View>: ToolbarContent, _WireframePrimitive {
    public typealias Body = Never
    let placement: ToolbarItemPlacement
    let content: Content
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [context.node("toolbarItem", attributes: ["placement": placement.name], of: content)]
    }
}

extension ToolbarItem where ID == () {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }
}

extension View {
    /// Views for the bar of the screen this view is in, placed where the bar puts them.
    nonisolated public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        let items = content()
        return ModifiedView(content: self) { context, view in
            context.evaluate(view).decorated { $0.children += context.evaluate(items) }
        }
    }

    /// Items for the bar of the screen this view is in.
    nonisolated public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content)
        -> some View
    {
        let items = UncheckedValue(content())
        return ModifiedView(content: self) { context, view in
            context.evaluate(view).decorated { $0.children += context.evaluate(toolbar: items.value) }
        }
    }
}
