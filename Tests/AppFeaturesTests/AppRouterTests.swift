import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import Testing

/// UI7's visible navigation: a stack per page beside the ring, links that open any screen, and
/// state kept when the angler comes back.
@Suite("Navigation stacks and links (UI7)")
@MainActor
struct AppRouterTests {
    let trip = UUID()
    let other = UUID()

    var everyDestination: [Destination] {
        [
            .trip(trip), .newTrip, .editTrip(trip), .newCatch(tripId: trip), .newCatch(tripId: nil), .catchPage(other),
            .editCatch(other),
            .spotConditions(other), .gallery(MediaTarget(.trip, trip)), .gallery(MediaTarget(.spot, other)),
            .savedReport(other), .mediaViewer(MediaViewing(target: nil, assetId: other)),
            .mediaViewer(MediaViewing(target: MediaTarget(.catch, trip), assetId: other)),
        ] + SettingsGroup.allCases.map(Destination.settings)
    }

    @Test("Given every destination, when printed as a link and read back, then the same page and stack are opened")
    func everyDestinationRoundTrips() throws {
        for destination in everyDestination {
            let link = DeepLink(destination)
            #expect(try DeepLink(url: link.url) == link, "\(link.url)")
            #expect(link.path.last == destination)
            #expect(AppScreens.ring.contains(page: link.page))
        }
    }

    @Test("Given every page of the ring, when its bare link is opened, then that page is shown with an empty stack")
    func everyPageHasALink() throws {
        for page in AppScreens.ring.sections.flatMap(\.pages) {
            let router = AppRouter()
            try router.open(url: URL(string: "hobbystory://\(page.id)")!)
            #expect(router.ring.page.id == page.id)
            #expect(router.current.path.isEmpty)
            #expect(router.link == DeepLink(page: page.id))
        }
    }

    @Test("Given links the app cannot read, when opened, then each is refused naming what is wrong and nothing moves")
    func badLinksAreRefused() {
        let cases: [(String, String)] = [
            ("https://example.com/trips", "not a hobbystory:// link"),
            ("hobbystory://lighthouse", "no page at"),
            ("hobbystory://trips/not-a-uuid", "trip id “not-a-uuid”"),
            ("hobbystory://catches/new?trip=42", "trip id “42”"),
            ("hobbystory://media/media/\(UUID().uuidString)", "not spot, trip or catch"),
            ("hobbystory://settings/wifi", "settings page “wifi”"),
            ("hobbystory://map?lat=91&lon=10", "lat between -90 and 90"),
            ("hobbystory://map?lat=60", "lon between -180 and 180"),
            ("hobbystory://map?lat=nan&lon=10", "lat between -90 and 90"),
            ("hobbystory://map?lat=1e400&lon=10", "lat between -90 and 90"),
            ("hobbystory://map?lat=10&lon=-inf", "lon between -180 and 180"),
            ("hobbystory://trips/\(String(repeating: "a", count: 100_000))", "is not a UUID"),
        ]
        for (text, expected) in cases {
            let router = AppRouter()
            #expect(throws: DeepLinkError.self) { try router.open(url: URL(string: text)!) }
            do {
                _ = try DeepLink(url: URL(string: text)!)
            } catch {
                #expect(error.description.contains(expected), "\(text.prefix(100)): \(error)")
                #expect(error.description.count < 300, "a long link is quoted in part")
            }
            #expect(router.ring == AppScreens.ring)
        }
    }

    @Test("Given a map link and the catch-now link, when opened, then the map shows the point and home shows Catch now")
    func mapPointAndCatchNow() throws {
        let router = AppRouter()
        try router.open(url: URL(string: "hobbystory://map?lat=56.25&lon=-36.5")!)
        #expect(router.ring.page.id == "map")
        #expect(router.mapPoint == Coordinate(latitude: 56.25, longitude: -36.5))
        #expect(DeepLink(page: "map", mapPoint: router.mapPoint).url.absoluteString.contains("lat=56.25"))
        try router.open(url: URL(string: "hobbystory://home/catch-now")!)
        #expect(router.ring.page.id == "home")
        #expect(router.isCatchNowShown)
        #expect(try DeepLink(url: DeepLink(page: "home", catchNow: true).url).catchNow)
    }

