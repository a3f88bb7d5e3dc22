/// What VoiceOver says and offers for a view (Apple: the accessibility modifiers). The wireframe
/// keeps each as an attribute, which the manifest reads.
extension View {
    nonisolated public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some View {
        attribute("accessibilityLabel", labelKey.key)
    }

    @_disfavoredOverload nonisolated public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
        attribute("accessibilityLabel", String(label))
    }

    nonisolated public func accessibilityHint(_ hintKey: LocalizedStringKey) -> some View {
        attribute("accessibilityHint", hintKey.key)
    }

    @_disfavoredOverload nonisolated public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View {
        attribute("accessibilityHint", String(hint))
    }

    nonisolated public func accessibilityIdentifier(_ identifier: String) -> some View {
        attribute("id", identifier)
    }

    nonisolated public func accessibilityAction(named nameKey: LocalizedStringKey, _ handler: @escaping () -> Void)
        -> some View
    {
        addingAccessibilityAction(nameKey.key)
    }

    @_disfavoredOverload nonisolated public func accessibilityAction<S: StringProtocol>(
        named name: S, _ handler: @escaping () -> Void
    ) -> some View {
        addingAccessibilityAction(String(name))
    }

    /// Adds a named action to the node's list.
    private nonisolated func addingAccessibilityAction(_ name: String) -> ModifiedView<Self> {
        decorated { node in
            let actions = node.attributes["accessibilityActions"].map { $0 + "; " } ?? ""
            node.attributes["accessibilityActions"] = actions + name
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
