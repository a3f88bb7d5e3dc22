import AppFeatures
import Geodesy
import SwiftUI

/// The app (issue 14 §1, issue 33 §1; UI1, UI7): the ring's sections as tabs in the iPhone's tab
/// bar; on iPad a sidebar (`.sidebarAdaptable`) that lists every page under its section, which
/// the angler may reorder and hide as iPadOS offers. Each shows the ring's page on screen in a
/// navigation stack, with the ring's pages named in an indicator and turned by its buttons and
/// by swipes.
public struct AppRootView: View {
    let models: ScreenModels
    @Bindable var router: AppRouter
    @Environment(\.horizontalSizeClass) private var width
    @AppStorage("sidebar") private var customization: TabViewCustomization

    public init(models: ScreenModels) {
        self.models = models
        router = models.router
    }

    public var body: some View {
        TabView(selection: tabSelection) {
            sectionTab("diary")
            sectionTab("map")
            sectionTab("reports")
            sectionTab("more")
            TabSection(sectionTitle("diary")) {
                pageTab("home")
                pageTab("trips")
                pageTab("spots")
                pageTab("media")
            }
            .sidebarOnly(width)
            TabSection(sectionTitle("map")) { pageTab("map") }
                .sidebarOnly(width)
            TabSection(sectionTitle("reports")) {
                pageTab("reports")
                pageTab("formula")
            }
            .sidebarOnly(width)
            TabSection(sectionTitle("more")) {
                pageTab("sync")
                pageTab("trash")
                pageTab("settings")
                pageTab("profiles")
                pageTab("about")
            }
            .sidebarOnly(width)
        }
        .tabViewStyle(.sidebarAdaptable)
        // iPad opens on the sidebar, where every page is one tap away; the angler may fold it
        // into the top tab bar.
        .defaultAdaptableTabBarPlacement(.sidebar)
        .tabViewCustomization($customization)
        .modifier(MediaCaptureScreens(camera: models.camera, library: models.library))
        .modifier(ErrorReportsQuestion(model: models.errorReports, models: models))
        .sheet(isPresented: markingShown) { SpotMarkingSheet(model: models.marking, models: models) }
    }

    private var page: some View {
        RingPageView(models: models, router: router)
    }

    /// A section's tab: in the tab bar, not in the sidebar, which lists the section's pages.
    private func sectionTab(_ section: String) -> some TabContent<AppTab> {
        let control = AppScreens.tab(section)
        return Tab(
            models.help.label(control), systemImage: AppScreens.symbol(of: section), value: AppTab.section(section)
        ) { page }
        .customizationID(control.id)
        .defaultVisibility(.hidden, for: .sidebar)
    }

    /// A page's item in the sidebar.
    private func pageTab(_ id: String) -> some TabContent<AppTab> {
        let control = AppScreens.sidebarItem(id)
        return Tab(models.help.label(control), systemImage: AppScreens.symbol(ofPage: id), value: AppTab.page(id)) {
            page
        }
        .customizationID(control.id)
    }

    private func sectionTitle(_ section: String) -> String { models.help.label(AppScreens.tab(section)) }

    /// The tab bar selects a section, the sidebar a page; choosing goes through the router, so
    /// choosing what is shown returns to its root.
    private var tabSelection: Binding<AppTab> {
        let (router, inSidebar) = (router, width == .regular)
        return Binding(
            get: { @MainActor in router.tab(inSidebar: inSidebar) }, set: { @MainActor in router.choose($0) })
    }

    /// The new-spot sheet is up while its model says so; swiping it away cancels.
    private var markingShown: Binding<Bool> {
        let marking = models.marking
        return Binding(get: { @MainActor in marking.isShown }, set: { @MainActor in if !$0 { marking.cancel() } })
    }
}

extension TabContent {
    /// A section of pages in the iPad's sidebar only: never in a tab bar, and not at all on a
    /// compact width, where the section's tab and the ring's indicator reach the pages.
    fileprivate func sidebarOnly(_ width: UserInterfaceSizeClass?) -> some TabContent<TabValue> {
        defaultVisibility(.hidden, for: .tabBar).hidden(width != .regular)
    }
}

/// The ring's page indicator (issue 33 §1; UI7): the page on screen between the pages above and
/// below it, each a button named for where it leads; the four moves as VoiceOver actions that
/// name their destination ("Next page: Trips"). Nothing in a section of one page (the map),
/// where the tab bar is the way on. In help mode the bar says how help mode works instead.
struct RingIndicatorBar: View {
    let router: AppRouter
    let help: HelpModel
    /// At the accessibility text sizes the neighbours are arrows only (their names stay their
    /// buttons' labels, read by VoiceOver and the large content viewer), so the page's own name fits.
    @Environment(\.dynamicTypeSize) private var typeSize

