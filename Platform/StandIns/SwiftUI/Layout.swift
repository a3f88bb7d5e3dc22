import Foundation

/// The size a `GeometryReader` offers its content (Apple: `GeometryProxy`). The wireframes
/// give the canvas of the device drawn.
public struct GeometryProxy {
    public let size: CGSize
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
}

/// Insets from each edge (Apple: `EdgeInsets`).
public struct EdgeInsets: Equatable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

/// The geometry of a scroll view (Apple: `ScrollGeometry`, iOS 18), given to
/// `onScrollGeometryChange`.
public struct ScrollGeometry: Equatable, Sendable {
    public var contentOffset: CGPoint
    public var contentSize: CGSize
    public var contentInsets: EdgeInsets
    public var containerSize: CGSize
    public init(contentOffset: CGPoint, contentSize: CGSize, contentInsets: EdgeInsets, containerSize: CGSize) {
        self.contentOffset = contentOffset
        self.contentSize = contentSize
        self.contentInsets = contentInsets
        self.containerSize = containerSize
    }
}

/// A view laid out from the size it is offered (Apple: `GeometryReader`).
nonisolated public struct GeometryReader<Content: View>: View, _WireframePrimitive {
    public typealias Body = Never
    let content: (GeometryProxy) -> Content
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        context.evaluate(content(GeometryProxy(size: context.canvasSize)))
    }
}

extension View {
    /// Moves the view without changing its layout; the wireframe notes the shift in points.
    nonisolated public func offset(_ offset: CGSize) -> some View { self.offset(x: offset.width, y: offset.height) }

    nonisolated public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        decorated { node in
            if x != 0 { node.attributes["offsetX"] = "\(Int(x))" }
            if y != 0 { node.attributes["offsetY"] = "\(Int(y))" }
        }
    }

    nonisolated public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        self
    }

    nonisolated public func clipped(antialiased: Bool = false) -> some View { attribute("clipped", "true") }

    nonisolated public func allowsHitTesting(_ enabled: Bool) -> some View {
        decorated { if !enabled { $0.attributes["hitTesting"] = "false" } }
    }

    nonisolated public func accessibilityHidden(_ hidden: Bool) -> some View {
        decorated { if hidden { $0.attributes["accessibilityHidden"] = "true" } }
    }
}

/// The kinds of safe area a view can reach into (Apple: `SafeAreaRegions`).
public struct SafeAreaRegions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}
