import Foundation

/// What a build of the app is told about its licensing (T13; issue 31 §3), from its Info.plist:
/// the Apple team that signs it (a copy signed by another is reported as re-signed) and the
/// production portal's Ed25519 public key, the only key entitlement tokens are checked with.
///
/// Both come from the app package's `InfoAdditions.plist`, merged into the Info.plist when Xcode
/// builds the app. A release build does not start without them (the app's entry point says
/// which is missing); a debug build runs without and says so on the licence screen: no team
/// check, and the key of the first portal the angler redeems on is pinned.
public struct LicensingBuildSettings: Sendable, Equatable {
    /// The Info.plist key of the team identifier: ten letters A–Z and digits.
    public static let teamIdentifierKey = "HobbyStoryTeamIdentifier"
    /// The Info.plist key of the portal's key: 32 bytes in base64, as
    /// `hobbystory-portal admin licences key` prints it.
    public static let portalKeyKey = "HobbyStoryPortalLicenceKey"

    /// What is wrong with one of the settings.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// Absent or empty.
        case unset(key: String)
        /// Present but not what it must be.
        case malformed(key: String, value: String, rule: String)

        public var description: String {
            switch self {
            case .unset(let key): "\(key) is not set in the app's InfoAdditions.plist"
            case .malformed(let key, let value, let rule):
                "\(key) \"\(value.prefix(60))\" in the app's InfoAdditions.plist \(rule)"
            }
        }
    }

    public var teamId: String?
    public var portalKey: Data?
    /// Why a setting is nil: empty for a build ready to ship.
    public var problems: [Problem]

    public init(teamId: String?, portalKey: Data?) {
        self.teamId = teamId
        self.portalKey = portalKey
        problems = []
        if teamId == nil { problems.append(.unset(key: Self.teamIdentifierKey)) }
        if portalKey == nil { problems.append(.unset(key: Self.portalKeyKey)) }
    }

    /// Reads the two settings from an Info.plist's dictionary; what is absent or malformed is
    /// left nil and named in ``problems``.
    public init(infoDictionary: [String: Any]) {
        var problems: [Problem] = []
        func read<Value>(_ key: String, rule: String, _ parse: (String) -> Value?) -> Value? {
            let text = (infoDictionary[key] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard !text.isEmpty else {
                problems.append(.unset(key: key))
                return nil
            }
            guard let value = parse(text) else {
                problems.append(.malformed(key: key, value: text, rule: rule))
                return nil
            }
            return value
        }
        teamId = read(Self.teamIdentifierKey, rule: "must be ten capital letters A–Z or digits") { text in
            text.utf8.count == 10 && text.utf8.allSatisfy { (48...57).contains($0) || (65...90).contains($0) }
                ? text : nil
        }
        portalKey = read(
            Self.portalKeyKey,
            rule: "must be the portal's 32-byte Ed25519 public key in base64 (`hobbystory-portal admin licences key`)"
        ) { text in Data(base64Encoded: text).flatMap { $0.count == 32 ? $0 : nil } }
        self.problems = problems
    }
}
