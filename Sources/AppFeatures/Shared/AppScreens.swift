/// The app's screens and its ring of sections (UI7), defined once for the SwiftUI layer and
/// for the tests that prove every control has help (UI6) and every destructive one is
/// safeguarded (UI5).
public enum AppScreens {
    /// Every screen model; a new one is added here or the catalogue test cannot see it.
    @MainActor public static let models: [any DeclaresControls.Type] = [
        HomeModel.self, ProfilesModel.self, TripListModel.self, TripDetailModel.self, TrackRecorder.self,
        TripEditorModel.self,
        CatchEditorModel.self, CatchPageModel.self, ShareCatchModel.self, SharedLinksModel.self, SpotsModel.self,
        SpotMarkingModel.self,
        MapModel.self,
        MapPacksModel.self, MediaModel.self,
        MediaViewerModel.self,
        ConditionsModel.self,
        ReportsModel.self, PersonalBestsModel.self, SyncModel.self, TrashModel.self, SettingsModel.self,
        MapKeyModel.self,
        ErrorReportsModel.self, BackupModel.self, InterchangeModel.self, RestoreModel.self,
        LicenceModel.self,
        AboutModel.self, HelpModel.self,
    ]

    /// Every control the app shows: the screens' and the ring's.
    @MainActor public static var controls: [Control] {
        models.flatMap { $0.controls } + NavigationRing.controls + ring.sections.map { tab($0.id) }
            + ring.sections.flatMap(\.pages).map { sidebarItem($0.id) }
            + [UndoOffer.undoControl] + KeyCommand.controls
    }

    /// The main sections, left to right, and their pages, top to bottom. The map pans itself, so
    /// swipes there stay with the map.
    public static let ring = NavigationRing(sections: [
        RingSection(
            "diary",
            pages: [RingPage("home"), RingPage("trips", showsDetailBeside: true), RingPage("spots"), RingPage("media")]),
        RingSection("map", pages: [RingPage("map", handlesOwnDrags: true)]),
        RingSection("reports", pages: [RingPage("reports"), RingPage("formula")]),
        RingSection(
            "more",
            pages: [
                RingPage("sync"), RingPage("trash"),
                RingPage("settings", firstDetail: .settings(SettingsGroup.sections[0][0])), RingPage("profiles"),
                RingPage("about"),
            ]),
    ])

    /// The tab (iPhone) or sidebar item (iPad) that shows a section.
    public static func tab(_ section: String) -> Control { Control("tab.\(section)", .tab) }

    /// A page's item in the iPad's sidebar, named by the page's title (issue 33 §1).
    public static func sidebarItem(_ page: String) -> Control {
        Control("sidebar.\(page)", .tab, labelKey: "page.\(page)")
    }

    /// The SF Symbol of each page's sidebar item.
    public static func symbol(ofPage page: String) -> String {
        switch page {
        case "home": "sun.horizon"
        case "trips": "list.bullet.rectangle"
        case "spots": "mappin.and.ellipse"
        case "media": "photo.on.rectangle"
        case "map": "map"
        case "reports": "chart.bar.xaxis"
        case "formula": "function"
        case "sync": "arrow.triangle.2.circlepath"
        case "trash": "trash"
        case "settings": "gear"
        case "profiles": "person.2"
        default: "info.circle"
        }
    }

    /// The SF Symbol of each section's tab.
    public static func symbol(of section: String) -> String {
        switch section {
        case "diary": "book.closed"
        case "map": "map"
        case "reports": "chart.bar.xaxis"
        default: "ellipsis.circle"
        }
    }
}
