import Foundation

/// Commands an app offers beyond its views: the menu bar, and on iPad the keyboard shortcuts
/// shown while ⌘ is held (Apple: `Commands`).
@MainActor @preconcurrency public protocol Commands {
    associatedtype Body: Commands
    @CommandsBuilder var body: Body { get }
}

/// Builds a scene's commands (Apple: `CommandsBuilder`).
@resultBuilder
public struct CommandsBuilder {
    public static func buildBlock<Content: Commands>(_ content: Content) -> Content { content }
}

/// A menu of the app's own commands (Apple: `CommandMenu`); on iPad, a key command for each of
/// its buttons with a keyboard shortcut.
nonisolated public struct CommandMenu<Content: View>: Commands {
    let content: Content
    public init(_ nameKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { self.content = content() }
    @_disfavoredOverload public init<S: StringProtocol>(_ name: S, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    /// Apple's has a body (opaque commands of SwiftUI's own); nothing on Linux reads it.
    @MainActor public var body: some Commands { FrameworkCommands() }
}

/// The framework's side of a command menu: commands with no body of their own.
nonisolated struct FrameworkCommands: Commands {
    typealias Body = Never
    var body: Never { fatalError("FrameworkCommands are primitive commands") }
}

extension Never: Commands {}

extension Scene {
    /// Adds `content`'s commands to the scene.
    nonisolated public func commands<Content: Commands>(@CommandsBuilder content: () -> Content) -> some Scene {
        self
    }
}

/// The key of a keyboard shortcut (Apple: `KeyEquivalent`).
public struct KeyEquivalent: Sendable, Hashable, ExpressibleByExtendedGraphemeClusterLiteral {
    public let character: Character
    public init(_ character: Character) { self.character = character }
    public init(extendedGraphemeClusterLiteral character: Character) { self.character = character }
    /// The delete (backspace) key.
    public static let delete = KeyEquivalent("\u{8}")
}

/// The keys held with a shortcut's key (Apple: `EventModifiers`).
public struct EventModifiers: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let shift = EventModifiers(rawValue: 1 << 1)
    public static let command = EventModifiers(rawValue: 1 << 4)
}

extension View {
    /// Performs the control's action when the key is pressed with `modifiers` (a hardware keyboard).
    nonisolated public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command) -> some View {
        let keys = (modifiers.contains(.shift) ? "⇧" : "") + (modifiers.contains(.command) ? "⌘" : "")
        return attribute("shortcut", keys + (key == .delete ? "⌫" : String(key.character).uppercased()))
    }
}
