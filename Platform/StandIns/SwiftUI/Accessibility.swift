/// What VoiceOver says and offers for a view (Apple: the accessibility modifiers). The wireframe
/// keeps each as an attribute, which the manifest reads.
extension View {
    nonisolated public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
        attribute("accessibilityLabel", String(label))
    }

    nonisolated public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View {
        attribute("accessibilityHint", String(hint))
    }

    nonisolated public func accessibilityIdentifier(_ identifier: String) -> some View {
        attribute("id", identifier)
    }

    nonisolated public func accessibilityAction<S: StringProtocol>(named name: S, _ handler: @escaping () -> Void)
        -> some View
    {
        decorated { node in
            let actions = node.attributes["accessibilityActions"].map { $0 + "; " } ?? ""
            node.attributes["accessibilityActions"] = actions + String(name)
        }
    }
}

/// Notifications VoiceOver speaks (Apple: `AccessibilityNotification`).
public enum AccessibilityNotification {
    /// Words VoiceOver says at once, whatever has focus (Apple: `AccessibilityNotification.Announcement`).
    public struct Announcement {
        let announcement: String
        public init(_ announcement: String) { self.announcement = announcement }
        /// Posts it; Linux has no VoiceOver, so nobody hears it.
        @MainActor public func post() {}
    }
}
