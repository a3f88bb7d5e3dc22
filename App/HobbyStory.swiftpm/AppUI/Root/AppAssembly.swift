import AppFeatures
import Diagnostics
import DiaryServices
import DiaryStore
import Foundation
import Geodesy
import Licensing
import MapSources
import MediaLibrary
import Routing
import SyncClient
import Weather

/// What the device gives the screens (issue 14 §1): its position, routes, network, name and
/// clock. The app shell passes Core Location, MapKit and URLSession (``AppProviders/device``);
/// the wireframes pass a device without position or network.
public struct AppProviders: Sendable {
    public var location: any LocationProviding
    /// The positions a trip's track records from (issue 34 §3).
    public var trackPositions: any TrackPositions
    /// Online routes; the installed map packs are asked after them.
    public var routes: any RouteProvider
    /// GET requests to the weather services and the map providers (checking a key).
    public var httpTransport: any HTTPTransport
    public var syncTransport: @Sendable (URL) -> any SyncTransport
    public var deviceName: String
    public var appVersion: String
    /// The build number (`CFBundleVersion`) error reports carry.
    public var build: String
    /// The ids of the map sources the device can draw (T7); the paid ones are offered once the
    /// angler's key is in `mapKeys`.
    public var drawableMapSources: Set<String>
    public var mapKeys: any MapKeyStore
    /// Draws the thumbnails of photos and videos (Quick Look in the app, libjpeg on Linux).
    public var thumbnails: any ThumbnailMaking
    public var now: @Sendable () -> Date
    public var timeZone: TimeZone
    /// The App Store (StoreKit 2 in the app) and the product ids that unlock the app (T13).
    public var store: any AppStorePurchasing
    /// Where the store's purchases wait for the window the angler tapped Buy in (the app's
    /// StoreKit store); nil when purchases need no window (the wireframes' store).
    public var purchases: StorePurchases?
    public var licenceProducts: [String]
    /// The team that signs the app and the portal's Ed25519 public key it ships with (its
    /// Info.plist): entitlement tokens' only trust. Without the key the portal's is pinned on
    /// first use, and the licence screen says so.
    public var licensing: LicensingBuildSettings
    /// App Attest (DeviceCheck in the app); nil never attests.
    public var attester: (any AppAttesting)?
    /// Signs of tampering the platform can see (a debugger, a re-signed copy), reported with
    /// each token refresh and never used against the data.
    public var tamperSignals: @Sendable () -> [TamperSignal]

    public init(
        location: any LocationProviding, trackPositions: any TrackPositions, routes: any RouteProvider,
        httpTransport: any HTTPTransport,
        syncTransport: @escaping @Sendable (URL) -> any SyncTransport, deviceName: String, appVersion: String,
        build: String = "1", drawableMapSources: Set<String> = AppProviders.drawnMapSources,
        mapKeys: any MapKeyStore, thumbnails: any ThumbnailMaking, now: @escaping @Sendable () -> Date = { Date() },
        timeZone: TimeZone = .current, store: any AppStorePurchasing = NothingForSale(),
        purchases: StorePurchases? = nil, licenceProducts: [String] = [],
        licensing: LicensingBuildSettings = LicensingBuildSettings(teamId: nil, portalKey: nil),
        attester: (any AppAttesting)? = nil,
        tamperSignals: @escaping @Sendable () -> [TamperSignal] = { TamperSignal.debuggerIfAttached() }
    ) {
        self.tamperSignals = tamperSignals
        self.store = store
        self.purchases = purchases
        self.licenceProducts = licenceProducts
        self.licensing = licensing
        self.attester = attester
        self.location = location
        self.trackPositions = trackPositions
        self.routes = routes
        self.httpTransport = httpTransport
        self.syncTransport = syncTransport
        self.deviceName = deviceName
        self.appVersion = appVersion
        self.build = build
        self.drawableMapSources = drawableMapSources
        self.mapKeys = mapKeys
        self.thumbnails = thumbnails
        self.now = now
        self.timeZone = timeZone
    }
}

