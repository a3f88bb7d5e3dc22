import AppFeatures
import DiaryStore
import Foundation
import Geodesy
import Testing

/// The iPad's keyboard shortcuts (issue 33 §2): ⌘N and ⌘F act from whatever page is shown.
@Suite("Keyboard shortcuts")
@MainActor
struct KeyCommandsTests {
    @Test("Given any page, when ⌘N is pressed, then Today shows with Catch now's sheet open at its destination")
    func catchNowFromAnywhere() async throws {
        let f = try AppFixture()
        let router = AppRouter()
        router.select(page: "settings")
        let home = home(f, at: Coordinate(latitude: 56.8405, longitude: 35.9))
        let trips = TripListModel(
            diary: f.diary,
            formatter: MeasureFormatter(preferences: .defaults(for: .metric, language: .english), language: .english))
        await KeyCommand.catchNow.perform(router: router, home: home, trips: trips)
        #expect(router.ring.page.id == "home")
        #expect(home.catchNow.plan?.destination != nil, "the sheet is open, its destination shown")
    }

    @Test("Given any page, when ⌘F is pressed, then the trips show with their search field active")
    func findTrips() async throws {
        let f = try AppFixture()
        let router = AppRouter()
        router.select(page: "map")
        let home = home(f, at: nil)
        let trips = TripListModel(
            diary: f.diary,
            formatter: MeasureFormatter(preferences: .defaults(for: .metric, language: .english), language: .english))
        #expect(!trips.isSearching)
        await KeyCommand.findTrips.perform(router: router, home: home, trips: trips)
        #expect(router.ring.page.id == "trips" && trips.isSearching)
        #expect(KeyCommand.all.map(\.key) == ["n", "f"], "⌘N and ⌘F")
    }
}
