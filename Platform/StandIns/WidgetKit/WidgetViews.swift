import Foundation
import SwiftUI

extension View {
    /// The address the app opens at when the angler taps the widget; the wireframe records it.
    @MainActor @preconcurrency public func widgetURL(_ url: URL?) -> some View {
        _wireframeAttribute("widgetURL", url?.absoluteString ?? "none")
    }

    /// The tint behind a Live Activity on the Lock Screen; the wireframe records it.
    @MainActor @preconcurrency public func activityBackgroundTint(_ color: Color?) -> some View {
        _wireframeAttribute("activityBackgroundTint", color?._wireframeName ?? "none")
    }

    /// The colour of the system's button beside a Live Activity; the wireframe records it.
    @MainActor @preconcurrency public func activitySystemActionForegroundColor(_ color: Color?) -> some View {
        _wireframeAttribute("activitySystemActionForegroundColor", color?._wireframeName ?? "none")
    }
}

extension ContainerBackgroundPlacement {
    /// The background of a widget, which the system may remove (Apple: WidgetKit's
    /// `ContainerBackgroundPlacement.widget`).
    public static var widget: ContainerBackgroundPlacement { ._wireframe("widget") }
}

/// The standard backdrop of a Lock Screen widget (Apple: `AccessoryWidgetBackground`).
@MainActor @preconcurrency public struct AccessoryWidgetBackground: View, _WireframePrimitive {
    public init() {}

    /// Apple's has a body (an opaque view); the wireframe draws the background itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }

    nonisolated public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [WireframeNode("accessoryBackground")]
    }
}

extension FileManager {
    /// The folder the app shares with its widgets (Apple: Foundation's, absent from Linux's
    /// Foundation); Linux has no app groups, so there is none.
    public func containerURL(forSecurityApplicationGroupIdentifier groupIdentifier: String) -> URL? { nil }
}
