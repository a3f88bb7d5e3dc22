import Foundation

/// Where a container background goes: the widget, a navigation stack… (Apple:
/// `ContainerBackgroundPlacement`). The placements are the frameworks' own: WidgetKit's `widget`.
public struct ContainerBackgroundPlacement {
    let name: String

    /// A placement named for the wireframe. Not Apple API: the other stand-in modules make their
    /// placements with it.
    public static func _wireframe(_ name: String) -> ContainerBackgroundPlacement {
        ContainerBackgroundPlacement(name: name)
    }
}

extension View {
    /// Sets the background of the container the view is in, such as a widget; the wireframe records
    /// the style and the container ("widget: fill.tertiary").
    nonisolated public func containerBackground<S: ShapeStyle>(_ style: S, for container: ContainerBackgroundPlacement)
        -> some View
    {
        attribute("containerBackground", "\(container.name): \(styleName(style))")
    }
}
