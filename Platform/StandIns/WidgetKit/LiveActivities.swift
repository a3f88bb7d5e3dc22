import ActivityKit
import Foundation
import SwiftUI

/// A Live Activity's views: on the Lock Screen and in the Dynamic Island (Apple:
/// `ActivityConfiguration`).
@MainActor @preconcurrency
public struct ActivityConfiguration<Attributes: ActivityAttributes>: WidgetConfiguration,
    _WireframeWidgetConfiguration
{
    let content: (ActivityViewContext<Attributes>) -> any View
    let dynamicIsland: (ActivityViewContext<Attributes>) -> DynamicIsland

    public init<Content: View>(
        for attributesType: Attributes.Type,
        @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
        dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland
    ) {
        self.content = content
        self.dynamicIsland = dynamicIsland
    }

    /// Apple's has a body of WidgetKit's own; nothing on Linux reads it.
    public var body: some WidgetConfiguration { FrameworkConfiguration() }

    /// Drawn for an `ActivityViewContext<Attributes>`: the Lock Screen view, then the Dynamic
    /// Island's regions and compact and minimal views.
    public func _wireframe(_ context: WireframeContext, sample: Any) -> [WireframeNode] {
        guard let activity = sample as? ActivityViewContext<Attributes> else { return [] }
        let lockScreen = WireframeNode("lockScreen", children: context.evaluate(content(activity)))
        return [
            WireframeNode(
                "liveActivity", attributes: ["stale": activity.isStale ? "true" : "false"],
                children: [lockScreen, dynamicIsland(activity)._wireframe(context)])
        ]
    }
}

/// What a Live Activity's views are made from: its attributes and latest state (Apple:
/// `ActivityViewContext`).
public struct ActivityViewContext<Attributes: ActivityAttributes> {
    public let attributes: Attributes
    public let state: Attributes.ContentState
    public let isStale: Bool
    public let activityID: String

    /// A context for the wireframes to draw a Live Activity with. Not Apple API (Apple's has no
    /// public initialiser).
    public static func _wireframe(
        attributes: Attributes, state: Attributes.ContentState, isStale: Bool = false, activityID: String = "sample"
    ) -> ActivityViewContext<Attributes> {
        ActivityViewContext(attributes: attributes, state: state, isStale: isStale, activityID: activityID)
    }
}

/// A Live Activity in the Dynamic Island: expanded, compact beside the camera, minimal (Apple:
/// `DynamicIsland`).
public struct DynamicIsland {
    let expanded: () -> [ExpandedRegion]
    let compactLeading: () -> any View
    let compactTrailing: () -> any View
    let minimal: () -> any View
    var keyline: Color?
    var url: URL?

    public init<Expanded: View, CompactLeading: View, CompactTrailing: View, Minimal: View>(
        @DynamicIslandExpandedContentBuilder expanded: @escaping () -> DynamicIslandExpandedContent<Expanded>,
        @ViewBuilder compactLeading: @escaping () -> CompactLeading,
        @ViewBuilder compactTrailing: @escaping () -> CompactTrailing,
        @ViewBuilder minimal: @escaping () -> Minimal
    ) {
        self.expanded = { expanded().regions }
        self.compactLeading = compactLeading
        self.compactTrailing = compactTrailing
        self.minimal = minimal
    }

    /// The island with its border tinted.
    public func keylineTint(_ color: Color?) -> DynamicIsland {
        var island = self
        island.keyline = color
        return island
    }

    /// The island with the address the app opens at when tapped.
    public func widgetURL(_ url: URL?) -> DynamicIsland {
        var island = self
        island.url = url
        return island
    }

    @MainActor func _wireframe(_ context: WireframeContext) -> WireframeNode {
        var attributes: [String: String] = [:]
        if let keyline { attributes["keylineTint"] = keyline._wireframeName }
        if let url { attributes["widgetURL"] = url.absoluteString }
        let regions = expanded().map { region in
            WireframeNode(
                "region", attributes: ["position": region.position, "priority": "\(region.priority)"],
                children: context.evaluate(region.view))
        }
        return WireframeNode(
            "dynamicIsland", attributes: attributes,
            children: [
                WireframeNode("expanded", children: regions),
                WireframeNode("compactLeading", children: context.evaluate(compactLeading())),
                WireframeNode("compactTrailing", children: context.evaluate(compactTrailing())),
                WireframeNode("minimal", children: context.evaluate(minimal())),
            ])
    }
}

/// One region of the expanded Dynamic Island, as the builder gathers it.
struct ExpandedRegion {
    let position: String
    let priority: Double
    let view: any View
}

/// Content for one place of the expanded Dynamic Island (Apple: `DynamicIslandExpandedRegion`).
public struct DynamicIslandExpandedRegion<Content: View> {
    let region: ExpandedRegion

    public init(
        _ position: DynamicIslandExpandedRegionPosition, priority: Double = 0, @ViewBuilder content: () -> Content
    ) {
        region = ExpandedRegion(position: position.name, priority: priority, view: content())
    }
}

/// A place in the expanded Dynamic Island (Apple: `DynamicIslandExpandedRegionPosition`).
public struct DynamicIslandExpandedRegionPosition {
    let name: String

    public static var leading: DynamicIslandExpandedRegionPosition {
        DynamicIslandExpandedRegionPosition(name: "leading")
    }
    public static var trailing: DynamicIslandExpandedRegionPosition {
        DynamicIslandExpandedRegionPosition(name: "trailing")
    }
    public static var center: DynamicIslandExpandedRegionPosition {
        DynamicIslandExpandedRegionPosition(name: "center")
    }
    public static var bottom: DynamicIslandExpandedRegionPosition {
        DynamicIslandExpandedRegionPosition(name: "bottom")
    }
}

/// The expanded Dynamic Island as its builder made it: the regions in order (Apple:
/// `DynamicIslandExpandedContent`).
public struct DynamicIslandExpandedContent<Content: View> {
    let regions: [ExpandedRegion]
}

/// Gathers the regions of the expanded Dynamic Island (Apple: `DynamicIslandExpandedContentBuilder`).
@resultBuilder public struct DynamicIslandExpandedContentBuilder {
    public static func buildPartialBlock<C: View>(first: DynamicIslandExpandedRegion<C>)
        -> DynamicIslandExpandedContent<some View>
    {
        DynamicIslandExpandedContent<EmptyView>(regions: [first.region])
    }

    public static func buildPartialBlock<C0: View, C1: View>(
        accumulated: DynamicIslandExpandedContent<C0>, next: DynamicIslandExpandedRegion<C1>
    ) -> DynamicIslandExpandedContent<some View> {
        DynamicIslandExpandedContent<EmptyView>(regions: accumulated.regions + [next.region])
    }
}
