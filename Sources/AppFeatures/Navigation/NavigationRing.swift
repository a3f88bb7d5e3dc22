/// A page the ring can show: a section's screen.
public struct RingPage: Hashable, Sendable {
    public let id: String
    /// True when the page pans itself (the map): swipes there belong to the page, and the ring
    /// moves only through the buttons and VoiceOver actions.
    public let handlesOwnDrags: Bool
    /// True when the page is a list whose items open beside it on a wide screen (issue 14 §1:
    /// the iPad's split view), through its router's ``PageRouter/selection``.
    public let showsDetailBeside: Bool
    /// What the column beside the list shows before an item is chosen: nil for a note to choose
    /// one (the trips), or the first item, as iPad's Settings shows its first page (issue 33 §2).
    public let firstDetail: Destination?

    public init(
        _ id: String, handlesOwnDrags: Bool = false, showsDetailBeside: Bool = false, firstDetail: Destination? = nil
    ) {
        self.id = id
        self.handlesOwnDrags = handlesOwnDrags
        self.showsDetailBeside = showsDetailBeside || firstDetail != nil
        self.firstDetail = firstDetail
    }
}

/// A main section of the app and the pages inside it.
public struct RingSection: Hashable, Sendable {
    public let id: String
    public let pages: [RingPage]

    public init(_ id: String, pages: [RingPage]) {
        precondition(!pages.isEmpty, "a section has at least one page")
        self.id = id
        self.pages = pages
    }
}

/// A direction of movement on the ring.
public enum RingDirection: Sendable, CaseIterable {
    /// To the previous or next section.
    case left, right
    /// To the previous or next page of the section.
    case up, down
}

/// The cyclic screens of UI7: the main sections wrap left ↔ right, the pages inside a section
/// wrap top ↔ bottom, and each section remembers the page it was left on. Moves up and down are
/// also the page indicator's buttons (``controls``), and all four are VoiceOver actions; moves
/// between sections are also the tabs.
public struct NavigationRing: Equatable, Sendable {
    public let sections: [RingSection]
    public private(set) var sectionIndex = 0
    /// The page each section shows, kept while another section is visited.
    private var pageIndices: [Int]

    public init(sections: [RingSection]) {
        precondition(!sections.isEmpty, "the ring has at least one section")
        self.sections = sections
        pageIndices = Array(repeating: 0, count: sections.count)
    }

    public var section: RingSection { sections[sectionIndex] }
    public var pageIndex: Int { pageIndices[sectionIndex] }
    public var page: RingPage { section.pages[pageIndex] }

    /// Moves one step; both ends wrap around.
    public mutating func move(_ direction: RingDirection) {
        switch direction {
        case .left: sectionIndex = Self.wrapped(sectionIndex - 1, sections.count)
        case .right: sectionIndex = Self.wrapped(sectionIndex + 1, sections.count)
        case .up: pageIndices[sectionIndex] = Self.wrapped(pageIndex - 1, section.pages.count)
        case .down: pageIndices[sectionIndex] = Self.wrapped(pageIndex + 1, section.pages.count)
        }
    }

    /// Where a move would lead, without moving: the pager renders these neighbours beside the
    /// current page.
    public func neighbour(_ direction: RingDirection) -> RingPage {
        var moved = self
        moved.move(direction)
        return moved.page
    }

    /// Whether a swipe in `direction` moves the ring: not on a page that pans itself, and not
    /// up or down in a section of one page.
    public func swipeMoves(_ direction: RingDirection) -> Bool {
        guard !page.handlesOwnDrags else { return false }
        switch direction {
        case .left, .right: return sections.count > 1
        case .up, .down: return section.pages.count > 1
        }
    }

    /// Shows a section directly (the tab bar), on the page it was left on.
    public mutating func select(section id: String) {
        if let index = sections.firstIndex(where: { $0.id == id }) { sectionIndex = index }
    }

    /// Shows a page directly (a link), in its section.
    public mutating func select(page id: String) {
        for (sectionIndex, section) in sections.enumerated() {
            if let index = section.pages.firstIndex(where: { $0.id == id }) {
                self.sectionIndex = sectionIndex
                pageIndices[sectionIndex] = index
                return
            }
        }
    }

    /// Whether the ring shows a page with this id.
    public func contains(page id: String) -> Bool { sections.contains { $0.pages.contains { $0.id == id } } }

    /// The section a page belongs to.
    public func section(of page: String) -> RingSection? { sections.first { $0.pages.contains { $0.id == page } } }

    private static func wrapped(_ index: Int, _ count: Int) -> Int { ((index % count) + count) % count }

    /// The page indicator's buttons, the visible way up and down a section; the tabs (and the
    /// sidebar on iPad) are the way between sections.
    public static let previousPage = Control("ring.previousPage", .button)
    public static let nextPage = Control("ring.nextPage", .button)
    /// The page's name in the indicator: a menu of the section's pages.
    public static let pagesMenu = Control("ring.pages", .button)
    public static let controls = [previousPage, nextPage, pagesMenu]
}