extension AppProviders {
    /// What the app draws (T7): every app source, whatever draws it — Apple's maps through
    /// MapKit, the offline packs drawn on the device and the raster sources (once their key is
    /// saved) through MapKit's tile overlay.
    public static let drawnMapSources = Set(MapSource.catalogue.filter { $0.surfaces.contains(.app) }.map(\.id))
}

extension ScreenModels {
    /// The screens over one angler's diary, as the app makes them and the wireframes draw them:
    /// the angler's settings (language, units) first, then every model with the device's
    /// providers; the weather cache sits beside the profiles, shared by them.
    public static func assemble(
        diary: DiaryQueue, storage: SerialAccess<DeviceStorage>, profiles: ProfilesModel, deviceLanguage: Language,
        providers p: AppProviders
    ) async throws -> ScreenModels {
        let deviceFolder = try await storage.run { $0.root }
        let sharedDirectoryURL = try await storage.run { $0.sharedDirectoryURL }
        let mapKeys = MapKeyModel.models(
            drawable: p.drawableMapSources, store: p.mapKeys, transport: p.httpTransport, appVersion: p.appVersion,
            language: deviceLanguage)
        let settings = SettingsModel(
            diary: diary, deviceLanguage: deviceLanguage, drawableMapSources: p.drawableMapSources, mapKeys: mapKeys,
            appVersion: p.appVersion, logFolder: deviceFolder.appendingPathComponent("logs"))
        try await settings.load()
        let language = settings.language
        for model in mapKeys { model.language = language }
        let formatter = settings.formatter
        let databaseURL = try await diary.read { $0.fileURL }
        let mediaRoot = MediaStore.folder(forDiaryAt: databaseURL)
        let thumbnails = MediaThumbnails(mediaFolder: mediaRoot, maker: p.thumbnails)
        let weather = WeatherService(
            cache: try? WeatherCache(path: deviceFolder.appendingPathComponent("weather.sqlite").path),
            transport: p.httpTransport, clock: p.now)
        let conditions = ConditionsService(diary: diary, weather: weather)
        let device = DeviceDescription.current(
            appVersion: p.appVersion, build: p.build, schemaVersion: Diary.currentSchemaVersion)
        // Captured errors become reports in the diary's queue (issue 18), sent after syncs when
        // the angler agreed; the log files stay where the settings' export reads them.
        Diagnostics.install(try DiagnosticsService.sink(logsOf: deviceFolder, diaryAt: databaseURL, device: device))
        let diagnostics = DiagnosticsService(
            diary: diary, device: device, profileFolder: deviceFolder, transport: p.syncTransport)
        let store = p.store
        let licence = LicenceService(
            diary: diary, transport: p.syncTransport, shippedKey: p.licensing.portalKey, clock: p.now,
            platformSignals: p.tamperSignals, trialAnchor: { await store.firstDownload() })
        // Judged at launch, so a diary past its trial takes no local change from the first screen.
        _ = try? await licence.status()
        let sync = SyncService(
            diary: diary, sharedDirectoryURL: sharedDirectoryURL,
            contentURL: { MediaStore.contentURL(mediaRoot, $0) }, transport: p.syncTransport, diagnostics: diagnostics,
            licence: licence, attester: p.attester)
        let downloads = MediaDownloadService(diary: diary, mediaRoot: mediaRoot, transport: p.syncTransport)
        let labeler = BundledGazetteerLabeler()
        let packs = MapPackService(folder: deviceFolder.appendingPathComponent("maps"), transport: p.syncTransport)
        let routes = FallbackRoutes([p.routes, InstalledPackRoutes(packs: packs)])
        let year = Calendar(identifier: .gregorian).component(.year, from: p.now())
        let sharing = CatchSharing(
            diary: diary, transport: p.syncTransport,
            picture: CatchSharing.picture(drawnBy: p.thumbnails, mediaRoot: mediaRoot),
            name: { language == .russian ? $0.nameRu : $0.nameEn })
        return ScreenModels(
            router: AppRouter(), help: HelpModel(language: language),
            home: HomeModel(
                diary: diary, location: p.location, conditions: conditions, now: p.now, formatter: formatter),
            trips: TripListModel(diary: diary, formatter: formatter),
            spots: SpotsModel(diary: diary, location: p.location, formatter: formatter),
            marking: SpotMarkingModel(diary: diary, labeler: labeler, formatter: formatter),
            map: MapModel(
                diary: diary, labeler: labeler, location: p.location, routes: routes,
                points: PointInfoService(labeler: labeler, packs: packs, weather: weather), formatter: formatter,
                packTiles: InstalledPackTiles(packs: packs), source: { settings.mapSourceInUse }),
            mapPacks: MapPacksModel(diary: diary, service: packs, formatter: formatter),
            reports: ReportsModel(diary: diary, databaseURL: databaseURL, currentYear: year, language: language),
            bests: PersonalBestsModel(diary: diary, formatter: formatter),
            sync: SyncModel(service: sync, deviceName: p.deviceName, language: language),
            trash: TrashModel(diary: diary, language: language), settings: settings,
            errorReports: ErrorReportsModel(service: diagnostics, language: language),
            // The last backup made waits beside the diagnostics export until the next replaces it.
            backup: BackupModel(
                diary: diary, folder: deviceFolder.appendingPathComponent("backups"),
                madeBy: "The Hobby Story \(p.appVersion)", language: language, now: p.now),
            interchange: InterchangeModel(
                diary: diary, folder: deviceFolder.appendingPathComponent("exports"), language: language, now: p.now),
            sharedLinks: SharedLinksModel(sharing: sharing, language: language, timeZone: p.timeZone, now: p.now),
            track: TrackRecorder(diary: diary, positions: p.trackPositions, formatter: formatter, now: p.now),
            licence: LicenceModel(
                service: licence, store: store, productIds: p.licenceProducts, language: language,
                buildProblems: p.licensing.problems),
            purchases: p.purchases,
            profiles: profiles,
            about: AboutModel(version: p.appVersion),
            intents: CatchIntents(
                diary: diary, location: p.location, conditions: conditions, now: p.now, formatter: formatter),
            glance: TripGlanceSource(diary: diary, language: language, now: p.now),
            gallery: { target, camera, library in
                MediaModel(
                    diary: diary, target: target, camera: camera, library: library, downloads: downloads,
                    thumbnails: thumbnails, language: language)
            },
            mediaViewer: { viewing in
                MediaViewerModel(
                    diary: diary, viewing: viewing, mediaFolder: mediaRoot, thumbnails: thumbnails,
                    downloads: downloads, formatter: formatter)
            },
            tripDetail: {
                TripDetailModel(diary: diary, tripId: $0, formatter: formatter, thumbnails: thumbnails, now: p.now)
            },
            catchPage: { CatchPageModel(diary: diary, catchId: $0, formatter: formatter, thumbnails: thumbnails) },
            shareCatch: { ShareCatchModel(sharing: sharing, catchId: $0, formatter: formatter, now: p.now) },
            conditions: { coordinate in
                let time = p.now()
                return ConditionsModel(
                    weather: weather, coordinate: coordinate, time: time,
                    utcOffsetSeconds: p.timeZone.secondsFromGMT(for: time), formatter: formatter)
            },
            tripEditor: { id in
                TripEditorModel(diary: diary, editingId: id, conditions: conditions, formatter: formatter, now: p.now)
            },
            catchEditor: { form in
                CatchEditorModel(
                    diary: diary, editingId: form.catchId, tripId: form.tripId, conditions: conditions,
                    formatter: formatter, now: p.now, thumbnails: thumbnails)
            })
    }
}
