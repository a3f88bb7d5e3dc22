import CoreTransferable
import Foundation

/// How content fills a frame of another shape (Apple: `ContentMode`).
public enum ContentMode: Sendable, Hashable, CaseIterable {
    case fit, fill
}

/// A point in a view's own unit square, 0…1 on each axis (Apple: `UnitPoint`).
public struct UnitPoint: Hashable, Sendable {
    public var x: CGFloat
    public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

extension View {
    nonisolated public func scaledToFit() -> some View { attribute("contentMode", "fit") }
    nonisolated public func scaledToFill() -> some View { attribute("contentMode", "fill") }
    nonisolated public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        attribute("contentMode", contentMode == .fit ? "fit" : "fill")
    }
    nonisolated public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some View {
        attribute("scale", "\(scale)")
    }
}

/// Which of a lazy stack's headers and footers stay pinned while it scrolls
/// (Apple: `PinnedScrollableViews`).
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// A column of a lazy grid (Apple: `GridItem`).
public struct GridItem: Sendable {
    /// How wide the column is (Apple: `GridItem.Size`).
    public enum Size: Sendable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public var size: Size
    public var spacing: CGFloat?
    public var alignment: Alignment?
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// Items in rows that fill the width, made as they scroll into view (Apple: `LazyVGrid`). The
/// wireframe draws adaptive columns at their minimum width.
nonisolated public struct LazyVGrid<Content: View>: View, _WireframePrimitive {
    public typealias Body = Never
    let columns: [GridItem]
    let content: Content
    public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        self.columns = columns
        self.content = content()
    }
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        var minimum = 100
        if case .adaptive(let least, _) = columns.first?.size { minimum = Int(least) }
        return [context.node("grid", attributes: ["cell": "\(minimum)"], of: content)]
    }
}

/// The label a share link makes: "Share" with its symbol (Apple: `DefaultShareLinkLabel`).
nonisolated public struct DefaultShareLinkLabel: View, _WireframePrimitive {
    /// Apple's has a body (an opaque view); the wireframe draws the label itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [
            WireframeNode(
                "label",
                children: [WireframeNode("symbol", text: "square.and.arrow.up"), WireframeNode("text", text: "Share")])
        ]
    }
}

/// A control that opens the share sheet with items (Apple: `ShareLink`).
nonisolated public struct ShareLink<
    Data: RandomAccessCollection, PreviewImage: Transferable, PreviewIcon: Transferable, Label: View
>:
    View, _WireframePrimitive
where Data.Element: Transferable {
    /// Apple's ShareLink has a body (an opaque view); the wireframe draws the link itself
    /// (`_WireframePrimitive`, evaluated before any body), so this one is never asked for.
    public var body: some View { EmptyView() }
    let items: Data
    let label: Label
    public func _wireframe(_ context: WireframeContext) -> [WireframeNode] {
        [context.node("link", attributes: ["share": "\(items.count)"], of: label)]
    }
}

extension ShareLink where Data == CollectionOfOne<URL>, PreviewImage == Never, PreviewIcon == Never {
    public init(item: URL, subject: Text? = nil, message: Text? = nil, @ViewBuilder label: () -> Label) {
        self.init(items: CollectionOfOne(item), label: label())
    }
}

extension ShareLink
where
    Data == CollectionOfOne<URL>, PreviewImage == Never, PreviewIcon == Never,
    Label == DefaultShareLinkLabel
{
    public init(item: URL, subject: Text? = nil, message: Text? = nil) {
        self.init(items: CollectionOfOne(item), label: DefaultShareLinkLabel())
    }
}

/// A pinch (Apple: `MagnifyGesture`, iOS 17): its value is how far the fingers spread.
@MainActor @preconcurrency public struct MagnifyGesture: Gesture {
    public struct Value: Equatable, Sendable {
        /// The scale since the gesture began: above 1 spreading, below 1 pinching.
        public var magnification: CGFloat
    }

    public typealias Body = Never
    /// A primitive gesture has no body (Apple's is hidden from callers).
    public var body: Never { fatalError("MagnifyGesture is a primitive gesture and has no body") }

    public var minimumScaleDelta: CGFloat

    nonisolated public init(minimumScaleDelta: CGFloat = 0.01) {
        self.minimumScaleDelta = minimumScaleDelta
    }
}
