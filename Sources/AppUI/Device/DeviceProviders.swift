import AppFeatures
import SyncClient
import Weather

extension AppProviders {
    /// The device's own (issue 14 §1): Core Location for the position, MapKit's directions for
    /// routes online, URLSession to the weather services and the portal.
    public static func device(deviceName: String, appVersion: String) -> AppProviders {
        AppProviders(
            location: DeviceLocation(), routes: MapKitRoutes(), weatherTransport: URLSessionTransport(),
            syncTransport: { URLSessionSyncTransport(baseURL: $0) }, deviceName: deviceName, appVersion: appVersion,
            mapSources: [MapSourceChoice(id: "apple", name: "Apple Maps")])
    }
}
