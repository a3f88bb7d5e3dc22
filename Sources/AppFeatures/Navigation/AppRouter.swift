import Foundation
import Geodesy
import Observation

/// One page's navigation stack (IceCubes' router-per-tab idea, here per ring page so that every
/// page keeps what was open on it): the SwiftUI layer binds a `NavigationStack(path:)` to
/// ``path`` and pushes through ``navigate(to:)`` (UI7's visible navigation).
@Observable
@MainActor
public final class PageRouter {
    public let page: String
    public var path: [Destination] = []
    /// What the column beside the list shows before anything is chosen (``RingPage/firstDetail``).
    let firstDetail: Destination?

    init(page: RingPage) {
        self.page = page.id
        firstDetail = page.firstDetail
    }

    public func navigate(to destination: Destination) { path.append(destination) }
    public func back() { _ = path.popLast() }
    public func popToRoot() { path.removeAll() }

    /// On a wide screen a list page shows its first screen in a column beside the list: the
    /// list's selection is that screen, and choosing it again keeps what was opened above it.
    public var selection: Destination? {
        get { path.first ?? firstDetail }
        set {
            guard newValue != selection else { return }
            path = newValue.map { [$0] } ?? []
        }
    }

    /// The screens opened above the selection, in the detail column's own stack.
    public var detailPath: [Destination] {
        get { Array(path.dropFirst()) }
        set { path = (selection.map { [$0] } ?? []) + newValue }
    }
}

/// What a tab bar's tab or a sidebar's item shows (issue 33 §1; UI1, UI7): a section, on the
/// page it was left on (the tab bar), or one page of a section (the iPad's sidebar, which lists
/// every page under its section).
public enum AppTab: Hashable, Sendable {
    case section(String)
    case page(String)
}

/// Where the angler is in the app (UI7): the ring's section and page, a stack per page, and what
/// a link asked to show. Tab-bar taps, ring moves, swipes and links all go through here, so the
/// visible navigation and the cyclic screens never disagree.
@Observable
@MainActor
public final class AppRouter {
    public private(set) var ring: NavigationRing {
        didSet { if ring.page.id != oldValue.page.id { fieldsEditing = [] } }
    }
    /// The text fields being edited on the page on screen, by their controls' ids: while any
    /// is, a drag on the page never turns it, so a press and drag moves the cursor (issue 33 §1).
    /// Forgotten when another page shows.
    public private(set) var fieldsEditing: Set<String> = []
    /// A stack for every page of the ring, kept while other pages are visited.
    public let pages: [String: PageRouter]
    /// "Catch now" shown over the home page (the home-screen quick action and its link).
    public var isCatchNowShown = false
    /// A point a link asked the map to show; the map screen takes it and clears it.
    public var mapPoint: Coordinate?

    public init(ring: NavigationRing = AppScreens.ring) {
        self.ring = ring
        pages = Dictionary(
            uniqueKeysWithValues: ring.sections.flatMap(\.pages).map { ($0.id, PageRouter(page: $0)) })
    }

    /// The stack of the page on screen.
    public var current: PageRouter { pages[ring.page.id]! }

    /// A tab-bar tap: shows the section on the page it was left on; tapping the section already
    /// shown goes back to that page's root, as iOS tab bars do.
    public func select(section id: String) {
        if ring.section.id == id {
            current.popToRoot()
        } else {
            ring.select(section: id)
        }
    }

    /// Shows a page directly (a link, or its item in the iPad's sidebar); choosing the page
    /// shown goes back to its root, as a tab does.
    public func select(page id: String) {
        if ring.page.id == id {
            current.popToRoot()
        } else {
            ring.select(page: id)
        }
    }

    /// The tab or sidebar item of what is on screen: a tab bar shows the section, a sidebar its
    /// page (issue 33 §1).
    public func tab(inSidebar: Bool) -> AppTab { inSidebar ? .page(ring.page.id) : .section(ring.section.id) }

    /// A tap on a tab or a sidebar item.
    public func choose(_ tab: AppTab) {
        switch tab {
        case .section(let id): select(section: id)
        case .page(let id): select(page: id)
        }
    }

    /// A ring move from a button or a VoiceOver action: always allowed, stacks kept.
    public func move(_ direction: RingDirection) { ring.move(direction) }

    /// A text field of the page on screen began or ended being edited.
    public func field(_ id: String, isEditing: Bool) {
        if isEditing { fieldsEditing.insert(id) } else { fieldsEditing.remove(id) }
    }

    /// What a drag beginning now starts on (``DragStart``): the page's list at `list`, and
    /// whether text is being edited there.
    public func dragStart(list: ListPosition) -> DragStart {
        DragStart(list: list, inTextField: !fieldsEditing.isEmpty)
    }

    /// Whether a swipe in `direction` moves the ring: only on a page's root (a pushed screen owns
    /// its drags, and the edge swipe goes back) and never on a page that pans itself.
    public func swipeMoves(_ direction: RingDirection) -> Bool {
        current.path.isEmpty && ring.swipeMoves(direction)
    }

    /// Opens a link: its page, with the link's stack replacing that page's stack.
    public func open(_ link: DeepLink) {
        guard ring.contains(page: link.page) else {
            return assertionFailure("a link made in code names the page \(link.page), which the ring lacks")
        }
        ring.select(page: link.page)
        current.path = link.path
        if link.catchNow { isCatchNowShown = true }
        if let point = link.mapPoint { mapPoint = point }
    }

    /// Opens a `hobbystory://` link; a link the app cannot read changes nothing.
    public func open(url: URL) throws(DeepLinkError) { open(try DeepLink(url: url)) }

    /// What is on screen, as a link (for state restoration and "copy link").
    public var link: DeepLink {
        current.path.last.map { DeepLink($0) } ?? DeepLink(page: ring.page.id)
    }
}