    var body: some View {
        if help.isHelpMode {
            HelpModeNote(help: help)
        } else if let indicator = RingIndicator.of(router.ring, help: help) {
            HStack(spacing: 12) {
                move(.up, NavigationRing.previousPage, to: indicator.previous, systemImage: "chevron.up")
                pagesMenu(indicator)
                move(.down, NavigationRing.nextPage, to: indicator.next, systemImage: "chevron.down")
            }
            .accessibilityAction(named: indicator.previousPageAction) { router.move(.up) }
            .accessibilityAction(named: indicator.nextPageAction) { router.move(.down) }
            .accessibilityAction(named: indicator.previousSectionAction) { router.move(.left) }
            .accessibilityAction(named: indicator.nextSectionAction) { router.move(.right) }
        }
    }

    /// The page on screen, chosen in the pages menu.
    private var shownPage: Binding<String> {
        Binding(get: { @MainActor in router.ring.page.id }, set: { @MainActor in router.select(page: $0) })
    }

    /// The page's name, opening a menu of every page of its section, the current one ticked.
    private func pagesMenu(_ indicator: RingIndicator) -> some View {
        Menu {
            Picker(help.label(NavigationRing.pagesMenu), selection: shownPage) {
                ForEach(indicator.pages) { page in Text(page.title).tag(page.id) }
            }
        } label: {
            HStack(spacing: 4) {
                Text(indicator.current).bold().lineLimit(1)
                Image(systemName: "chevron.up.chevron.down").font(.caption)
            }
        }
        .control(NavigationRing.pagesMenu, help: help)
    }

    @ViewBuilder
    private func move(_ direction: RingDirection, _ control: Control, to page: String, systemImage: String)
        -> some View
    {
        let button = Button(page, systemImage: systemImage) { router.move(direction) }
        if typeSize.isAccessibilitySize {
            placed(button.labelStyle(.iconOnly), control)
        } else {
            placed(button.labelStyle(.titleAndIcon), control)
        }
    }

    /// A move's button in the bar: footnote text on one line, an equal share of the width (an
    /// arrow's own width at the accessibility sizes, leaving the rest to the page's name).
    private func placed(_ button: some View, _ control: Control) -> some View {
        button.font(.footnote).lineLimit(1)
            .frame(maxWidth: typeSize.isAccessibilitySize ? nil : .infinity)
            .control(control, help: help)
    }
}

/// The screen of a ring page.
struct PageContent: View {
    let page: String
    let models: ScreenModels
    /// The chosen item when the page's items open in a column beside it.
    var selection: Binding<Destination?>? = nil

    var body: some View {
        switch page {
        case "home": HomeScreen(model: models.home, models: models)
        case "trips": TripListScreen(model: models.trips, models: models, selection: selection)
        case "spots": SpotsScreen(model: models.spots, models: models)
        case "media": MediaScreen(model: models.gallery(nil), models: models)
        case "map": MapScreen(model: models.map, models: models)
        case "reports": ReportsScreen(model: models.reports, models: models)
        case "formula": FormulaScreen(model: models.reports, models: models)
        case "sync": SyncScreen(model: models.sync, models: models)
        case "trash": TrashScreen(model: models.trash, models: models)
        case "settings": SettingsScreen(model: models.settings, models: models, selection: selection)
        case "profiles": ProfilesScreen(model: models.profiles, help: models.help, catalog: models.catalog)
        case "about": AboutScreen(model: models.about, models: models)
        default: EmptyView()
        }
    }
}

/// A screen pushed onto a page's stack.
struct DestinationView: View {
    let destination: Destination
    let models: ScreenModels

    var body: some View {
        switch destination {
        case .trip(let id): TripDetailScreen(model: models.tripDetail(id), models: models)
        case .gallery(let target): MediaScreen(model: models.gallery(target), models: models)
        case .mediaViewer(let viewing): MediaViewerScreen(model: models.mediaViewer(viewing), models: models)
        case .newTrip: TripEditorScreen(model: models.tripEditor(nil), models: models) { models.tripEditor.forget(nil) }
        case .editTrip(let id):
            TripEditorScreen(model: models.tripEditor(id), models: models) { models.tripEditor.forget(id) }
        case .newCatch(let tripId):
            let form = CatchForm(tripId: tripId)
            CatchEditorScreen(model: models.catchEditor(form), models: models) { models.catchEditor.forget(form) }
        case .catchPage(let id): CatchPageScreen(model: models.catchPage(id), models: models)
        case .editCatch(let id):
            let form = CatchForm(catchId: id)
            CatchEditorScreen(model: models.catchEditor(form), models: models) { models.catchEditor.forget(form) }
        case .spotConditions(let id):
            if let spot = models.spots.spots.first(where: { $0.spot.id == id })?.spot {
                ConditionsScreen(
                    model: models.conditions(Coordinate(latitude: spot.latitude, longitude: spot.longitude)),
                    title: spot.name, models: models)
            } else {
                EmptyListNote(key: "spots.none", systemImage: "mappin", models: models)
            }
        case .settings(let group): SettingsGroupScreen(group: group, models: models)
        case .savedReport(let id):
            FormulaScreen(model: models.reports, models: models)
                .task {
                    if let report = models.reports.saved.first(where: { $0.id == id }) {
                        await models.reports.open(report)
                    }
                }
        }
    }
}
