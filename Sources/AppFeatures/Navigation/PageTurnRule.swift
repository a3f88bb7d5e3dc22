/// Where a page's vertical list stands, read from its scroll geometry: the ring turns to the
/// previous page only from the list's top and to the next only from its end, so a flick on a
/// list scrolls the list (issue 33 §1, UI7).
public enum ListPosition: Sendable, Equatable, CaseIterable {
    /// All of it is on screen: there is nothing to scroll.
    case fits
    /// At its top: dragging down can only turn to the previous page.
    case top
    /// Between its ends: a vertical drag scrolls it, whatever its speed.
    case middle
    /// At its end: dragging up can only turn to the next page.
    case end

    /// Points of slack at each end, so a list resting a fraction of a point from its end (after
    /// a bounce, or rounding) counts as there.
    public static let tolerance = 1.0

    /// The position of a list whose content, `contentHeight` tall with `insetTop` and
    /// `insetBottom` of insets, is shown `containerHeight` at a time from `offset` (the scroll
    /// view's content offset: `-insetTop` at the top).
    public init(offset: Double, contentHeight: Double, containerHeight: Double, insetTop: Double, insetBottom: Double) {
        let first = -insetTop
        let last = contentHeight + insetBottom - containerHeight
        if last <= first + Self.tolerance {
            self = .fits
        } else if offset <= first + Self.tolerance {
            self = .top
        } else if offset >= last - Self.tolerance {
            self = .end
        } else {
            self = .middle
        }
    }
}

/// What was under the finger when a drag began, which decides where the ring may turn: a page
/// turns only when its content cannot move further that way (issue 33 §1, UI7). Taken once, at
/// the drag's start: a flick that carries a list to its end mid-drag leaves the list bouncing,
/// as everywhere on iOS, and does not turn the page.
public struct DragStart: Sendable, Equatable {
    /// Where the page's list stood.
    public var list: ListPosition
    /// The drag began on content that scrolls sideways itself (a strip of photos, a wide table).
    public var inHorizontalScroller: Bool
    /// The drag began in a text field or editor, where a press and drag moves the cursor.
    public var inTextField: Bool

    public init(list: ListPosition = .fits, inHorizontalScroller: Bool = false, inTextField: Bool = false) {
        self.list = list
        self.inHorizontalScroller = inHorizontalScroller
        self.inTextField = inTextField
    }

    /// Whether the content leaves a drag toward `direction` to the ring: never from a text field;
    /// sideways only outside sideways-scrolling content; up or down only from the list's end
    /// that way (or when the whole list is on screen).
    public func leavesToRing(_ direction: RingDirection) -> Bool {
        guard !inTextField else { return false }
        switch direction {
        case .left, .right: return !inHorizontalScroller
        case .up: return list == .fits || list == .top
        case .down: return list == .fits || list == .end
        }
    }
}
