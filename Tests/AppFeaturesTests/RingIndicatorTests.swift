import AppFeatures
import Testing

/// Issue 33 §1: the ring's pages are named where an angler turns them, and VoiceOver's moves say
/// where they lead, in English and Russian.
@Suite("The ring's page indicator (UI7)")
@MainActor
struct RingIndicatorTests {
    @Test(
        "Given the diary's first page, when the indicator is read, then it names the page, the pages above and below (wrapping) and each move's destination"
    )
    func namesThePages() throws {
        let indicator = try #require(RingIndicator.of(AppScreens.ring, help: HelpModel(language: .english)))
        #expect(indicator.current == "Today")
        #expect(indicator.previous == "Photos and videos", "the first page's previous is the section's last")
        #expect(indicator.next == "Trips")
        #expect(indicator.previousPageAction == "Previous page: Photos and videos")
        #expect(indicator.nextPageAction == "Next page: Trips")
        #expect(indicator.previousSectionAction == "Previous section: More")
        #expect(indicator.nextSectionAction == "Next section: Map")
        #expect(indicator.pages.map(\.title) == ["Today", "Trips", "Spots", "Photos and videos"])
        #expect(indicator.pages.filter(\.isCurrent).map(\.id) == ["home"], "the menu ticks the page on screen")
    }

    @Test(
        "Given a Russian angler on the last page of More, when the indicator is read, then it speaks Russian and wraps")
    func russianAndWrapping() throws {
        var ring = AppScreens.ring
        ring.select(page: "about")
        let indicator = try #require(RingIndicator.of(ring, help: HelpModel(language: .russian)))
        #expect(indicator.current == "О приложении")
        #expect(indicator.next == "Синхронизация", "below the last page is the section's first")
        #expect(indicator.nextPageAction == "Следующая страница: Синхронизация")
        #expect(indicator.nextSectionAction == "Следующий раздел: Дневник", "right of the last section is the first")
    }

    @Test("Given the map, a section of one page, when the indicator is asked for, then there is none")
    func noIndicatorOnOnePage() {
        var ring = AppScreens.ring
        ring.select(section: "map")
        #expect(RingIndicator.of(ring, help: HelpModel(language: .english)) == nil)
        let actions = RingIndicator.sectionActions(ring, help: HelpModel(language: .english))
        #expect(actions.previous == "Previous section: Diary" && actions.next == "Next section: Reports")
    }

    @Test("Given every page of the ring in both languages, when its indicator is read, then no text is a bare key")
    func everyPageIsNamed() {
        for language in Language.allCases {
            let help = HelpModel(language: language)
            for page in AppScreens.ring.sections.flatMap(\.pages) {
                var ring = AppScreens.ring
                ring.select(page: page.id)
                guard let indicator = RingIndicator.of(ring, help: help) else { continue }
                for text in [indicator.current, indicator.previous, indicator.next, indicator.nextPageAction] {
                    #expect(!text.contains("page.") && !text.contains("{"), "\(page.id) in \(language): \(text)")
                }
            }
        }
    }
}
