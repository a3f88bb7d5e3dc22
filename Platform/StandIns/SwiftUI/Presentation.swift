import Foundation

/// Dialogs, alerts, sheets and popovers: shown in the wireframe, over the view they belong to,
/// when their `isPresented` binding is true at evaluation.
extension View {
    nonisolated public func confirmationDialog<S: StringProtocol, A: View, M: View>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View {
        presenting("dialog", String(title), isPresented, actions(), message())
    }

    nonisolated public func confirmationDialog<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A
    ) -> some View {
        presenting("dialog", String(title), isPresented, actions(), EmptyView())
    }

    nonisolated public func alert<S: StringProtocol, A: View, M: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View {
        presenting("alert", String(title), isPresented, actions(), message())
    }

    nonisolated public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        attaching { context in
            isPresented.wrappedValue ? WireframeNode("sheet", children: context.evaluate(content())) : nil
        }
    }

    nonisolated public func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        attaching { context in
            isPresented.wrappedValue ? WireframeNode("sheet", children: context.evaluate(content())) : nil
        }
    }

    nonisolated public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        attaching { context in
            item.wrappedValue.map { WireframeNode("sheet", children: context.evaluate(content($0))) }
        }
    }

    /// A popover anchored to this view; on iPhone it stays a popover only with
    /// `presentationCompactAdaptation(.popover)` inside it.
    nonisolated public func popover<Content: View>(
        isPresented: Binding<Bool>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
        arrowEdge: Edge = .top, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        attaching { context in
            isPresented.wrappedValue ? WireframeNode("popover", children: context.evaluate(content())) : nil
        }
    }

    nonisolated public func presentationCompactAdaptation(_ adaptation: PresentationAdaptation) -> some View {
        attribute("compactAdaptation", adaptation.name)
    }

    private nonisolated func presenting<A: View, M: View>(
        _ kind: String, _ title: String, _ isPresented: Binding<Bool>, _ actions: A, _ message: M
    ) -> ModifiedView<Self> {
        attaching { context in
            guard isPresented.wrappedValue else { return nil }
            return WireframeNode(
                kind, text: title,
                children: [WireframeNode("message", children: context.evaluate(message))] + context.evaluate(actions))
        }
    }
}

/// How a presentation adapts to a compact width (Apple: `PresentationAdaptation`).
public struct PresentationAdaptation {
    let name: String
    public static var automatic: PresentationAdaptation { PresentationAdaptation(name: "automatic") }
    public static var none: PresentationAdaptation { PresentationAdaptation(name: "none") }
    public static var popover: PresentationAdaptation { PresentationAdaptation(name: "popover") }
    public static var sheet: PresentationAdaptation { PresentationAdaptation(name: "sheet") }
    public static var fullScreenCover: PresentationAdaptation { PresentationAdaptation(name: "fullScreenCover") }
}

/// Where a popover points (Apple: `PopoverAttachmentAnchor`).
public enum PopoverAttachmentAnchor {
    case rect(Anchor<CGRect>.Source)
    case point(UnitPoint)
}

/// A geometry anchor (Apple: `Anchor`); the stand-in only names the view's bounds.
public struct Anchor<Value> {
    public struct Source {}
}

extension Anchor.Source: Sendable where Value: Sendable {}

extension Anchor.Source where Value == CGRect {
    public static var bounds: Anchor<CGRect>.Source { Anchor<CGRect>.Source() }
}

extension View {
    /// Runs `action` with a link the system hands the app (Apple: `onOpenURL(perform:)`).
    nonisolated public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { self }
}
