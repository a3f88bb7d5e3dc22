import Foundation

/// Edges of a view (Apple: `Edge`, `Edge.Set`).
public enum Edge: Int8, Sendable, Hashable {
    case top, leading, bottom, trailing

    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.horizontal, .vertical]
    }
}

/// Whether something is shown (Apple: `Visibility`).
public enum Visibility: Sendable, Hashable {
    case automatic, visible, hidden
}

/// How big a control is drawn (Apple: `ControlSize`).
public enum ControlSize: Sendable, Hashable {
    case mini, small, regular, large, extraLarge
}

/// How buttons look (Apple: `PrimitiveButtonStyle`).
@MainActor @preconcurrency public protocol PrimitiveButtonStyle {
    associatedtype Body: View
    typealias Configuration = PrimitiveButtonStyleConfiguration
    @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Self.Configuration) -> Self.Body
}

/// What a button style is given (Apple: `PrimitiveButtonStyleConfiguration`); none of Apple's
/// members (role, label, trigger) here, and no public initialiser, as at Apple.
public struct PrimitiveButtonStyleConfiguration {}

/// The wireframe records a button style's name (`buttonStyle(_:)`) and never asks the framework's
/// styles for a body.
nonisolated public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { EmptyView() }
}
nonisolated public struct BorderedButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { EmptyView() }
}
nonisolated public struct PlainButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { EmptyView() }
}
nonisolated public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { EmptyView() }
}

extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    nonisolated public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    nonisolated public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}
extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    nonisolated public static var plain: PlainButtonStyle { PlainButtonStyle() }
}
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    nonisolated public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

/// How a list looks (Apple: `ListStyle`, not isolated to the main actor; its requirements are
/// SwiftUI's own).
public protocol ListStyle {}
nonisolated public struct InsetGroupedListStyle: ListStyle { public init() {} }
nonisolated public struct PlainListStyle: ListStyle { public init() {} }
extension ListStyle where Self == InsetGroupedListStyle {
    public static var insetGrouped: InsetGroupedListStyle { InsetGroupedListStyle() }
}
extension ListStyle where Self == PlainListStyle {
    public static var plain: PlainListStyle { PlainListStyle() }
}

