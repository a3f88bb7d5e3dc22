import Foundation
import SyncProtocol

/// Every page and form target of the site (issue 16), defined once: the portal registers each
/// page's ``pattern`` for its ``method``, and pages link to each other through ``target(_:query:)``.
public enum SitePage: String, CaseIterable, Sendable {
    case home, styleSheet
    case signIn, submitSignIn, signOut
    case account, changePassword, confirmRevokeDevice, revokeDevice, exportAccount, confirmDeleteAccount, deleteAccount
    case diary, trip, `catch`, media
    case reports, reportChart, reportCSV
    case map, mapData, mapPoint, mapScript, leaflet, leafletImage
    case admin, downloadsChart, directory, addDirectoryEntry, directoryEntry, renameDirectoryEntry
    case confirmRetireDirectoryEntry, retireDirectoryEntry
    case errors, errorGroup, updateErrorGroup, errorChart
    case licences, licence
    case sharedCatch, sharedPhoto

    public var method: String {
        switch self {
        case .submitSignIn, .signOut, .changePassword, .revokeDevice, .deleteAccount, .addDirectoryEntry,
            .renameDirectoryEntry,
            .retireDirectoryEntry, .updateErrorGroup:
            "POST"
        default: "GET"
        }
    }

    public var pattern: String {
        switch self {
        case .home: "/"
        case .styleSheet: "/site/style.css"
        case .signIn, .submitSignIn: "/signin"
        case .signOut: "/signout"
        case .account: "/account"
        case .changePassword: "/account/password"
        case .exportAccount: "/account/export"
        case .confirmDeleteAccount, .deleteAccount: "/account/delete"
        case .confirmRevokeDevice, .revokeDevice: "/account/devices/:id/revoke"
        case .diary: "/diary"
        case .trip: "/diary/trips/:id"
        case .catch: "/diary/catches/:id"
        case .media: "/diary/media/:id"
        case .map: "/map"
        case .mapData: "/map/data.json"
        case .mapPoint: "/map/point.json"
        case .mapScript: "/site/map.js"
        case .leaflet: "/site/leaflet/:file"
        case .leafletImage: "/site/leaflet/images/:file"
        case .reports: "/reports"
        case .reportChart: "/reports/chart.svg"
        case .reportCSV: "/reports/data.csv"
        case .admin: "/admin"
        case .downloadsChart: "/admin/charts/downloads.svg"
        case .directory, .addDirectoryEntry: "/admin/directories/:kind"
        case .directoryEntry, .renameDirectoryEntry: "/admin/directories/:kind/:id"
        case .confirmRetireDirectoryEntry, .retireDirectoryEntry: "/admin/directories/:kind/:id/retire"
        case .errors: "/admin/errors"
        case .errorGroup, .updateErrorGroup: "/admin/errors/:fingerprint"
        case .errorChart: "/admin/errors/:fingerprint/chart.svg"
        case .licences: "/admin/licences"
        case .licence: "/admin/licences/:id"
        case .sharedCatch: "/s/:token"
        case .sharedPhoto: "/s/:token/photo.jpg"
        }
    }

    /// Whether the page is only for a signed-in angler (others are sent to sign in first).
    public var requiresSignIn: Bool {
        switch self {
        case .home, .styleSheet, .signIn, .submitSignIn, .mapScript, .leaflet, .leafletImage, .sharedCatch,
            .sharedPhoto:
            false
        default: true
        }
    }

    /// Whether the page is only for the portal's administrators (others get 403).
    public var requiresAdmin: Bool { pattern.hasPrefix("/admin") }

    /// The target of this page: the pattern filled with `parameters`, then the query.
    public func target(_ parameters: [String: String] = [:], query: [URLQueryItem] = []) -> String {
        RouteTarget.make(pattern, parameters, query: query)
    }

    /// The target of this page for the record `id`.
    public func target(id: UUID) -> String { target(["id": id.uuidString.lowercased()]) }
}
