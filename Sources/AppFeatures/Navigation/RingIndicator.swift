/// What the ring's page indicator says (issue 33 §1; UI7): the page on screen between the pages
/// above and below it in its section, each by name, and the names of the moves VoiceOver offers
/// ("Next page: Trips", "Previous section: Reports"). It takes the place of a bar of unlabelled
/// arrows: an angler sees where a swipe up or down leads before making it.
public struct RingIndicator: Equatable, Sendable {
    /// The page on screen, the page above it and the page below it, by their titles; the
    /// section's pages wrap, so the first page's previous is its last.
    public let current: String
    public let previous: String
    public let next: String
    /// Every page of the section in its order, for the menu on the page's name: a page further
    /// than one move away is one choice away, also for VoiceOver and Switch Control.
    public let pages: [Page]
    /// VoiceOver's names for the four moves, each naming where it leads.
    public let previousPageAction: String
    public let nextPageAction: String
    public let previousSectionAction: String
    public let nextSectionAction: String

    /// The indicator of `ring`'s page in the angler's language, or nil for a section of one page
    /// (the map), where there is nowhere up or down to go and the tab bar is the way on.
    @MainActor public static func of(_ ring: NavigationRing, help: HelpModel) -> RingIndicator? {
        guard ring.section.pages.count > 1 else { return nil }
        return RingIndicator(ring: ring, help: help)
    }

    /// The names of the moves to the sections beside `ring`'s, for a page of any section.
    @MainActor public static func sectionActions(_ ring: NavigationRing, help: HelpModel) -> (
        previous: String, next: String
    ) {
        func section(_ direction: RingDirection, _ key: String) -> String {
            var moved = ring
            moved.move(direction)
            return help.text(key, ["section": help.label(AppScreens.tab(moved.section.id))])
        }
        return (section(.left, "ring.section.previous"), section(.right, "ring.section.next"))
    }

    /// A page of the section as its menu lists it.
    public struct Page: Equatable, Sendable, Identifiable {
        public let id: String
        public let title: String
        public let isCurrent: Bool
    }

    @MainActor private init(ring: NavigationRing, help: HelpModel) {
        func title(_ page: RingPage) -> String { help.text("page.\(page.id)") }
        current = title(ring.page)
        pages = ring.section.pages.map { Page(id: $0.id, title: title($0), isCurrent: $0.id == ring.page.id) }
        previous = title(ring.neighbour(.up))
        next = title(ring.neighbour(.down))
        previousPageAction = help.text("ring.page.previous", ["page": previous])
        nextPageAction = help.text("ring.page.next", ["page": next])
        (previousSectionAction, nextSectionAction) = Self.sectionActions(ring, help: help)
    }
}
