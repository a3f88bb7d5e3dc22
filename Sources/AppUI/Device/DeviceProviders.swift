import AppFeatures
import MapSources
import SyncClient
import Weather

extension AppProviders {
    /// The device's own (issue 14 §1): Core Location for the position, MapKit's directions for
    /// routes online (the installed map packs answer when MapKit cannot: see
    /// `ScreenModels.assemble`), URLSession to the weather services and the portal.
    public static func device(deviceName: String, appVersion: String) -> AppProviders {
        // MapKit draws Apple's maps; drawing packs and raster sources waits for a renderer
        // (MapLibre Native) the app can link (issue 15).
        let drawable: Set<String> = ["apple"]
        return AppProviders(
            location: DeviceLocation(), routes: MapKitRoutes(), weatherTransport: URLSessionTransport(),
            syncTransport: { URLSessionSyncTransport(baseURL: $0) }, deviceName: deviceName, appVersion: appVersion,
            mapSources: MapSource.offered(on: .app, drawable: drawable))
    }
}
