import Foundation

/// Every endpoint of the portal (T3, T4, T5, T6, T10, T12, T13), defined once for both sides: the portal
/// registers each endpoint's ``pattern`` for its ``method`` — behind the protocol check and the
/// bearer token where ``checksProtocolVersion`` and ``requiresSession`` say —, the device builds
/// its requests' targets from the same values with ``target(_:query:)``, and the OpenAPI document
/// is held to this list by a test. The JSON endpoints' types are in ``PortalAPI``. The route
/// table in isowords' sense, without a parser library.
public enum PortalEndpoint: String, CaseIterable, Sendable {
    case health, metrics, openAPI
    case signUp, signIn, signOut, currentAccount, devices, revokeDevice
    case push, pull, history
    case directories, adminStats
    case uploadOptions, createUpload, uploadOffset, appendUpload, media
    case mapPacks, mapPackFile, tile, tileImage, route
    case diagnostics
    case shares, createShare, revokeShare
    case redeemAppStore, entitlement, licenceKey, appStoreNotifications, attestationChallenge, attestDevice

    /// The HTTP method (`HEAD` on ``media`` is served by its `GET`).
    public var method: String {
        switch self {
        case .health, .metrics, .openAPI, .currentAccount, .devices, .pull, .history, .directories, .adminStats, .media,
            .mapPacks, .mapPackFile, .tile, .tileImage, .route, .licenceKey, .attestationChallenge, .shares:
            "GET"
        case .signUp, .signIn, .push, .createUpload, .diagnostics, .redeemAppStore, .entitlement,
            .appStoreNotifications,
            .attestDevice, .createShare:
            "POST"
        case .signOut, .revokeDevice, .revokeShare: "DELETE"
        case .uploadOptions: "OPTIONS"
        case .uploadOffset: "HEAD"
        case .appendUpload: "PATCH"
        }
    }

    /// The path, with `:name` for a segment the request fills in.
    public var pattern: String {
        switch self {
        case .health: "/health"
        case .metrics: "/metrics"
        case .openAPI: "/v1/openapi.json"
        case .signUp: "/v1/accounts"
        case .currentAccount: "/v1/accounts/me"
        case .signIn: "/v1/sessions"
        case .signOut: "/v1/sessions/current"
        case .devices: "/v1/devices"
        case .revokeDevice: "/v1/devices/:id"
        case .push: "/v1/sync/push"
        case .pull: "/v1/sync/pull"
        case .history: "/v1/history"
        case .directories: "/v1/directories"
        case .adminStats: "/v1/admin/stats"
        case .uploadOptions, .createUpload: "/v1/uploads"
        case .uploadOffset, .appendUpload: "/v1/uploads/:id"
        case .media: "/v1/media/:sha256"
        case .mapPacks: "/v1/map-packs"
        case .mapPackFile: "/v1/map-packs/:name/:file"
        case .tile: "/v1/tiles/:pack/:z/:x/:y"
        case .tileImage: "/v1/tile-images/:pack/:z/:x/:y"
        case .route: "/v1/route"
        case .diagnostics: "/v1/diagnostics"
        case .shares, .createShare: "/v1/shares"
        case .revokeShare: "/v1/shares/:id"
        case .redeemAppStore: "/v1/entitlements/app-store"
        case .entitlement: "/v1/entitlements/current"
        case .licenceKey: "/v1/entitlements/key"
        case .appStoreNotifications: "/v1/app-store/notifications"
        case .attestationChallenge: "/v1/devices/challenge"
        case .attestDevice: "/v1/devices/attest"
        }
    }

    /// Whether a bearer token is required. Map packs, tiles and routes on them are
    /// OpenStreetMap's open data (ODbL), served to anyone as a tile server is. Error reports
    /// come from anglers without an account too (a token, when sent, names the account). The
    /// licence key is public, and the App Store's notifications prove themselves by Apple's signature.
    public var requiresSession: Bool {
        switch self {
        case .health, .metrics, .openAPI, .signUp, .signIn, .uploadOptions, .mapPacks, .mapPackFile, .tile, .tileImage,
            .route,
            .diagnostics, .licenceKey, .appStoreNotifications:
            false
        default: true
        }
    }

    /// Whether the portal holds a request to the client's protocol version
    /// (``SyncProtocolVersion``): the endpoints of the app's account and sync, which change with
    /// the protocol. Open data, error reports, the API's description and Apple's notifications
    /// are served to any client.
    public var checksProtocolVersion: Bool { requiresSession || self == .signUp || self == .signIn }

    /// The request target: the pattern with each `:name` replaced by `parameters[name]`
    /// (percent-encoded), then the query, encoded.
    public func target(_ parameters: [String: String] = [:], query: [URLQueryItem] = []) -> String {
        RouteTarget.make(pattern, parameters, query: query)
    }
}

/// Fills a route pattern (`/v1/uploads/:id`) into a request target, for every route table of the
/// portal: the API's (``PortalEndpoint``) and the site's pages.
public enum RouteTarget {
    /// `pattern` with each `:name` replaced by `parameters[name]` (percent-encoded), then the
    /// query, encoded (items without a value are left out).
    public static func make(_ pattern: String, _ parameters: [String: String] = [:], query: [URLQueryItem] = [])
        -> String
    {
        let path = pattern.split(separator: "/").map { segment -> String in
            guard segment.hasPrefix(":") else { return String(segment) }
            return encode(parameters[String(segment.dropFirst())] ?? "")
        }
        let target = "/" + path.joined(separator: "/")
        let items = query.compactMap { item in item.value.map { "\(encode(item.name))=\(encode($0))" } }
        return items.isEmpty ? target : target + "?" + items.joined(separator: "&")
    }

    private static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .portalUnreserved) ?? value
    }
}

extension CharacterSet {
    /// RFC 3986's unreserved characters: everything else in a path segment or query value is
    /// percent-encoded (so `+`, `&` and `=` in a value never change its meaning).
    static let portalUnreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
