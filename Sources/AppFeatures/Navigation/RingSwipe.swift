/// How the ring's pager reads a drag (UI7). The direction locks to the axis the finger moved
/// along most, once it has moved `lockDistance` points, so a drag never moves the ring both
/// ways; the ring moves when the drag ends past a quarter of the page, or when a flick would
/// carry it past half. Dragging the content left shows the next section (the ring moves
/// right), dragging it up shows the next page (down). What was under the finger when the drag
/// began (``DragStart``) keeps the drags its content uses — a list scrolling, a text field's
/// cursor — from ever moving the page (issue 33 §1).
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
    /// What the drag started on.
    public let start: DragStart

    public enum Axis: Sendable { case horizontal, vertical }

    /// A neighbour the pager draws beside the page while a drag moves it: `column` and `row` say
    /// where it sits, in pages, from the page on screen.
    public struct Neighbour: Hashable, Sendable {
        public let direction: RingDirection
        public let column: Double
        public let row: Double
    }

    /// A drag on content that leaves every direction to the ring.
    public init(content start: DragStart = DragStart()) { self.start = start }

    /// A drag that started at (`x`, `y`) on a page of `width` × `height` points, on `start`.
    public init(startX x: Double, y: Double, width: Double, height: Double, content start: DragStart = DragStart()) {
        let margin = Self.edgeMargin
        ignored = x < margin || x > width - margin || y < margin || y > height - margin
        self.start = start
    }

    /// The neighbours the drag reveals: those along its axis its content leaves to the ring,
    /// none before it is locked.
    public var neighbours: [Neighbour] {
        let along: [Neighbour] =
            switch axis {
            case .horizontal:
                [Neighbour(direction: .left, column: -1, row: 0), Neighbour(direction: .right, column: 1, row: 0)]
            case .vertical:
                [Neighbour(direction: .up, column: 0, row: -1), Neighbour(direction: .down, column: 0, row: 1)]
            case nil: []
            }
        return along.filter { start.leavesToRing($0.direction) }
    }

    /// Follows the drag; returns the offset the pager shows: only along the locked axis, and
    /// only toward a side the content leaves to the ring (a list in the middle stays put while
    /// it scrolls).
    public mutating func follow(dx: Double, dy: Double) -> (x: Double, y: Double) {
        guard !ignored else { return (0, 0) }
        if axis == nil, max(abs(dx), abs(dy)) >= Self.lockDistance {
            axis = abs(dx) >= abs(dy) ? .horizontal : .vertical
        }
        switch axis {
        case .horizontal: return start.leavesToRing(dx < 0 ? .right : .left) ? (dx, 0) : (0, 0)
        case .vertical: return start.leavesToRing(dy < 0 ? .down : .up) ? (0, dy) : (0, 0)
        case nil: return (0, 0)
        }
    }

    /// Where the ring moves when the drag ends, if anywhere: `predicted` is where a flick would
    /// carry the finger; `width` and `height` are the page's size.
    public func end(dx: Double, dy: Double, predictedDX: Double, predictedDY: Double, width: Double, height: Double)
        -> RingDirection?
    {
        guard !ignored else { return nil }
        let direction: RingDirection
        switch axis {
        case .horizontal:
            guard Self.moves(dx, predictedDX, width) else { return nil }
            direction = dx < 0 ? .right : .left
        case .vertical:
            guard Self.moves(dy, predictedDY, height) else { return nil }
            direction = dy < 0 ? .down : .up
        case nil: return nil
        }
        return start.leavesToRing(direction) ? direction : nil
    }

    private static func moves(_ distance: Double, _ predicted: Double, _ size: Double) -> Bool {
        guard size > 0 else { return false }
        return abs(distance) >= size * commitFraction
            || (abs(predicted) >= size * flickFraction && predicted.sign == distance.sign && distance != 0)
    }
}
