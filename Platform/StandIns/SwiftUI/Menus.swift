import Foundation

/// A control that opens a list of actions when tapped (Apple: `Menu`). The wireframe draws it as
/// Picker draws itself: a `menu` node with its label in a `caption`, then the items the content
/// evaluates to (its buttons keep their `tap`), so a picture can show the closed menu or list
/// what it offers.
nonisolated public struct Menu<Label: View, Content: View>: View, _WireframePrimitive {
    /// Apple's Menu has a body (an opaque view); the wireframe draws the Menu itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let label: Label
    let content: Content

    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [
            WireframeNode(
                "menu",
                children: [WireframeNode("caption", children: context.evaluate(label))] + context.evaluate(content))
        ]
    }
}
