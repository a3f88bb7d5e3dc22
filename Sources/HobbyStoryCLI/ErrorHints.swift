import DiaryServices
import DiaryStore
import FishingModel
import Routing
import SyncClient

/// How to fix what the core reports, in the command line's words: the core says what is wrong
/// (issue 13 §2), the front end says which command or option helps.
extension HobbyStoryCLI {
    static func hint(_ error: StoreError) -> String {
        switch error {
        case .pinRequired: "; give it with --pin PIN or $HOBBYSTORY_PIN"
        case .readOnly:
            "; buy or restore the app (`hobbystory licence status`, `hobbystory licence redeem --signed-transaction FILE`)"
        default: ""
        }
    }

    static func hint(_ error: SyncError) -> String {
        switch error {
        case .notSignedIn: "; sign in with `hobbystory account login` first"
        case .signInRequired: "; sign in again with `hobbystory account login`"
        case .updateRequired: "; install a newer hobbystory; every change stays on this device meanwhile"
        case .refused(_, .entitlementRequired, _), .refused(_, .purchaseExpired, _):
            "; buy or restore the app (`hobbystory licence redeem --signed-transaction FILE`); every change stays on this device meanwhile"
        case .refused(_, .attestationRequired, _), .refused(_, .assertionRefused, _):
            "; this portal takes changes only from the app on a genuine iPhone or iPad; every change stays on this device"
        default: ""
        }
    }

    static func hint(_ error: RouteProblem) -> String {
        switch error {
        case .outsideArea:
            "; download the pack that covers it (`hobbystory map packs`, `hobbystory map download NAME`) or name an online service (--osrm URL)"
        case .noRoad: "; choose a point nearer a road or path"
        case .offline: "; add --offline to route on a map pack on this device"
        default: ""
        }
    }

    /// For every refused directory reference, the command that lists that directory.
    static func directoryHints(_ error: ValidationError) -> String {
        let listed = error.issues.compactMap { issue in
            DirectoryKind.allCases.first { $0.referenceField == issue.field }
        }
        return Set(listed).sorted { $0.rawValue < $1.rawValue }
            .map { "\n(`hobbystory directory list \($0.rawValue)` lists the \($0.entryNoun) entries)" }.joined()
    }
}
