import Foundation

/// One box of a wireframe: what a view evaluated to (issue 14 §4). `kind` names the box (`stack`,
/// `text`, `button`, `list`, …); `text` is its words; `attributes` carry the rest (a control's
/// id and help, a stack's axis, a field's value).
public struct WireframeNode: Sendable, Equatable, Codable {
    public var kind: String
    public var text: String?
    public var attributes: [String: String]
    public var children: [WireframeNode]

    public init(_ kind: String, text: String? = nil, attributes: [String: String] = [:], children: [WireframeNode] = [])
    {
        self.kind = kind
        self.text = text
        self.attributes = attributes
        self.children = children
    }

    /// Every node of the tree, depth first.
    public var allNodes: [WireframeNode] { [self] + children.flatMap(\.allNodes) }
}

/// Evaluates views into wireframe nodes: a view's `body` is read with the environment in force,
/// the framework's views turn into nodes, modifiers change them. Used on the main thread only.
public final class WireframeContext {
    public private(set) var environment: EnvironmentValues
    /// The screens pushed values show, as `navigationDestination(for:)` registered them.
    var destinations: [ObjectIdentifier: (Any) -> any View] = [:]

    /// The size of the screen drawn, which a `GeometryReader` offers its content.
    public let canvasSize: CGSize

    /// The actions of the buttons evaluated, in order: a button's node carries its index as the
    /// `tap` attribute, so the wireframe book can tap what it drew (issue 30 §1).
    private var actions: [@MainActor () -> Void] = []

    /// Keeps a button's action; returns the index its node carries.
    func register(_ action: @escaping @MainActor () -> Void) -> Int {
        actions.append(action)
        return actions.count - 1
    }

    /// Taps the button whose node carries `tap` = `index`, as a finger would.
    @MainActor public func tap(_ index: Int) {
        guard actions.indices.contains(index) else { return }
        actions[index]()
    }

    public init(
        environment: EnvironmentValues = EnvironmentValues(), canvasSize: CGSize = CGSize(width: 390, height: 844)
    ) {
        self.environment = environment
        self.canvasSize = canvasSize
    }

    /// The nodes `view` stands for.
    public func evaluate(_ view: any View) -> [WireframeNode] {
        if let representable = view as? any UIViewControllerRepresentable {
            return [WireframeNode("systemScreen", text: representable._wireframeName)]
        }
        if let representable = view as? any UIViewRepresentable {
            let carried = UncheckedValue((representable, environment))
            return MainActor.assumeIsolated { [carried.value.0._wireframe(carried.value.1)] }
        }
        if let primitive = view as? any _WireframePrimitive {
            // Content closures (a GeometryReader's, a ForEach's rows) read the environment of
            // where they are laid out, as a body does.
            return EnvironmentValues.reading(environment) { primitive._wireframe(self) }
        }
        return evaluateBody(of: view)
    }

    /// A view's body is the app's code, isolated to the main actor, where evaluation runs.
    private func evaluateBody<V: View>(of view: V) -> [WireframeNode] {
        let carried = UncheckedValue((self, view))
        return MainActor.assumeIsolated {
            let (context, view) = carried.value
            let body = EnvironmentValues.reading(context.environment) { view.body }
            return context.evaluate(body)
        }
    }

    /// The nodes a bar's items stand for: the framework's items directly, others through their body.
    public func evaluate(toolbar content: any ToolbarContent) -> [WireframeNode] {
        if let primitive = content as? any _WireframePrimitive {
            return EnvironmentValues.reading(environment) { primitive._wireframe(self) }
        }
        return evaluateBody(ofToolbar: content)
    }

    private func evaluateBody<C: ToolbarContent>(ofToolbar content: C) -> [WireframeNode] {
        let carried = UncheckedValue((self, content))
        return MainActor.assumeIsolated {
            let (context, content) = carried.value
            let body = EnvironmentValues.reading(context.environment) { content.body }
            return context.evaluate(toolbar: body)
        }
    }

    /// Evaluates `view` with a changed environment.
    func evaluate(_ view: any View, changing change: (inout EnvironmentValues) -> Void) -> [WireframeNode] {
        let saved = environment
        change(&environment)
        defer { environment = saved }
        return evaluate(view)
    }

    /// One node holding what `view` evaluates to.
    func node(_ kind: String, text: String? = nil, attributes: [String: String] = [:], of view: any View)
        -> WireframeNode
    {
        WireframeNode(kind, text: text, attributes: attributes, children: evaluate(view))
    }

}

extension [WireframeNode] {
    /// Changes the one node a view made, or a group around several.
    func decorated(_ change: (inout WireframeNode) -> Void) -> [WireframeNode] {
        var node = count == 1 ? self[0] : WireframeNode("group", children: self)
        change(&node)
        return [node]
    }
}

/// A view changed by a modifier of the stand-in: the change is a function of the evaluated
/// content (and the context, for modifiers that evaluate views of their own).
nonisolated struct ModifiedView<Content: View>: View, _WireframePrimitive {
    typealias Body = Never
    let content: Content
    let apply: (WireframeContext, Content) -> [WireframeNode]
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] { apply(context, content) }
}

extension View {
    /// The content's nodes, each change applied to the one node (or the group) it made.
    nonisolated func decorated(_ change: @escaping (inout WireframeNode) -> Void) -> ModifiedView<Self> {
        ModifiedView(content: self) { context, content in context.evaluate(content).decorated(change) }
    }

    /// Sets an attribute on the content's node, for the other stand-in modules' modifiers. Not
    /// Apple API: the app's sources never name it.
    nonisolated public func _wireframeAttribute(_ name: String, _ value: String) -> some View {
        attribute(name, value)
    }

    /// Sets an attribute on the content's node.
    nonisolated func attribute(_ name: String, _ value: String) -> ModifiedView<Self> {
        decorated { $0.attributes[name] = value }
    }

    /// Adds a node after the content's children, for the other stand-in modules' presentations.
    /// Not Apple API: the app's sources never name it.
    nonisolated public func _wireframeAttaching(_ make: @escaping (WireframeContext) -> WireframeNode?) -> some View {
        attaching(make)
    }

    /// The content's node with a node of `kind` added after its children (a dialog, a sheet…).
    nonisolated func attaching(_ make: @escaping (WireframeContext) -> WireframeNode?) -> ModifiedView<Self> {
        ModifiedView(content: self) { context, content in
            let nodes = context.evaluate(content)
            guard let extra = make(context) else { return nodes }
            return nodes.decorated { $0.children.append(extra) }
        }
    }
}

/// A piece of non-view content (a chart's mark, a map's pin) as the wireframe lists it. Not Apple
/// API: the stand-ins of Charts and MapKit draw through it.
public protocol _WireframeItem {
    var _wireframeItem: WireframeNode { get }
}

/// Lists the items inside builders' tuples and `ForEach`es, in order.
public enum _WireframeItems {
    public static func items(in content: Any) -> [WireframeNode] {
        if let item = content as? any _WireframeItem { return [item._wireframeItem] }
        if let each = content as? any ForEachOfItems { return each.items }
        return Mirror(reflecting: content).children.flatMap { items(in: $0.value) }
    }
}

/// A `ForEach` whose elements make items (marks, pins).
protocol ForEachOfItems {
    var items: [WireframeNode] { get }
}

extension ForEach: ForEachOfItems {
    var items: [WireframeNode] { data.flatMap { _WireframeItems.items(in: content($0)) } }
}