    @Test(
        "Given stacks on two pages of two sections, when the angler moves around the ring and back, then each stack is as left"
    )
    func stacksKeptAcrossTheRing() {
        let router = AppRouter()
        router.select(page: "trips")
        router.current.navigate(to: .trip(trip))
        router.current.navigate(to: .editCatch(other))
        router.select(section: "reports")
        router.current.navigate(to: .savedReport(other))
        for direction in [RingDirection.right, .right, .right, .right] { router.move(direction) }
        #expect(router.ring.section.id == "reports")
        #expect(router.current.path == [.savedReport(other)])
        router.select(section: "diary")
        #expect(router.ring.page.id == "trips")
        #expect(router.current.path == [.trip(trip), .editCatch(other)])
        router.move(.down)
        #expect(router.current.path.isEmpty)
        router.move(.up)
        #expect(router.current.path == [.trip(trip), .editCatch(other)])
        #expect(router.link == DeepLink(.editCatch(other)))
    }

    @Test("Given the trip list beside its detail on a wide screen, when trips are chosen, then one stack serves both")
    func splitViewSelection() {
        let router = AppRouter()
        let trips = router.pages["trips"]!
        #expect(AppScreens.ring.sections[0].pages.filter(\.showsDetailBeside).map(\.id) == ["trips"])
        let first = UUID()
        let second = UUID()
        trips.selection = .trip(first)
        trips.detailPath.append(.editTrip(first))
        #expect(trips.path == [.trip(first), .editTrip(first)])
        trips.selection = .trip(first)
        #expect(trips.detailPath == [.editTrip(first)], "choosing the shown trip again keeps its form open")
        trips.selection = .trip(second)
        #expect(trips.path == [.trip(second)], "another trip starts its own stack")
        trips.detailPath = []
        #expect(trips.path == [.trip(second)])
        trips.selection = nil
        #expect(trips.path.isEmpty)
        #expect(trips.selection == nil, "the trips column asks to choose one")
    }

    @Test(
        "Given Settings beside its pages on a wide screen, when nothing is chosen, then its first page shows; a page opened above it, or another chosen, keeps one stack"
    )
    func settingsShowsItsFirstPage() {
        let settings = AppRouter().pages["settings"]!
        #expect(settings.selection == .settings(.account) && settings.path.isEmpty, "as iPad's Settings opens")
        settings.detailPath.append(.settings(.licence))
        #expect(
            settings.path == [.settings(.account), .settings(.licence)], "the first page stays under what it opened")
        settings.selection = .settings(.units)
        #expect(settings.path == [.settings(.units)])
        settings.selection = nil
        #expect(settings.selection == .settings(.account))
    }

    @Test("Given a pushed screen, when swiped, then the ring stays (the screen owns its drags) until back at the root")
    func swipesOnlyAtTheRoot() {
        let router = AppRouter()
        #expect(router.swipeMoves(.right) && router.swipeMoves(.down))
        router.current.navigate(to: .newTrip)
        for direction in RingDirection.allCases { #expect(!router.swipeMoves(direction)) }
        router.current.back()
        #expect(router.swipeMoves(.right))
        router.select(section: "map")
        #expect(!router.swipeMoves(.right), "the map pans itself")
    }

    @Test(
        "Given a text field being edited on the page, when a drag begins anywhere, then no direction turns the page; when editing ends, or another page shows, the list's rule is back"
    )
    func editingTextKeepsThePage() {
        let router = AppRouter()
        router.select(page: "formula")
        #expect(router.dragStart(list: .fits).leavesToRing(.up), "a short page turns both ways")
        router.field("reports.formula", isEditing: true)
        router.field("reports.title", isEditing: true)
        for list in ListPosition.allCases {
            for direction in RingDirection.allCases {
                #expect(!router.dragStart(list: list).leavesToRing(direction), "\(list) \(direction)")
            }
        }
        router.field("reports.formula", isEditing: false)
        #expect(!router.dragStart(list: .fits).leavesToRing(.down), "the title is still edited")
        router.field("reports.title", isEditing: false)
        #expect(router.dragStart(list: .fits).leavesToRing(.down))
        router.field("reports.title", isEditing: true)
        router.move(.down)
        #expect(router.fieldsEditing.isEmpty, "a field of a page left behind edits nothing")
        #expect(router.dragStart(list: .fits).leavesToRing(.up))
    }

    @Test("Given a stack on the shown section, when its tab is tapped again, then the page returns to its root")
    func tabTapAgainPopsToRoot() {
        let router = AppRouter()
        router.open(DeepLink(.editTrip(trip)))
        #expect(router.current.path == [.trip(trip), .editTrip(trip)])
        router.select(section: "diary")
        #expect(router.current.path.isEmpty)
        #expect(router.ring.page.id == "trips")
    }
}

