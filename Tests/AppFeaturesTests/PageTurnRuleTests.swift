import AppFeatures
import Testing

/// Issue 33 §1: a page turns only when its content cannot move further that way — a list at its
/// end, a sideways drag outside sideways-scrolling content, never in a text field.
@Suite("The page-turn rule (UI7)")
struct PageTurnRuleTests {
    /// How a drag moves and ends: a short slow one, a long slow one, a short fast flick.
    enum Speed: CaseIterable {
        case shortSlow, longSlow, flick

        /// Points moved and where a flick would carry the finger, along the drag's axis, for a
        /// page `size` points long that way: below a quarter without a flick; past a quarter;
        /// a fifth of the page flicked past half.
        func distances(_ size: Double) -> (moved: Double, predicted: Double) {
            switch self {
            case .shortSlow: (size * 0.15, size * 0.18)
            case .longSlow: (size * 0.3, size * 0.32)
            case .flick: (size * 0.2, size * 0.9)
            }
        }
    }

    /// What the drag started on.
    enum Origin: CaseIterable { case plain, horizontalScroller, textField }

    static let (width, height) = (390.0, 844.0)

    /// The ring's move for a drag toward `direction` on content `start`, ended at `speed`; and
    /// the largest offset the pager showed while it moved.
    func drag(_ direction: RingDirection, on start: DragStart, speed: Speed) -> (RingDirection?, Double) {
        var swipe = RingSwipe(startX: 195, y: 422, width: Self.width, height: Self.height, content: start)
        let horizontal = direction == .left || direction == .right
        let (moved, predicted) = speed.distances(horizontal ? Self.width : Self.height)
        // The content moves against the ring: dragging it left or up shows the next section or page.
        let sign = direction == .right || direction == .down ? -1.0 : 1.0
        var shown = 0.0
        for step in stride(from: 4.0, through: moved, by: 4.0) {
            let offset = horizontal ? swipe.follow(dx: sign * step, dy: 1) : swipe.follow(dx: 1, dy: sign * step)
            shown = max(shown, abs(offset.x), abs(offset.y))
        }
        let end =
            horizontal
            ? swipe.end(
                dx: sign * moved, dy: 1, predictedDX: sign * predicted, predictedDY: 1, width: Self.width,
                height: Self.height)
            : swipe.end(
                dx: 1, dy: sign * moved, predictedDX: 1, predictedDY: sign * predicted, width: Self.width,
                height: Self.height)
        return (end, shown)
    }

    @Test(
        "Given every list position, drag origin, direction and speed, when the drag ends, then the page turns exactly when the content cannot move that way and the drag is long or fast enough"
    )
    func everyCase() {
        // The rule as the issue states it, written apart from the code under test.
        let listsLettingUp: Set<ListPosition> = [.fits, .top]
        let listsLettingDown: Set<ListPosition> = [.fits, .end]
        var turned = 0
        for list in ListPosition.allCases {
            for origin in Origin.allCases {
                let start = DragStart(
                    list: list, inHorizontalScroller: origin == .horizontalScroller, inTextField: origin == .textField)
                for direction in RingDirection.allCases {
                    let contentLets: Bool =
                        switch (origin, direction) {
                        case (.textField, _): false
                        case (.horizontalScroller, .left), (.horizontalScroller, .right): false
                        case (_, .left), (_, .right): true
                        case (_, .up): listsLettingUp.contains(list)
                        case (_, .down): listsLettingDown.contains(list)
                        }
                    for speed in Speed.allCases {
                        let (move, shown) = drag(direction, on: start, speed: speed)
                        let expected = contentLets && speed != .shortSlow ? direction : nil
                        #expect(
                            move == expected,
                            "\(direction) from a list at \(list), \(origin), \(speed): \(String(describing: move))")
                        #expect(
                            (shown > 0) == contentLets,
                            "the page follows the finger only where it may turn (\(direction), \(list), \(origin))")
                        if move != nil { turned += 1 }
                    }
                }
            }
        }
        // 16 drags are the ring's (12 on plain content, 4 on sideways-scrolling content), each
        // turning on a long drag and on a flick.
        #expect(turned == 2 * 16)
    }

    @Test(
        "Given a list in the middle, when it is flicked hard up or down, then it scrolls and the page stays; at its end the same flick turns the page"
    )
    func flickOnAList() {
        let hard = (moved: 120.0, predicted: 2_000.0)
        for (list, turns) in [(ListPosition.middle, nil), (.end, RingDirection.down), (.top, nil)] {
            var swipe = RingSwipe(
                startX: 195, y: 422, width: Self.width, height: Self.height, content: DragStart(list: list))
            #expect(swipe.follow(dx: 0, dy: -hard.moved) == (0, list == .end ? -hard.moved : 0))
            #expect(
                swipe.end(
                    dx: 0, dy: -hard.moved, predictedDX: 0, predictedDY: -hard.predicted, width: Self.width,
                    height: Self.height) == turns)
        }
    }

    @Test("Given a drag on a list in the middle, when the pager asks, then it draws no neighbour above or below")
    func noNeighbourWhereNoTurn() {
        var middle = RingSwipe(content: DragStart(list: .middle))
        _ = middle.follow(dx: 0, dy: 40)
        #expect(middle.axis == .vertical && middle.neighbours.isEmpty)
        var top = RingSwipe(content: DragStart(list: .top))
        _ = top.follow(dx: 0, dy: 40)
        #expect(top.neighbours.map(\.direction) == [.up])
        var sideways = RingSwipe(content: DragStart(list: .middle))
        _ = sideways.follow(dx: 40, dy: 0)
        #expect(
            sideways.neighbours.map(\.direction) == [.left, .right], "a list's position does not hold sideways drags")
    }

    @Test("Given scroll geometries, when read, then the list is at its top, in the middle, at its end, or fits")
    func positionFromGeometry() {
        func position(_ offset: Double, content: Double, insets: (Double, Double) = (0, 0)) -> ListPosition {
            ListPosition(
                offset: offset, contentHeight: content, containerHeight: 700, insetTop: insets.0, insetBottom: insets.1)
        }
        #expect(position(0, content: 400) == .fits)
        #expect(position(0, content: 700) == .fits, "exactly one screenful")
        #expect(position(0, content: 700.5) == .fits, "within a point of one screenful")
        #expect(position(0, content: 2_000) == .top)
        #expect(position(-60, content: 2_000) == .top, "pulled past the top (a bounce)")
        #expect(position(0.6, content: 2_000) == .top, "within the tolerance")
        #expect(position(650, content: 2_000) == .middle)
        #expect(position(1_299.5, content: 2_000) == .end)
        #expect(position(1_380, content: 2_000) == .end, "pulled past the end")
        #expect(position(-100, content: 2_000, insets: (100, 50)) == .top, "the top under a bar of 100 points")
        #expect(position(1_300, content: 2_000, insets: (100, 50)) == .middle, "50 points of inset below still to go")
        #expect(position(1_350, content: 2_000, insets: (100, 50)) == .end)
        #expect(position(-100, content: 550, insets: (100, 50)) == .fits, "550 and 150 of insets fill 700 exactly")
        #expect(position(-100, content: 560, insets: (100, 50)) == .top, "10 points to scroll")
    }
}
