/// The phrases that run the app's intents without setting anything up (Apple:
/// `AppShortcutsProvider`).
public protocol AppShortcutsProvider: Sendable {
    @AppShortcutsBuilder static var appShortcuts: [AppShortcut] { get }
}

/// One intent with its phrases, title and symbol (Apple: `AppShortcut`).
public struct AppShortcut: Sendable {
    let title: LocalizedStringResource

    public init<Intent: AppIntent>(
        intent: Intent, phrases: [AppShortcutPhrase<Intent>], shortTitle: LocalizedStringResource,
        systemImageName: String
    ) {
        title = shortTitle
    }
}

/// Gathers a provider's shortcuts (Apple: `AppShortcutsBuilder`).
@resultBuilder
public enum AppShortcutsBuilder {
    public static func buildExpression(_ component: AppShortcut) -> AppShortcut { component }
    public static func buildBlock(_ components: AppShortcut...) -> [AppShortcut] { components }
}

/// A phrase that runs an intent, naming the app (Apple: `AppShortcutPhrase`).
public struct AppShortcutPhrase<Intent: AppIntent>: Sendable, ExpressibleByStringInterpolation {
    let text: String

    public init(stringLiteral value: String) { text = value }

    public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

    /// A phrase's words and its tokens.
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) { text += literal }

        public mutating func appendInterpolation(_ token: AppShortcutPhraseToken) { text += "${applicationName}" }
    }
}

/// A word the system fills into a phrase (Apple: `AppShortcutPhraseToken`).
public enum AppShortcutPhraseToken: Sendable, Equatable, Hashable {
    case applicationName
}
