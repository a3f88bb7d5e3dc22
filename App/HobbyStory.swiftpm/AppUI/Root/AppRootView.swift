import AppFeatures
import Geodesy
import SwiftUI

/// The app (issue 14 §1; UI7): the ring's sections as tabs — a tab bar on iPhone, a sidebar on
/// iPad (`.sidebarAdaptable`) — each showing its current page in a navigation stack, with the
/// ring's pages named in an indicator and turned by its buttons and by swipes.
public struct AppRootView: View {
    let models: ScreenModels
    @Bindable var router: AppRouter

    public init(models: ScreenModels) {
        self.models = models
        router = models.router
    }

    public var body: some View {
        TabView(selection: sectionSelection) {
            Tab(tabTitle("diary"), systemImage: AppScreens.symbol(of: "diary"), value: "diary") { section }
            Tab(tabTitle("map"), systemImage: AppScreens.symbol(of: "map"), value: "map") { section }
            Tab(tabTitle("reports"), systemImage: AppScreens.symbol(of: "reports"), value: "reports") { section }
            Tab(tabTitle("more"), systemImage: AppScreens.symbol(of: "more"), value: "more") { section }
        }
        .tabViewStyle(.sidebarAdaptable)
        .modifier(MediaCaptureScreens(camera: models.camera, library: models.library))
        .modifier(ErrorReportsQuestion(model: models.errorReports, models: models))
    }

    private var section: some View {
        RingPageView(models: models, router: router)
    }

    /// Choosing a tab goes through the router: choosing the one shown returns to its root.
    private var sectionSelection: Binding<String> {
        Binding(get: { @MainActor in router.ring.section.id }, set: { @MainActor in router.select(section: $0) })
    }

    private func tabTitle(_ section: String) -> String { models.help.label(AppScreens.tab(section)) }
}

/// The ring's page indicator (issue 33 §1; UI7): the page on screen between the pages above and
/// below it, each a button named for where it leads; the four moves as VoiceOver actions that
/// name their destination ("Next page: Trips"). Nothing in a section of one page (the map),
/// where the tab bar is the way on.
struct RingIndicatorBar: View {
    let router: AppRouter
    let help: HelpModel

    var body: some View {
        if let indicator = RingIndicator.of(router.ring, help: help) {
            HStack(spacing: 12) {
                move(.up, to: indicator.previous, systemImage: "chevron.up")
                Text(indicator.current).bold().lineLimit(1)
                move(.down, to: indicator.next, systemImage: "chevron.down")
            }
            .accessibilityAction(named: indicator.previousPageAction) { router.move(.up) }
            .accessibilityAction(named: indicator.nextPageAction) { router.move(.down) }
            .accessibilityAction(named: indicator.previousSectionAction) { router.move(.left) }
            .accessibilityAction(named: indicator.nextSectionAction) { router.move(.right) }
        }
    }

    private func move(_ direction: RingDirection, to page: String, systemImage: String) -> some View {
        Button(page, systemImage: systemImage) { router.move(direction) }
            .labelStyle(.titleAndIcon)
            .font(.footnote)
            .lineLimit(1)
            .frame(maxWidth: .infinity)
            .control(NavigationRing.control(for: direction), help: help)
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
        case "settings": SettingsScreen(model: models.settings, models: models)
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
