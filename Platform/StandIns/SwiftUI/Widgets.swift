import Foundation

/// A widget for the Home Screen, the Lock Screen or a Live Activity: its configuration (Apple:
/// `Widget`, SwiftUI's; WidgetKit provides the configurations).
@MainActor @preconcurrency public protocol Widget {
    associatedtype Body: WidgetConfiguration
    init()
    @MainActor @preconcurrency var body: Self.Body { get }
}

/// What a widget is: its kind, the provider of its entries and its views (Apple:
/// `WidgetConfiguration`).
@MainActor @preconcurrency public protocol WidgetConfiguration {
    associatedtype Body: WidgetConfiguration
    @MainActor @preconcurrency var body: Self.Body { get }
}

/// The widgets one extension offers (Apple: `WidgetBundle`).
@MainActor @preconcurrency public protocol WidgetBundle {
    associatedtype Body: Widget
    init()
    @WidgetBundleBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Gathers a bundle's widgets (Apple: `WidgetBundleBuilder`).
@resultBuilder public struct WidgetBundleBuilder {
    public static func buildBlock<each C: Widget>(_ c: repeat each C) -> some Widget {
        BundledWidgets((repeat each c))
    }
}

/// The widgets of a bundle's body. Nothing on Linux runs them; the wireframe draws widgets from
/// their configurations.
nonisolated struct BundledWidgets<each C: Widget>: Widget {
    let widgets: (repeat each C)

    nonisolated init(_ widgets: (repeat each C)) { self.widgets = widgets }

    @MainActor init() { widgets = (repeat (each C).init()) }

    var body: FrameworkWidgetConfiguration { FrameworkWidgetConfiguration() }
}

/// The framework's side of a configuration: one with no body of its own, never read on Linux.
nonisolated struct FrameworkWidgetConfiguration: WidgetConfiguration {
    var body: FrameworkWidgetConfiguration { self }
}
