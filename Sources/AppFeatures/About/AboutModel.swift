import DiaryServices
import Observation

/// About the app: its version and the credits the data's licences require (the same list as
/// `hobbystory about` and the README).
@MainActor
@Observable
public final class AboutModel: DeclaresControls {
    public static let licences = Control("about.licences", .link)
    public static let controls = [licences]

    public let version: String
    public let credits: [String]
    /// The credits are listed under the button that shows them.
    public var showsLicences = false

    public init(version: String) {
        self.version = version
        credits = DataCredits.all
    }
}
