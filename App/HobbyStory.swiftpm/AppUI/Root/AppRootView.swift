import AppFeatures
import Geodesy
import SwiftUI

/// The app (issue 14 §1; UI7): the ring's sections as tabs — a tab bar on iPhone, a sidebar on
/// iPad (`.sidebarAdaptable`) — each showing its current page in a navigation stack, with the
/// ring's moves as buttons and as swipes.
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

/// The ring's moves as buttons and VoiceOver actions: the accessible alternative to swipes.
struct RingButtons: View {
    let router: AppRouter
    let help: HelpModel

    var body: some View {
        HStack {
            ForEach(RingDirection.allCases, id: \.self) { direction in
                let control = NavigationRing.control(for: direction)
                if direction == .left || direction == .right || router.ring.section.pages.count > 1 {
                    Button(help.label(control), systemImage: Self.symbol(direction)) { router.move(direction) }
                        .labelStyle(.iconOnly)
                        .control(control, help: help)
                        .accessibilityAction(named: help.label(control)) { router.move(direction) }
                }
            }
        }
    }

    static func symbol(_ direction: RingDirection) -> String {
        switch direction {
        case .left: "chevron.left"
        case .right: "chevron.right"
        case .up: "chevron.up"
        case .down: "chevron.down"
        }
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
