/// How the ring's pager reads a drag (UI7). The direction locks to the axis the finger moved
/// along most, once it has moved `lockDistance` points, so a drag never moves the ring both
/// ways; the ring moves when the drag ends past a quarter of the page, or when a flick would
/// carry it past half. Dragging the content left shows the next section (the ring moves
/// right), dragging it up shows the next page (down).
public struct RingSwipe: Equatable, Sendable {
    public static let lockDistance = 12.0
    public static let commitFraction = 0.25
    public static let flickFraction = 0.5

    /// Drags that start this close to an edge of the page belong to the system (the back swipe,
    /// Control Centre, the home indicator): the ring leaves them alone.
    public static let edgeMargin = 24.0

    /// The axis the drag is locked to, once decided.
    public private(set) var axis: Axis?
    /// Whether the drag started at an edge and so never moves the ring.
    public private(set) var ignored = false

    public enum Axis: Sendable { case horizontal, vertical }

    /// A neighbour the pager draws beside the page while a drag moves it: `column` and `row` say
    /// where it sits, in pages, from the page on screen.
    public struct Neighbour: Hashable, Sendable {
        public let direction: RingDirection
        public let column: Double
        public let row: Double
    }

    public init() {}

    /// A drag that started at (`x`, `y`) on a page of `width` × `height` points.
    public init(startX x: Double, y: Double, width: Double, height: Double) {
        let margin = Self.edgeMargin
        ignored = x < margin || x > width - margin || y < margin || y > height - margin
    }

    /// The neighbours the drag reveals: both along its axis, none before it is locked.
    public var neighbours: [Neighbour] {
        switch axis {
        case .horizontal:
            [Neighbour(direction: .left, column: -1, row: 0), Neighbour(direction: .right, column: 1, row: 0)]
        case .vertical: [Neighbour(direction: .up, column: 0, row: -1), Neighbour(direction: .down, column: 0, row: 1)]
        case nil: []
        }
    }

    /// Follows the drag; returns the offset the pager shows (only along the locked axis).
    public mutating func follow(dx: Double, dy: Double) -> (x: Double, y: Double) {
        guard !ignored else { return (0, 0) }
        if axis == nil, max(abs(dx), abs(dy)) >= Self.lockDistance {
            axis = abs(dx) >= abs(dy) ? .horizontal : .vertical
        }
        switch axis {
        case .horizontal: return (dx, 0)
        case .vertical: return (0, dy)
        case nil: return (0, 0)
        }
    }

    /// Where the ring moves when the drag ends, if anywhere: `predicted` is where a flick would
    /// carry the finger; `width` and `height` are the page's size.
    public func end(dx: Double, dy: Double, predictedDX: Double, predictedDY: Double, width: Double, height: Double)
        -> RingDirection?
    {
        guard !ignored else { return nil }
        switch axis {
        case .horizontal:
            guard Self.moves(dx, predictedDX, width) else { return nil }
            return dx < 0 ? .right : .left
        case .vertical:
            guard Self.moves(dy, predictedDY, height) else { return nil }
            return dy < 0 ? .down : .up
        case nil: return nil
        }
    }

    private static func moves(_ distance: Double, _ predicted: Double, _ size: Double) -> Bool {
        guard size > 0 else { return false }
        return abs(distance) >= size * commitFraction
            || (abs(predicted) >= size * flickFraction && predicted.sign == distance.sign && distance != 0)
    }
}
