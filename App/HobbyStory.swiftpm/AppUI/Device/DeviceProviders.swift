import AppFeatures
import Foundation
import Licensing
import SyncClient
import Weather

extension AppProviders {
    /// The device's own (issue 14 §1): Core Location for the position, MapKit's directions for
    /// routes online (the installed map packs answer when MapKit cannot: see
    /// `ScreenModels.assemble`), URLSession to the weather services and the portal, StoreKit and
    /// App Attest with the app's products and the portal's licence key (``AppLicensing``), the
    /// Keychain for the keys of paid map sources, Quick Look for the thumbnails of photos and videos.
    @MainActor
    public static func device(deviceName: String, appVersion: String) -> AppProviders {
        let purchases = StorePurchases()
        return AppProviders(
            location: DeviceLocation(), routes: MapKitRoutes(), httpTransport: URLSessionTransport(),
            syncTransport: { URLSessionSyncTransport(baseURL: $0) }, deviceName: deviceName, appVersion: appVersion,
            mapKeys: KeychainMapKeys(), thumbnails: QuickLookThumbnails(), store: AppStore(purchases: purchases),
            purchases: purchases,
            licenceProducts: AppLicensing.products, licenceKey: AppLicensing.portalKey, attester: AppAttester(),
            tamperSignals: {
                TamperSignal.debuggerIfAttached()
                    + TamperSignal.signingIdentity(
                        provisioningProfile: Bundle.main.url(forResource: "embedded", withExtension: "mobileprovision")
                            .flatMap { try? Data(contentsOf: $0) }, expectedTeam: AppLicensing.teamId)
            })
    }
}

/// What the app sells and whose word it takes (T13, issue 17; docs/licensing.md): the App Store
/// product ids that unlock it, and the Ed25519 public key of the production portal
/// (`hobbystory-portal admin licences key`), the only key entitlement tokens are checked with.
/// Until that key is written here, the app pins the key of the portal it first redeems on. The
/// team that signs the app: a copy carrying another team's provisioning profile is reported as
/// re-signed; until it is written here, that check is off.
public enum AppLicensing {
    public static let products = ["org.hobbystory.fishing.yearly", "org.hobbystory.fishing.lifetime"]
    public static let portalKey: Data? = nil
    public static let teamId: String? = nil
}
