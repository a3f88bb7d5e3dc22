import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import Geodesy
import MediaLibrary

/// The models of the screens the app shows, made once by the app shell with real providers
/// (and by the wireframe tool with a sample diary): the views only read them.
@MainActor
public struct ScreenModels {
    public let router: AppRouter
    public let help: HelpModel
    public let catalog: Catalog
    public let home: HomeModel
    public let trips: TripListModel
    public let spots: SpotsModel
    /// A new spot marked on the map, in a sheet over the screen that asked (issue 33 §1).
    public let marking: SpotMarkingModel
    public let map: MapModel
    /// The offline map packs on the device and on the angler's portal (issue 15).
    public let mapPacks: MapPacksModel
    public let reports: ReportsModel
    /// The heaviest catch of each species, on the Reports page.
    public let bests: PersonalBestsModel
    public let sync: SyncModel
    public let trash: TrashModel
    public let settings: SettingsModel
    public let errorReports: ErrorReportsModel
    public let backup: BackupModel
    /// The diary out as CSV, GPX, KML or KMZ, and files in (issue 34 §1).
    public let interchange: InterchangeModel
    /// The account's links to shared catches, on Settings › Sharing catches (issue 34 §4).
    public let sharedLinks: SharedLinksModel
    /// The track of the trip going on, recording while the angler asked (issue 34 §3).
    public let track: TrackRecorder
    /// The licence: trial, purchase, grace, read-only (T13).
    public let licence: LicenceModel
    /// The purchases the licence waits for, made from the window showing it (nil: none need one).
    public let purchases: StorePurchases?
    public let profiles: ProfilesModel
    public let about: AboutModel
    /// What Siri, Shortcuts and the Action button do over this diary (issue 33 §5).
    public let intents: CatchIntents
    /// What the widget and the Live Activity show of this diary's trip going on (issue 33 §5).
    public let glance: TripGlanceSource
    /// The system camera and photo library picker, shown when a gallery asks (T16, T17).
    public let camera: CameraPresenter
    public let library: LibraryPresenter
    /// The photos and videos of the diary (nil) or of one spot, trip or catch.
    public let gallery: ModelCache<MediaTarget?, MediaModel>
    /// A photo or video full screen, paging through its gallery.
    public let mediaViewer: ModelCache<MediaViewing, MediaViewerModel>
    /// The model of a trip's page, made when it is first opened and kept while the app runs.
    public let tripDetail: ModelCache<UUID, TripDetailModel>
    /// The model of a catch's page, likewise.
    public let catchPage: ModelCache<UUID, CatchPageModel>
    /// The share sheet of a catch (issue 34 §4), likewise.
    public let shareCatch: ModelCache<UUID, ShareCatchModel>
    /// The conditions at a place (a spot's), made when first shown.
    public let conditions: ModelCache<Coordinate, ConditionsModel>
    /// The form of a trip (nil: a new one), kept until it is saved or left.
    public let tripEditor: ModelCache<UUID?, TripEditorModel>
    /// The form of a catch, kept until it is saved or left.
    public let catchEditor: ModelCache<CatchForm, CatchEditorModel>

    public init(
        router: AppRouter, help: HelpModel, catalog: Catalog = .shared, home: HomeModel, trips: TripListModel,
        spots: SpotsModel, marking: SpotMarkingModel, map: MapModel, mapPacks: MapPacksModel, reports: ReportsModel,
        bests: PersonalBestsModel,
        sync: SyncModel,
        trash: TrashModel,
        settings: SettingsModel, errorReports: ErrorReportsModel, backup: BackupModel, interchange: InterchangeModel,
        sharedLinks: SharedLinksModel, track: TrackRecorder,
        licence: LicenceModel,
        purchases: StorePurchases? = nil, profiles: ProfilesModel,
        about: AboutModel, intents: CatchIntents, glance: TripGlanceSource,
        camera: CameraPresenter = CameraPresenter(), library: LibraryPresenter = LibraryPresenter(),
        gallery: @escaping @MainActor (MediaTarget?, CameraPresenter, LibraryPresenter) -> MediaModel,
        mediaViewer: @escaping @MainActor (MediaViewing) -> MediaViewerModel,
        tripDetail: @escaping @MainActor (UUID) -> TripDetailModel,
        catchPage: @escaping @MainActor (UUID) -> CatchPageModel,
        shareCatch: @escaping @MainActor (UUID) -> ShareCatchModel,
        conditions: @escaping @MainActor (Coordinate) -> ConditionsModel,
        tripEditor: @escaping @MainActor (UUID?) -> TripEditorModel,
        catchEditor: @escaping @MainActor (CatchForm) -> CatchEditorModel
    ) {
        self.router = router
        self.help = help
        self.catalog = catalog
        self.home = home
        self.trips = trips
        self.spots = spots
        self.marking = marking
        self.map = map
        self.mapPacks = mapPacks
        self.reports = reports
        self.bests = bests
        self.sync = sync
        self.trash = trash
        self.settings = settings
        self.errorReports = errorReports
        self.backup = backup
        self.interchange = interchange
        self.sharedLinks = sharedLinks
        self.track = track
        self.licence = licence
        self.purchases = purchases
        self.profiles = profiles
        self.about = about
        self.intents = intents
        self.glance = glance
        self.camera = camera
        self.library = library
        self.gallery = ModelCache { gallery($0, camera, library) }
        self.mediaViewer = ModelCache(make: mediaViewer)
        self.tripDetail = ModelCache(make: tripDetail)
        self.catchPage = ModelCache(make: catchPage)
        self.shareCatch = ModelCache(make: shareCatch)
        self.conditions = ModelCache(make: conditions)
        self.tripEditor = ModelCache(make: tripEditor)
        self.catchEditor = ModelCache(make: catchEditor)
    }

    public var language: Language { help.language }

    /// A catalogue text in the app's language.
    public func text(_ key: String, _ values: [String: String] = [:]) -> String { help.text(key, values) }

    /// A count's text in the plural form it takes in the angler's language.
    public func text(_ key: String, count: Int, _ values: [String: String] = [:]) -> String {
        catalog.text(key, language, count: count, values)
    }
}

extension ScreenModels {
    /// Loads what every screen shows (the app's views do it in `.task`; the wireframes and the
    /// app shell's first frame need it at once).
    public func loadAll() async throws {
        try await home.load()
        try await trips.load()
        try await spots.load()
        try await map.load()
        mapPacks.load()
        try await reports.load()
        try await bests.load()
        try await sync.load()
        try await gallery(nil).load()
        try await trash.load()
        try await settings.load()
        try await profiles.load()
    }
}

/// The models of pushed screens, one per value (a trip's id…), made on first use and kept, as a
/// view's `@State` would keep it.
@MainActor
public final class ModelCache<Key: Hashable, Model: AnyObject> {
    private let make: @MainActor (Key) -> Model
    private var made: [Key: Model] = [:]

    init(make: @escaping @MainActor (Key) -> Model) { self.make = make }

    /// Drops the model of `key`: the next use makes a new one (a form saved or left).
    public func forget(_ key: Key) { made[key] = nil }

    public func callAsFunction(_ key: Key) -> Model {
        if let model = made[key] { return model }
        let model = make(key)
        made[key] = model
        return model
    }
}

/// Which catch form: an existing catch, or a new one (in a trip, when it was opened from one).
public struct CatchForm: Hashable, Sendable {
    public let catchId: UUID?
    public let tripId: UUID?

    public init(catchId: UUID? = nil, tripId: UUID? = nil) {
        self.catchId = catchId
        self.tripId = tripId
    }
}
