import AppFeatures
import SwiftUI

/// The page of the ring on screen, in its navigation stack, above the ring's page indicator (UI7). A
/// drag on it follows the finger along one axis, drawing the neighbours it reveals, and moves
/// the ring when it ends far or fast enough — only where the router lets it (never on the map,
/// never on a pushed screen, never from the screen's edge, which belongs to the system) and the
/// content leaves it to the ring: up or down only from the end of the page's list that way, read
/// from the list's scroll geometry when the drag begins, and never while a text field of the page
/// is being edited (``DragStart``, issue 33 §1). On a wide
/// screen a list page shows its chosen item in a column beside it (issue 14 §1).
struct RingPageView: View {
    let models: ScreenModels
    @Bindable var router: AppRouter
    @Bindable var page: PageRouter
    @State private var swipe: RingSwipe?
    @State private var offset = CGSize.zero
    /// Where each page's list stands; a page not measured yet counts as at its top, so its list
    /// gets an upward drag first.
    @State private var listPositions: [String: ListPosition] = [:]
    @Environment(\.horizontalSizeClass) private var width

    init(models: ScreenModels, router: AppRouter) {
        self.models = models
        self.router = router
        page = router.current
    }

    var body: some View {
        GeometryReader { proxy in
            RingPages(
                ring: router.ring, neighbours: swipe?.neighbours ?? [], offset: offset, size: proxy.size, models: models
            ) {
                if width == .regular && router.ring.page.showsDetailBeside {
                    NavigationSplitView {
                        PageContent(page: router.ring.page.id, models: models, selection: $page.selection)
                            .onScrollGeometryChange(for: ListPosition.self, of: ListPosition.init) { _, position in
                                listPositions[router.ring.page.id] = position
                            }
                            .toolbar {
                                ringIndicator
                                helpItem
                            }
                    } detail: {
                        NavigationStack(path: $page.detailPath) {
                            SelectedDetail(selection: page.selection, models: models).pushing(models)
                        }
                    }
                } else {
                    NavigationStack(path: $page.path) {
                        PageContent(page: router.ring.page.id, models: models)
                            .onScrollGeometryChange(for: ListPosition.self, of: ListPosition.init) { _, position in
                                listPositions[router.ring.page.id] = position
                            }
                            .pushing(models)
                            .toolbar {
                                ringIndicator
                                helpItem
                            }
                    }
                }
            }
            .environment(\.fieldEditing) { id, editing in router.field(id, isEditing: editing) }
            .simultaneousGesture(ringDrag(in: proxy.size))
        }
    }

    private var ringIndicator: ToolbarItem<(), RingIndicatorBar> {
        ToolbarItem(placement: .bottomBar) { RingIndicatorBar(router: router, help: models.help) }
    }

    private var helpItem: ToolbarItem<(), HelpModeButton> {
        ToolbarItem(placement: .topBarLeading) { HelpModeButton(help: models.help) }
    }

    private func ringDrag(in size: CGSize) -> some Gesture {
        DragGesture(minimumDistance: RingSwipe.lockDistance)
            .onChanged { value in
                var current =
                    swipe
                    ?? RingSwipe(
                        startX: value.startLocation.x, y: value.startLocation.y, width: size.width,
                        height: size.height,
                        content: router.dragStart(list: listPositions[router.ring.page.id] ?? .top))
                let shift = current.follow(dx: value.translation.width, dy: value.translation.height)
                let allowed = current.neighbours.contains { router.swipeMoves($0.direction) }
                offset = allowed ? CGSize(width: shift.x, height: shift.y) : .zero
                swipe = current
            }
            .onEnded { value in
                let direction = swipe?.end(
                    dx: value.translation.width, dy: value.translation.height,
                    predictedDX: value.predictedEndTranslation.width, predictedDY: value.predictedEndTranslation.height,
                    width: size.width, height: size.height)
                swipe = nil
                offset = .zero
                if let direction, router.swipeMoves(direction) { router.move(direction) }
            }
    }
}

/// The detail column of a list page on a wide screen: the chosen item, or a note to choose one.
struct SelectedDetail: View {
    let selection: Destination?
    let models: ScreenModels

    var body: some View {
        if let selection {
            DestinationView(destination: selection, models: models)
        } else {
            ContentUnavailableView(models.text("trips.choose"), systemImage: "sidebar.left")
        }
    }
}

/// The page on screen and, while a drag moves it, the neighbours along the drag's axis, each
/// one page away and moving with it (UI7). Neighbours are pictures of where the ring leads:
/// they take no touches and VoiceOver skips them (the indicator's buttons and actions are the
/// accessible way).
struct RingPages<Current: View>: View {
    let ring: NavigationRing
    let neighbours: [RingSwipe.Neighbour]
    let offset: CGSize
    let size: CGSize
    let models: ScreenModels
    @ViewBuilder let current: Current

    var body: some View {
        ZStack {
            current.offset(offset)
            ForEach(shown, id: \.self) { neighbour in
                PageContent(page: ring.neighbour(neighbour.direction).id, models: models)
                    .offset(
                        x: offset.width + neighbour.column * size.width, y: offset.height + neighbour.row * size.height
                    )
                    .allowsHitTesting(false)
                    .accessibilityHidden(true)
            }
        }
        .clipped()
    }

    /// The neighbours worth drawing: only while the page moves, only where a swipe leads.
    private var shown: [RingSwipe.Neighbour] {
        guard offset != .zero else { return [] }
        return neighbours.filter { ring.swipeMoves($0.direction) }
    }
}

extension View {
    /// The screens a stack of this view pushes: one per `Destination`, each with the "?" of
    /// help mode in its bar.
    fileprivate func pushing(_ models: ScreenModels) -> some View {
        navigationDestination(for: Destination.self) { destination in
            DestinationView(destination: destination, models: models)
                .toolbar { HelpModeButton.barItem(models.help) }
        }
    }
}

extension ListPosition {
    /// Where a scroll view's geometry shows its list.
    init(_ geometry: ScrollGeometry) {
        self.init(
            offset: Double(geometry.contentOffset.y), contentHeight: Double(geometry.contentSize.height),
            containerHeight: Double(geometry.containerSize.height), insetTop: Double(geometry.contentInsets.top),
            insetBottom: Double(geometry.contentInsets.bottom))
    }
}
