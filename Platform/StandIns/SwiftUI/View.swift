// A stand-in for Apple's SwiftUI, written from Apple's public documentation for the app's views
// to type-check on Linux (issue 14 §3), and evaluated into wireframes (§4). Built only on Linux;
// on Apple platforms the real framework is used. See Platform/StandIns/README.md.

// Apple's SwiftUI makes Foundation's and Observation's names visible to its importers.
@_exported import Foundation
@_exported import Observation

/// A piece of the app's interface (Apple: `View`). A view with a `body` is evaluated through it;
/// the framework's own views (`Body == Never`) turn into wireframe nodes directly.
@MainActor @preconcurrency public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
    public typealias Body = Never
    /// Nothing has no body; one property answers for every protocol `Never` stands in.
    public var body: Never { fatalError("Never has no body") }
}

extension View where Body == Never, Self: _WireframePrimitive {
    /// The framework's own views have no body: the wireframe evaluator turns them into nodes. Only
    /// the stand-ins' primitives get it, so a view of the app must declare its `body`, as at Apple.
    public var body: Never { fatalError("\(Self.self) is a primitive view and has no body") }
}

/// The stand-ins' own views (SwiftUI's, and those of Charts and MapKit): each knows the
/// wireframe nodes it stands for. Not Apple API: the app's sources never name it.
public protocol _WireframePrimitive {
    func _wireframe(_ context: WireframeContext) -> [WireframeNode]
}

/// Builds views from the statements of a closure (Apple: `ViewBuilder`).
@resultBuilder public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > {
        TupleView((repeat each content))
    }
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    { _ConditionalContent(storage: .first(first)) }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    { _ConditionalContent(storage: .second(second)) }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Nothing.
nonisolated public struct EmptyView: View, _WireframePrimitive {
    public typealias Body = Never
    public init() {}
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] { [] }
}

/// Several views in a row, as a builder made them.
nonisolated public struct TupleView<T>: View, _WireframePrimitive {
    public typealias Body = Never
    public var value: T
    public init(_ value: T) { self.value = value }

    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        // A tuple of views is walked through its mirror: each element is a view.
        Mirror(reflecting: value).children.flatMap { child in
            (child.value as? any View).map { context.evaluate($0) } ?? []
        }
    }
}

/// One of two views, as an `if`/`else` or `switch` chose.
nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View, _WireframePrimitive {
    public typealias Body = Never
    enum Storage {
        case first(TrueContent)
        case second(FalseContent)
    }
    let storage: Storage

    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        switch storage {
        case .first(let view): context.evaluate(view)
        case .second(let view): context.evaluate(view)
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

/// A view or toolbar item, or nothing, as an `if` chose.
extension Optional: _WireframePrimitive {
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        switch self {
        case .some(let view as any View): context.evaluate(view)
        case .some(let item as any ToolbarContent): context.evaluate(toolbar: item)
        default: []
        }
    }
}

/// A view whose type is erased.
nonisolated public struct AnyView: View, _WireframePrimitive {
    public typealias Body = Never
    let view: any View
    public init<V: View>(_ view: V) { self.view = view }
    public init<V: View>(erasing view: V) { self.view = view }
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] { context.evaluate(view) }
}

/// A change to a view, applied by `modifier(_:)` (Apple: `ViewModifier`).
@MainActor @preconcurrency public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// The view a modifier is applied to, inside its `body(content:)`.
nonisolated public struct _ViewModifier_Content<Modifier: ViewModifier>: View, _WireframePrimitive {
    public typealias Body = Never
    let nodes: [WireframeNode]
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] { nodes }
}

/// A view with a modifier applied.
nonisolated public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public typealias Body = Never
}

extension ModifiedContent: _WireframePrimitive where Content: View, Modifier: ViewModifier {
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        let content = _ViewModifier_Content<Modifier>(nodes: context.evaluate(self.content))
        let carried = UncheckedValue((context, modifier, content))
        return MainActor.assumeIsolated {
            let (context, modifier, content) = carried.value
            let body = EnvironmentValues.reading(context.environment) { modifier.body(content: content) }
            return context.evaluate(body)
        }
    }
}

extension View {
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}
