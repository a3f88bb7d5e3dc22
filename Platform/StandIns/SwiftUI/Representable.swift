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
    /// The controller's name, as the wireframe shows it. Not Apple API.
    nonisolated public var _wireframeName: String { "\(UIViewControllerType.self)" }
}

/// What a representable is given when its controller is made or updated (Apple:
/// `UIViewControllerRepresentableContext`).
@MainActor public struct UIViewControllerRepresentableContext<Representable: UIViewControllerRepresentable> {
    public let coordinator: Representable.Coordinator
    public var environment: EnvironmentValues
}
