import AppFeatures
import Foundation

/// The models of the screens the app shows, made once by the app shell with real providers
/// (and by the wireframe tool with a sample diary): the views only read them.
@MainActor
public struct ScreenModels {
    public let router: AppRouter
    public let help: HelpModel
    public let catalog: Catalog
    public let home: HomeModel
    public let trips: TripListModel
    public let trash: TrashModel
    public let settings: SettingsModel
    public let profiles: ProfilesModel
    public let about: AboutModel
    /// The model of a trip's page, made when it is opened.
    public let tripDetail: @MainActor (UUID) -> TripDetailModel

    public init(
        router: AppRouter, help: HelpModel, catalog: Catalog = .shared, home: HomeModel, trips: TripListModel,
        trash: TrashModel, settings: SettingsModel, profiles: ProfilesModel, about: AboutModel,
        tripDetail: @escaping @MainActor (UUID) -> TripDetailModel
    ) {
        self.router = router
        self.help = help
        self.catalog = catalog
        self.home = home
        self.trips = trips
        self.trash = trash
        self.settings = settings
        self.profiles = profiles
        self.about = about
        self.tripDetail = tripDetail
    }

    public var language: Language { help.language }

    /// A catalogue text in the app's language.
    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        catalog.text(key, language, values)
    }
}
