import AppFeatures
import DiaryStore
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
            .trip(trip), .newTrip, .editTrip(trip), .newCatch(tripId: trip), .newCatch(tripId: nil), .editCatch(other),
            .spotConditions(other), .gallery(MediaTarget(.trip, trip)), .gallery(MediaTarget(.spot, other)),
            .savedReport(other),
        ]
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
            ("hobbystory://map?lat=91&lon=10", "lat between -90 and 90"),
            ("hobbystory://map?lat=60", "lon between -180 and 180"),
        ]
        for (text, expected) in cases {
            let router = AppRouter()
            #expect(throws: DeepLinkError.self) { try router.open(url: URL(string: text)!) }
            do {
                _ = try DeepLink(url: URL(string: text)!)
            } catch {
                #expect(error.description.contains(expected), "\(text): \(error)")
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
