import Foundation
import HTTPProblem

/// Every endpoint of the portal (T3, T4, T5, T6, T10, T12, T13), defined once for both sides: the portal
/// registers each endpoint's ``pattern`` for its ``method``, the device builds its requests'
/// targets from the same values with ``target(_:query:)``, and the OpenAPI document is held to
/// this list by a test. The route table in isowords' sense, without a parser library.
public enum PortalEndpoint: String, CaseIterable, Sendable {
    case health, metrics, openAPI
    case signUp, signIn, signOut, currentAccount, devices, revokeDevice
    case push, pull, history
    case directories, adminStats
    case uploadOptions, createUpload, uploadOffset, appendUpload, media
    case mapPacks, mapPackFile, tile, tileImage, route
    case diagnostics
    case redeemAppStore, entitlement, licenceKey, appStoreNotifications, attestationChallenge, attestDevice

    /// The HTTP method (`HEAD` on ``media`` is served by its `GET`).
    public var method: String {
        switch self {
        case .health, .metrics, .openAPI, .currentAccount, .devices, .pull, .history, .directories, .adminStats, .media,
            .mapPacks, .mapPackFile, .tile, .tileImage, .route, .licenceKey, .attestationChallenge:
            "GET"
        case .signUp, .signIn, .push, .createUpload, .diagnostics, .redeemAppStore, .entitlement,
            .appStoreNotifications,
            .attestDevice:
            "POST"
        case .signOut, .revokeDevice: "DELETE"
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

/// Why a query parameter was refused; the portal answers 400 with ``code``.
public struct QueryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problem code, `invalid_<parameter>`.
    public let code: ProblemCode
    public let description: String

    init(_ parameter: String, _ value: String, must rule: String) {
        code = .invalid(parameter)
        description = "\(parameter) \"\(value.prefix(40))\" \(rule)"
    }
}

/// `GET /v1/sync/pull`'s query: where to continue, how many changes at most, and — from protocol
/// version 2 (``SyncProtocolVersion``) — the kinds of record the client knows.
public struct PullQuery: Sendable, Equatable {
    public static let defaultLimit = 500
    /// Names in `kinds`, at most: more than any build will know, few enough to read at once.
    public static let maximumKindNames = 32
    /// Bytes of one name in `kinds`.
    public static let maximumKindNameBytes = 32

    public var cursor: SyncCursor
    public var limit: Int
    /// The kinds to send; nil when the client names none (protocol version 1).
    public var kinds: Set<RecordKind>?

    public init(cursor: SyncCursor, limit: Int = defaultLimit, kinds: Set<RecordKind>? = Set(RecordKind.allCases)) {
        self.cursor = cursor
        self.limit = limit
        self.kinds = kinds
    }

    /// The kinds the portal sends: those named, or a version 1 client's.
    public var servedKinds: Set<RecordKind> { kinds ?? RecordKind.firstProtocolKinds }

    /// Reads and checks the query (`value(name)` gives a decoded parameter or nil). A kind name
    /// this build does not know comes from a newer client and is passed over: the portal holds
    /// no record of it.
    public init(_ value: (String) throws -> String?) throws {
        let token = try value("cursor") ?? ""
        guard let cursor = SyncCursor(token: token) else {
            throw QueryError("cursor", token, must: "is not one the portal handed out")
        }
        let limitText = try value("limit") ?? String(Self.defaultLimit)
        guard let limit = Int(limitText), (1...SyncLimits.changesPerPull).contains(limit) else {
            throw QueryError("limit", limitText, must: "must be 1–\(SyncLimits.changesPerPull)")
        }
        self.init(cursor: cursor, limit: limit, kinds: try (try value("kinds")).map(Self.kinds(named:)))
    }

    private static func kinds(named text: String) throws -> Set<RecordKind> {
        let names = text.split(separator: ",", omittingEmptySubsequences: false)
        guard names.count <= maximumKindNames else {
            throw QueryError("kinds", text, must: "names more than \(maximumKindNames) kinds")
        }
        for name in names {
            guard (1...maximumKindNameBytes).contains(name.utf8.count),
                name.utf8.allSatisfy({ (97...122).contains($0) || $0 == 95 })
            else {
                throw QueryError(
                    "kinds", text,
                    must: "must be kinds of record separated by commas, each 1–\(maximumKindNameBytes) letters a–z or _"
                )
            }
        }
        return Set(names.compactMap { RecordKind(rawValue: String($0)) })
    }

    public var items: [URLQueryItem] {
        var items = [
            URLQueryItem(name: "cursor", value: cursor.token), URLQueryItem(name: "limit", value: String(limit)),
        ]
        if let kinds {
            let names = RecordKind.allCases.filter(kinds.contains).map(\.rawValue)
            items.append(URLQueryItem(name: "kinds", value: names.joined(separator: ",")))
        }
        return items
    }
}

/// `GET /v1/history`'s query: one record's versions or all, a page below a version number.
public struct HistoryQuery: Sendable, Equatable {
    public static let maximumLimit = 500

    public var id: UUID?
    public var before: Int64?
    public var limit: Int

    public init(id: UUID? = nil, before: Int64? = nil, limit: Int = maximumLimit) {
        self.id = id
        self.before = before
        self.limit = limit
    }

    /// Reads and checks the query (`value(name)` gives a decoded parameter or nil).
    public init(_ value: (String) throws -> String?) throws {
        var id: UUID?
        if let text = try value("id") {
            guard let parsed = UUID(uuidString: text) else { throw QueryError("id", text, must: "is not a UUID") }
            id = parsed
        }
        var before: Int64?
        if let text = try value("before") {
            guard let number = Int64(text), number > 0 else {
                throw QueryError("before", text, must: "is not a version number")
            }
            before = number
        }
        let limitText = try value("limit") ?? String(Self.maximumLimit)
        guard let limit = Int(limitText), (1...Self.maximumLimit).contains(limit) else {
            throw QueryError("limit", limitText, must: "is not 1–\(Self.maximumLimit)")
        }
        self.init(id: id, before: before, limit: limit)
    }

    public var items: [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let id { items.append(URLQueryItem(name: "id", value: id.uuidString.lowercased())) }
        if let before { items.append(URLQueryItem(name: "before", value: String(before))) }
        if limit != Self.maximumLimit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        return items
    }
}
