// A stand-in for Apple's WidgetKit, written from Apple's public documentation for the app's widgets
// and Live Activity to type-check on Linux (see Platform/StandIns/README.md). Linux shows no
// widgets: the wireframes draw a configuration's views for a sample entry
// (`_WireframeWidgetConfiguration`), and `WidgetCenter` reloads nothing.
import Foundation
import SwiftUI

/// One moment of a widget's timeline: when to show it, and what (Apple: `TimelineEntry`).
public protocol TimelineEntry {
    var date: Date { get }
}

/// Makes a widget's entries: a placeholder, a snapshot, a timeline (Apple: `TimelineProvider`).
public protocol TimelineProvider {
    associatedtype Entry: TimelineEntry
    typealias Context = TimelineProviderContext
    func placeholder(in context: Self.Context) -> Self.Entry
    @preconcurrency func getSnapshot(in context: Self.Context, completion: @escaping @Sendable (Self.Entry) -> Void)
    @preconcurrency func getTimeline(
        in context: Self.Context, completion: @escaping @Sendable (Timeline<Self.Entry>) -> Void)
}

/// The entries a widget shows, with when to ask for more (Apple: `Timeline`).
public struct Timeline<EntryType: TimelineEntry> {
    public let entries: [EntryType]
    public let policy: TimelineReloadPolicy

    public init(entries: [EntryType], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

/// When WidgetKit asks a provider for a new timeline (Apple: `TimelineReloadPolicy`).
public struct TimelineReloadPolicy: Equatable {
    let name: String
    let date: Date?

    public static var atEnd: TimelineReloadPolicy { TimelineReloadPolicy(name: "atEnd", date: nil) }
    public static var never: TimelineReloadPolicy { TimelineReloadPolicy(name: "never", date: nil) }
    public static func after(_ date: Date) -> TimelineReloadPolicy { TimelineReloadPolicy(name: "after", date: date) }
}

/// Where a widget is shown: its size, whether in the gallery (Apple: `TimelineProviderContext`).
public struct TimelineProviderContext {
    public let family: WidgetFamily
    public let isPreview: Bool
    public let displaySize: CGSize

    /// A context for the wireframes to ask a provider with. Not Apple API (Apple's has no public
    /// initialiser).
    public static func _wireframe(family: WidgetFamily, isPreview: Bool = false, displaySize: CGSize)
        -> TimelineProviderContext
    {
        TimelineProviderContext(family: family, isPreview: isPreview, displaySize: displaySize)
    }
}

/// A widget's size and shape (Apple: `WidgetFamily`).
public enum WidgetFamily: Hashable, Sendable {
    case systemSmall, systemMedium, systemLarge, systemExtraLarge
    case accessoryCircular, accessoryRectangular, accessoryInline
}

private struct WidgetFamilyKey: EnvironmentKey {
    static var defaultValue: WidgetFamily { .systemSmall }
}

extension EnvironmentValues {
    /// The size of the widget being drawn (Apple: `EnvironmentValues.widgetFamily`, read-only).
    public var widgetFamily: WidgetFamily { self[WidgetFamilyKey.self] }

    /// Sets the widget family the wireframe draws for. Not Apple API.
    public var _wireframeWidgetFamily: WidgetFamily {
        get { self[WidgetFamilyKey.self] }
        set { self[WidgetFamilyKey.self] = newValue }
    }
}

/// Tells WidgetKit the app's data changed (Apple: `WidgetCenter`); nothing to reload on Linux.
public final class WidgetCenter {
    private init() {}

    nonisolated(unsafe) private static let instance = WidgetCenter()

    /// The app's widget center.
    public static var shared: WidgetCenter { instance }

    /// Asks for new timelines for the widgets of one kind.
    public func reloadTimelines(ofKind kind: String) {}

    /// Asks for new timelines for all the app's widgets.
    public func reloadAllTimelines() {}
}