/// The priority of a task (the stand-in runs no tasks; wireframes are states the test drove).
extension View {
    nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        attribute("padding", "true")
    }

    nonisolated public func padding(_ length: CGFloat) -> some View { attribute("padding", "true") }

    nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center)
        -> some View
    {
        decorated { node in
            if let width { node.attributes["width"] = "\(Int(width))" }
            if let height { node.attributes["minHeight"] = "\(Int(height))" }
        }
    }

    nonisolated public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View {
        decorated { node in
            if let minWidth { node.attributes["minWidth"] = "\(Int(minWidth))" }
            if let minHeight { node.attributes["minHeight"] = "\(Int(minHeight))" }
            if maxWidth == .infinity { node.attributes["fillWidth"] = "true" }
        }
    }

    nonisolated public func disabled(_ disabled: Bool) -> some View {
        decorated { if disabled { $0.attributes["disabled"] = "true" } }
    }

    nonisolated public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        attribute("buttonStyle", "\(S.self)")
    }

    nonisolated public func controlSize(_ size: ControlSize) -> some View { attribute("controlSize", "\(size)") }

    nonisolated public func listStyle<S: ListStyle>(_ style: S) -> some View { attribute("listStyle", "\(S.self)") }

    nonisolated public func tint(_ tint: Color?) -> some View { attribute("tint", tint?.name ?? "none") }

    nonisolated public func badge(_ count: Int) -> some View {
        decorated { if count > 0 { $0.attributes["badge"] = "\(count)" } }
    }

    nonisolated public func tag<V: Hashable>(_ tag: V) -> some View { attribute("tag", "\(tag)") }

    nonisolated public func opacity(_ opacity: Double) -> some View { attribute("opacity", "\(opacity)") }

    nonisolated public func lineLimit(_ number: Int?) -> some View {
        attribute("lineLimit", number.map(String.init) ?? "none")
    }

    /// Sets the priority by which a parent layout apportions space to this child: a higher one
    /// shrinks later and grows sooner (Apple: `layoutPriority(_:)`).
    nonisolated public func layoutPriority(_ value: Double) -> some View { attribute("layoutPriority", "\(value)") }

    nonisolated public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V)
        -> some View
    {
        let overlay = content()
        return ModifiedView(content: self) { context, view in
            context.evaluate(view).decorated { $0.children += context.evaluate(overlay) }
        }
    }

    // Work the app starts when a view appears: the wireframes show states a test drove, so the
    // stand-in records nothing and runs nothing.

    nonisolated public func task(
        priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View { self }

    nonisolated public func task<T: Equatable>(
        id value: T, priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: sending @escaping @isolated(any) () async -> Void
    ) -> some View { self }

    nonisolated public func refreshable(action: @escaping @Sendable () async -> Void) -> some View {
        attribute("refreshable", "true")
    }

    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }

    nonisolated public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void
    ) -> some View { self }

    nonisolated public func onScrollGeometryChange<T>(
        for type: T.Type, of transform: @escaping (ScrollGeometry) -> T, action: @escaping (T, T) -> Void
    ) -> some View where T: Equatable { self }

    /// A search field above the content.
    nonisolated public func searchable<S: StringProtocol>(text: Binding<String>, prompt: S) -> some View {
        searchField(text: text, prompt: prompt)
    }

    /// A search field above the content, active while `isPresented` is true (a keyboard's ⌘F
    /// can set it).
    nonisolated public func searchable<S: StringProtocol>(
        text: Binding<String>, isPresented: Binding<Bool>, prompt: S
    ) -> some View {
        searchField(text: text, prompt: prompt).attribute("searching", isPresented.wrappedValue ? "true" : "false")
    }

    nonisolated private func searchField<S: StringProtocol>(text: Binding<String>, prompt: S) -> ModifiedView<Self> {
        ModifiedView(content: self) { context, view in
            context.evaluate(view).decorated {
                // Drawn as iOS draws it: the typed words, or the prompt while empty.
                let value = text.wrappedValue
                let prompt = WireframeNode("text", text: String(prompt))
                $0.children.insert(
                    WireframeNode(
                        "field", text: value.isEmpty ? nil : value, attributes: ["entry": "search"],
                        children: value.isEmpty ? [prompt] : []),
                    at: 0)
            }
        }
    }

    nonisolated public func swipeActions<T: View>(
        edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T
    ) -> some View {
        let actions = content()
        return ModifiedView(content: self) { context, view in
            context.evaluate(view).decorated {
                $0.children.append(WireframeNode("swipeActions", children: context.evaluate(actions)))
            }
        }
    }
}

/// The leading or trailing edge (Apple: `HorizontalEdge`).
public enum HorizontalEdge: Sendable, Hashable {
    case leading, trailing
}

/// How a label shows its title and icon (Apple: `LabelStyle`).
@MainActor @preconcurrency public protocol LabelStyle {
    associatedtype Body: View
    typealias Configuration = LabelStyleConfiguration
    @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Self.Configuration) -> Self.Body
}

/// What a label style is given (Apple: `LabelStyleConfiguration`); none of Apple's members (title,
/// icon) here, and no public initialiser, as at Apple.
public struct LabelStyleConfiguration {}

/// The wireframe records a label style's name (`labelStyle(_:)`) and never asks the framework's
/// styles for a body.
nonisolated public struct IconOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { EmptyView() }
}
nonisolated public struct TitleAndIconLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { EmptyView() }
}
extension LabelStyle where Self == IconOnlyLabelStyle {
    nonisolated public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}
extension LabelStyle where Self == TitleAndIconLabelStyle {
    nonisolated public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

extension View {
    nonisolated public func labelStyle<S: LabelStyle>(_ style: S) -> some View { attribute("labelStyle", "\(S.self)") }
}