/// UI7's pager: a drag locks to one axis and moves the ring one step, or not at all.
@Suite("Ring swipes (UI7)")
struct RingSwipeTests {
    @Test("Given a drag mostly sideways, when it goes on diagonally, then it stays horizontal and moves one section")
    func lockedToItsFirstAxis() {
        var swipe = RingSwipe()
        #expect(swipe.follow(dx: -5, dy: 3) == (0, 0), "not decided before the lock distance")
        #expect(swipe.axis == nil)
        #expect(swipe.follow(dx: -20, dy: 8) == (-20, 0))
        #expect(swipe.follow(dx: -60, dy: 90) == (-60, 0), "a later vertical movement does not unlock it")
        #expect(swipe.end(dx: -120, dy: 90, predictedDX: -150, predictedDY: 200, width: 390, height: 844) == .right)
        #expect(swipe.end(dx: 120, dy: 0, predictedDX: 130, predictedDY: 0, width: 390, height: 844) == .left)
    }

    @Test("Given a drag up or down past a quarter of the page, when it ends, then the page moves; a short one stays")
    func verticalMovesPages() {
        var swipe = RingSwipe()
        _ = swipe.follow(dx: 2, dy: -30)
        #expect(swipe.axis == .vertical)
        #expect(swipe.end(dx: 0, dy: -220, predictedDX: 0, predictedDY: -230, width: 390, height: 844) == .down)
        #expect(swipe.end(dx: 0, dy: 220, predictedDX: 0, predictedDY: 230, width: 390, height: 844) == .up)
        #expect(swipe.end(dx: 0, dy: -100, predictedDX: 0, predictedDY: -120, width: 390, height: 844) == nil)
    }

    @Test("Given a drag from the screen's edge, when it goes on, then the ring leaves it to the system")
    func edgeDragsBelongToTheSystem() {
        var fromEdge = RingSwipe(startX: 10, y: 400, width: 390, height: 844)
        #expect(fromEdge.follow(dx: 200, dy: 0) == (0, 0))
        #expect(fromEdge.neighbours.isEmpty)
        #expect(fromEdge.end(dx: 200, dy: 0, predictedDX: 300, predictedDY: 0, width: 390, height: 844) == nil)
        for (x, y) in [(380.0, 400.0), (200.0, 5.0), (200.0, 830.0)] {
            #expect(RingSwipe(startX: x, y: y, width: 390, height: 844).ignored, "(\(x), \(y)) is at an edge")
        }
        var inside = RingSwipe(startX: 200, y: 400, width: 390, height: 844)
        #expect(inside.follow(dx: 200, dy: 0) == (200, 0))
        #expect(inside.end(dx: 200, dy: 0, predictedDX: 300, predictedDY: 0, width: 390, height: 844) == .left)
    }

    @Test("Given a locked drag, when the pager asks, then both neighbours along its axis are drawn one page away")
    func neighboursAlongTheAxis() {
        var swipe = RingSwipe()
        #expect(swipe.neighbours.isEmpty, "nothing beside the page before the drag is locked")
        _ = swipe.follow(dx: -30, dy: 4)
        #expect(swipe.neighbours.map(\.direction) == [.left, .right])
        #expect(swipe.neighbours.map(\.column) == [-1, 1])
        var vertical = RingSwipe()
        _ = vertical.follow(dx: 0, dy: 40)
        #expect(vertical.neighbours.map(\.direction) == [.up, .down])
        #expect(vertical.neighbours.map(\.row) == [-1, 1])
    }

    @Test("Given a short fast flick, when it ends, then it moves; a flick back against the drag does not")
    func flicks() {
        var swipe = RingSwipe()
        _ = swipe.follow(dx: -40, dy: 0)
        #expect(swipe.end(dx: -40, dy: 0, predictedDX: -260, predictedDY: 0, width: 390, height: 844) == .right)
        #expect(swipe.end(dx: -40, dy: 0, predictedDX: 260, predictedDY: 0, width: 390, height: 844) == nil)
        #expect(RingSwipe().end(dx: -300, dy: 0, predictedDX: -300, predictedDY: 0, width: 390, height: 844) == nil)
    }
}
