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
    /// A release build without its licensing settings stops here, saying which is missing.
    @MainActor
    public static func device(deviceName: String, appVersion: String) -> AppProviders {
        let licensing = AppLicensing.settings
        if AppLicensing.isReleaseBuild, !licensing.problems.isEmpty {
            fatalError(
                "This release build cannot check licences: \(licensing.problems.map(\.description).joined(separator: "; ")). Fill in App/HobbyStory.swiftpm/InfoAdditions.plist (docs/first-mac-build.md)."
            )
        }
        let purchases = StorePurchases()
        return AppProviders(
            location: DeviceLocation(), trackPositions: DeviceTrackPositions(), routes: MapKitRoutes(), httpTransport: URLSessionTransport(),
            syncTransport: { URLSessionSyncTransport(baseURL: $0) }, deviceName: deviceName, appVersion: appVersion,
            mapKeys: KeychainMapKeys(), thumbnails: QuickLookThumbnails(), store: AppStore(purchases: purchases),
            purchases: purchases,
            licenceProducts: AppLicensing.products, licensing: licensing, attester: AppAttester(),
            tamperSignals: {
                TamperSignal.debuggerIfAttached()
                    + TamperSignal.signingIdentity(
                        provisioningProfile: Bundle.main.url(forResource: "embedded", withExtension: "mobileprovision")
                            .flatMap { try? Data(contentsOf: $0) }, expectedTeam: licensing.teamId)
            })
    }
}

/// What the app sells and whose word it takes (T13, issue 17; docs/licensing.md): the App Store
/// product ids that unlock it, and this build's licensing settings from its Info.plist
/// (``LicensingBuildSettings``: the production portal's Ed25519 public key, the only key
/// entitlement tokens are checked with, and the team that signs the app, so that a copy carrying
/// another team's provisioning profile is reported as re-signed), written in the app package's
/// `InfoAdditions.plist`.
public enum AppLicensing {
    public static let products = ["org.hobbystory.fishing.yearly", "org.hobbystory.fishing.lifetime"]
    public static let settings = LicensingBuildSettings(infoDictionary: Bundle.main.infoDictionary ?? [:])
    /// Whether this build was made for release (Archive, `-c release`): one that must carry its settings.
    public static var isReleaseBuild: Bool {
        #if DEBUG
            false
        #else
            true
        #endif
    }
}
