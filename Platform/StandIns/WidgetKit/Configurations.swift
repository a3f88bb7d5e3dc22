import Foundation
import SwiftUI

/// A widget with no options the angler sets: its kind, provider and views (Apple:
/// `StaticConfiguration`).
@MainActor @preconcurrency
public struct StaticConfiguration<Content: View>: WidgetConfiguration,
    _WireframeWidgetConfiguration
{
    let kind: String
    let content: (Any) -> Content?

    public init<Provider: TimelineProvider>(
        kind: String, provider: Provider, @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) {
        self.kind = kind
        self.content = { entry in (entry as? Provider.Entry).map(content) }
    }

    /// Apple's has a body of WidgetKit's own; nothing on Linux reads it.
    public var body: some WidgetConfiguration { FrameworkConfiguration() }

    public func _wireframe(_ context: WireframeContext, sample: Any) -> [WireframeNode] {
        guard let view = content(sample) else { return [] }
        return [WireframeNode("widget", attributes: ["kind": kind], children: context.evaluate(view))]
    }
}

extension WidgetConfiguration {
    @MainActor @preconcurrency public func configurationDisplayName(_ displayNameKey: LocalizedStringKey)
        -> some WidgetConfiguration
    {
        DescribedConfiguration(base: self) { context, node in
            node.attributes["displayName"] = context.evaluate(Text(displayNameKey)).first?.text
        }
    }

    @MainActor @preconcurrency public func description(_ descriptionKey: LocalizedStringKey)
        -> some WidgetConfiguration
    {
        DescribedConfiguration(base: self) { context, node in
            node.attributes["description"] = context.evaluate(Text(descriptionKey)).first?.text
        }
    }

    @MainActor @preconcurrency public func supportedFamilies(_ families: [WidgetFamily]) -> some WidgetConfiguration {
        DescribedConfiguration(base: self) { _, node in
            node.attributes["families"] = families.map { "\($0)" }.joined(separator: ",")
        }
    }
}

/// A configuration the wireframes can draw for a sample: a timeline entry for a widget, an
/// `ActivityViewContext` for a Live Activity. Not Apple API: the wireframe book casts a widget's
/// `body` to it.
@MainActor public protocol _WireframeWidgetConfiguration {
    func _wireframe(_ context: WireframeContext, sample: Any) -> [WireframeNode]
}

/// A configuration with a name, a description or sizes set: drawn as its base, the setting added.
struct DescribedConfiguration<Base: WidgetConfiguration>: WidgetConfiguration, _WireframeWidgetConfiguration {
    let base: Base
    let describe: (WireframeContext, inout WireframeNode) -> Void

    var body: FrameworkConfiguration { FrameworkConfiguration() }

    func _wireframe(_ context: WireframeContext, sample: Any) -> [WireframeNode] {
        guard let base = base as? any _WireframeWidgetConfiguration else { return [] }
        return base._wireframe(context, sample: sample).map { node in
            var node = node
            describe(context, &node)
            return node
        }
    }
}

/// The framework's side of a configuration: one with no body of its own, never read on Linux.
struct FrameworkConfiguration: WidgetConfiguration {
    var body: FrameworkConfiguration { self }
}

extension WidgetBundle {
    /// Runs the extension's widgets; the system calls it for the `@main` bundle (Apple:
    /// `WidgetBundle.main()`, WidgetKit's default). On Linux nothing runs a widget extension.
    @MainActor @preconcurrency public static func main() {}
}
