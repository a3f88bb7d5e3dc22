import UIKit

/// A UIKit screen shown as a SwiftUI view (Apple: `UIViewControllerRepresentable`). The wireframe
/// draws it as a box naming the controller: the system screen itself is not drawn.
@MainActor @preconcurrency public protocol UIViewControllerRepresentable: View where Body == Never {
    associatedtype UIViewControllerType: UIViewController
    associatedtype Coordinator = Void
    typealias Context = UIViewControllerRepresentableContext<Self>

    func makeUIViewController(context: Context) -> UIViewControllerType
    func updateUIViewController(_ uiViewController: UIViewControllerType, context: Context)
    func makeCoordinator() -> Coordinator
}

extension UIViewControllerRepresentable where Coordinator == Void {
    public func makeCoordinator() {}
}

extension UIViewControllerRepresentable {
    /// A representable's body is the framework's (Apple's is hidden from callers): the wireframe
    /// draws the controller as a box, never through it.
    public var body: Never { fatalError("\(Self.self) is drawn by the framework and has no body") }
}

extension UIViewControllerRepresentable {
    /// The controller's name, as the wireframe shows it. Not Apple API.
    nonisolated public var _wireframeName: String { "\(UIViewControllerType.self)" }
}

/// What a representable is given when its controller is made or updated (Apple:
/// `UIViewControllerRepresentableContext`).
@MainActor public struct UIViewControllerRepresentableContext<Representable: UIViewControllerRepresentable> {
    public let coordinator: Representable.Coordinator
    public let environment: EnvironmentValues
}

/// A UIKit view shown as a SwiftUI view (Apple: `UIViewRepresentable`). The wireframe makes the
/// view as SwiftUI would (coordinator, make, update) and draws what the view says of itself.
@MainActor @preconcurrency public protocol UIViewRepresentable: View where Body == Never {
    associatedtype UIViewType: UIView
    associatedtype Coordinator = Void
    typealias Context = UIViewRepresentableContext<Self>

    func makeUIView(context: Context) -> UIViewType
    func updateUIView(_ uiView: UIViewType, context: Context)
    func makeCoordinator() -> Coordinator
}

extension UIViewRepresentable where Coordinator == Void {
    public func makeCoordinator() {}
}

extension UIViewRepresentable {
    /// A representable's body is the framework's (Apple's is hidden from callers): the wireframe
    /// draws the view it makes, never through it.
    public var body: Never { fatalError("\(Self.self) is drawn by the framework and has no body") }
}

extension UIViewRepresentable {
    /// The view made and updated once, as the wireframe draws it. Not Apple API.
    func _wireframe(_ environment: EnvironmentValues) -> WireframeNode {
        let context = Context(coordinator: makeCoordinator(), environment: environment)
        let view = makeUIView(context: context)
        updateUIView(view, context: context)
        return (view as? any _WireframeItem)?._wireframeItem ?? WireframeNode("view", text: "\(UIViewType.self)")
    }
}

/// What a representable is given when its view is made or updated (Apple:
/// `UIViewRepresentableContext`).
@MainActor public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {
    public let coordinator: Representable.Coordinator
    public let environment: EnvironmentValues
}
