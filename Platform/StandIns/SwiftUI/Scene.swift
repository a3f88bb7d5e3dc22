import Foundation

/// A part of an app's interface with a life of its own, such as a window (Apple: `Scene`).
@MainActor @preconcurrency public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
}

/// An app's entry point (Apple: `App`): `@main` calls `main()`, which on Linux draws nothing.
@MainActor @preconcurrency public protocol App {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
    init()
}

extension App {
    public static func main() {}
}

/// Builds an app's scenes (Apple: `SceneBuilder`).
@resultBuilder
public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

/// A window of the app's views (Apple: `WindowGroup`).
nonisolated public struct WindowGroup<Content: View>: Scene {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    /// Apple's has a body (an opaque scene of SwiftUI's own); nothing on Linux reads it.
    @MainActor public var body: some Scene { FrameworkScene() }
}

/// The framework's side of a window group: a scene with no body of its own.
nonisolated struct FrameworkScene: Scene {
    typealias Body = Never
    var body: Never { fatalError("FrameworkScene is a primitive scene") }
}

extension Never: Scene {}
