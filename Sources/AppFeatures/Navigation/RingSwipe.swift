/// How the ring's pager reads a drag (UI7). The direction locks to the axis the finger moved
/// along most, once it has moved `lockDistance` points, so a drag never moves the ring both
/// ways; the ring moves when the drag ends past a quarter of the page, or when a flick would
/// carry it past half. Dragging the content left shows the next section (the ring moves
/// right), dragging it up shows the next page (down).
public struct RingSwipe: Equatable, Sendable {
    public static let lockDistance = 12.0
    public static let commitFraction = 0.25
    public static let flickFraction = 0.5

    /// The axis the drag is locked to, once decided.
    public private(set) var axis: Axis?

    public enum Axis: Sendable { case horizontal, vertical }

    public init() {}

    /// Follows the drag; returns the offset the pager shows (only along the locked axis).
    public mutating func follow(dx: Double, dy: Double) -> (x: Double, y: Double) {
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
