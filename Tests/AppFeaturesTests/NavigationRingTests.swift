import AppFeatures
import Testing

/// UI7: the sections wrap left ↔ right and the pages of a section wrap top ↔ bottom, every move
/// has a button, and each section keeps its page while another is visited.
@Suite("Cyclic screens (UI7)")
struct NavigationRingTests {
    let ring = AppScreens.ring

    @Test(
        "Given any section, when moved right as many times as there are sections, then every section was shown once and the ring is back"
    )
    func sectionsWrapRight() {
        var ring = ring
        var seen: [String] = []
        for _ in ring.sections.indices {
            seen.append(ring.section.id)
            ring.move(.right)
        }
        #expect(seen == ring.sections.map(\.id))
        #expect(ring.section.id == ring.sections[0].id)
    }

    @Test("Given the first section, when moved left, then the last is shown; and right from the last gives the first")
    func wrapAtBothEnds() {
        var ring = ring
        ring.move(.left)
        #expect(ring.section.id == ring.sections.last!.id)
        ring.move(.right)
        #expect(ring.section.id == ring.sections.first!.id)
    }

    @Test(
        "Given every page of every section, when reached by moving down or up from the first, then each is reachable both ways and wraps"
    )
    func everyPageReachableBothWays() {
        for (index, section) in ring.sections.enumerated() {
            for (target, page) in section.pages.enumerated() {
                var down = ring
                for _ in 0..<index { down.move(.right) }
                for _ in 0..<target { down.move(.down) }
                #expect(down.page == page)
                var up = ring
                for _ in 0..<index { up.move(.right) }
                for _ in 0..<((section.pages.count - target) % section.pages.count) { up.move(.up) }
                #expect(up.page == page)
            }
            var wrap = ring
            wrap.select(section: section.id)
            for _ in section.pages { wrap.move(.down) }
            #expect(wrap.page == section.pages[0], "section \(section.id) wraps top to bottom")
        }
    }

    @Test(
        "Given a section left on its third page, when another section is visited and the angler comes back, then the third page is shown"
    )
    func stateKeptWhenReturning() {
        var ring = ring
        ring.move(.down)
        ring.move(.down)
        let left = ring.page
        ring.move(.right)
        ring.move(.down)
        ring.move(.left)
        #expect(ring.page == left)
        ring.select(section: "map")
        ring.select(section: "diary")
        #expect(ring.page == left)
    }

    @Test("Given the map, when the angler swipes, then the map keeps the drag and the buttons still move the ring")
    func mapKeepsItsDrags() {
        var ring = ring
        ring.select(page: "map")
        #expect(RingDirection.allCases.allSatisfy { !ring.swipeMoves($0) })
        ring.move(.right)
        #expect(ring.section.id == "reports")
        ring.select(page: "home")
        #expect(ring.swipeMoves(.left) && ring.swipeMoves(.down))
    }

    @Test(
        "Given each direction, when its neighbour is asked, then it is where the move leads; up and down are the indicator's buttons (and its menu of pages), left and right a section's tab"
    )
    @MainActor
    func neighboursAndControls() {
        for direction in RingDirection.allCases {
            var moved = ring
            moved.move(direction)
            #expect(ring.neighbour(direction) == moved.page)
        }
        #expect(
            NavigationRing.controls == [NavigationRing.previousPage, NavigationRing.nextPage, NavigationRing.pagesMenu])
        let controls = AppScreens.controls
        #expect(ring.sections.allSatisfy { controls.contains(AppScreens.tab($0.id)) })
        #expect(NavigationRing.controls.allSatisfy(controls.contains))
    }
}
