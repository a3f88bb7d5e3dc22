import Diagnostics
import Foundation
import HTTPServer
import PortalStore
import Site
import SyncProtocol

/// The portal's HTTP endpoints (T3 sync, T5 directories, T10 map packs, T12 user counts) over a
/// ``PortalStore``: accounts and sessions, push and pull, history, directories, admin statistics,
/// `/health` and `/metrics`. Every data endpoint acts only for the account of its bearer token.
public struct PortalApplication: Sendable {
    public let store: PortalStore
    public let metrics: PortalMetrics
    public let limiter: AttemptLimiter
    /// Sign-ups per client address.
    public let signUpLimiter: AttemptLimiter
    /// Routes a client address may ask for in a window (`/v1/route` is open and costs CPU).
    public let routeLimiter: AttemptLimiter
    /// Map pictures a client address may have drawn in a window (`/v1/tile-images`; those kept
    /// from an earlier drawing are free).
    public let drawingLimiter: AttemptLimiter
    /// How often error reports are taken (`POST /v1/diagnostics`).
    public let diagnosticsLimiters: DiagnosticsLimiters
    /// Reverse proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`).
    public let trustedProxies: Set<String>
    /// Where access lines, captured errors and the server's warnings go.
    public let logger: Logger
    /// The offline map packs served (`--map-packs`).
    public let maps: MapShelf
    /// Where the site keeps the copies of diaries it runs reports on (`--data`/replicas).
    public let replicaFolder: URL
    /// The site map's background: OpenStreetMap's public tiles unless told otherwise (tests: none).
    public let siteTiles: MapPages.Tiles
    /// App Store purchases, entitlement tokens and App Attest (T13).
    public let licensing: LicensingConfiguration
    /// How often the licensing endpoints are taken.
    public let licensingLimiters: LicensingLimiters
    /// The oldest sync protocol version served (``SyncProtocolVersion``); older clients are told
    /// to update.
    public let oldestProtocol: Int

    public init(
        store: PortalStore, metrics: PortalMetrics = PortalMetrics(), limiter: AttemptLimiter = AttemptLimiter(),
        signUpLimiter: AttemptLimiter = AttemptLimiter(maximumFailures: 20, window: 3_600),
        routeLimiter: AttemptLimiter = AttemptLimiter(maximumFailures: 120, window: 60),
        drawingLimiter: AttemptLimiter = AttemptLimiter(maximumFailures: 1_200, window: 60),
        diagnosticsLimiters: DiagnosticsLimiters = DiagnosticsLimiters(), trustedProxies: Set<String> = [],
        logger: Logger = Logger(category: "http"), maps: MapShelf = MapShelf(),
        replicaFolder: URL = FileManager.default.temporaryDirectory.appendingPathComponent("hobbystory-site-replicas"),
        siteTiles: MapPages.Tiles = .openStreetMap, licensing: LicensingConfiguration = LicensingConfiguration(),
        licensingLimiters: LicensingLimiters = LicensingLimiters(),
        oldestProtocol: Int = SyncProtocolVersion.oldestServed
    ) {
        self.oldestProtocol = oldestProtocol
        self.licensing = licensing
        self.licensingLimiters = licensingLimiters
        self.replicaFolder = replicaFolder
        self.siteTiles = siteTiles
        self.store = store
        self.metrics = metrics
        self.limiter = limiter
        self.signUpLimiter = signUpLimiter
        self.routeLimiter = routeLimiter
        self.drawingLimiter = drawingLimiter
        self.diagnosticsLimiters = diagnosticsLimiters
        self.trustedProxies = trustedProxies
        self.logger = logger
        self.maps = maps
    }

    /// The address a request comes from: its peer, or — when the peer is a trusted proxy — the
    /// nearest address in `X-Forwarded-For` (every line of it, in order) that is not itself a
    /// trusted proxy: a client can write anything before the proxies' entries, so only what they
    /// appended is believed. Addresses are compared in canonical form, without ports.
    static func clientAddress(_ request: HTTPRequest, peer: String?, trusting proxies: Set<String>) -> String {
        guard let peer = peer.map({ IPAddress.canonical($0) ?? $0 }) else { return "unknown" }
        let forwarded = request.headers.values(for: "X-Forwarded-For").joined(separator: ",")
        guard proxies.contains(peer), !forwarded.isEmpty else { return peer }
        let hops = forwarded.split(separator: ",").map { hop in
            let text = hop.trimmingCharacters(in: .whitespaces)
            return IPAddress.canonical(text) ?? text
        }
        .filter { !$0.isEmpty }
        return hops.last { !proxies.contains($0) } ?? hops.first ?? peer
    }

    /// The router and middleware, ready for ``HTTPServer`` (or a test's in-process client): every
    /// ``PortalEndpoint``, each behind what its table entry asks (``PortalRoutes``), and the site.
    public func application() -> HTTPApplication {
        var routes = PortalRoutes(router: Router(), accounts: store.accounts, oldestProtocol: oldestProtocol)
        PublicEndpoints(database: store.database, metrics: metrics).add(to: &routes)
        AccountEndpoints(
            accounts: store.accounts, signInLimiter: limiter, signUpLimiter: signUpLimiter,
            trustedProxies: trustedProxies
        ).add(to: &routes)
        SyncEndpoints(
            records: store.records, accounts: store.accounts, directories: store.directories, metrics: metrics,
            admission: PushAdmission(licences: store.licences, attestation: store.attestation, licensing: licensing)
        ).add(to: &routes)
        DiagnosticsEndpoints(
            accounts: store.accounts, diagnostics: store.diagnostics, limiters: diagnosticsLimiters,
            trustedProxies: trustedProxies
        ).add(
            to: &routes)
        LicensingEndpoints(
            licences: store.licences, attestation: store.attestation, licensing: licensing, limiters: licensingLimiters,
            trustedProxies: trustedProxies
        ).add(to: &routes)
        MediaEndpoints(media: store.media, metrics: metrics).add(to: &routes)
        ShareEndpoints(shares: store.shares).add(to: &routes)
        let (routeLimiter, drawingLimiter, trustedProxies) = (routeLimiter, drawingLimiter, trustedProxies)
        MapRoutes.add(
            to: &routes, shelf: maps,
            admitRoute: { request, context in
                try routeLimiter.admit(
                    Self.clientAddress(request, peer: context.remoteAddress, trusting: trustedProxies),
                    code: .tooManyRoutes, "Too many routes asked from this address")
            },
            admitDrawing: { request, context in
                try drawingLimiter.admit(
                    Self.clientAddress(request, peer: context.remoteAddress, trusting: trustedProxies),
                    code: .tooManyTiles, "Too many map pictures drawn for this address")
            })
        var router = routes.router
        SiteRoutes(
            store: store, limiter: limiter, trustedProxies: trustedProxies,
            replicas: AccountReplicas(folder: replicaFolder), tiles: siteTiles.over(maps.siteLayers)
        ).add(to: &router)
        return HTTPApplication(
            router: router, middleware: [MetricsMiddleware(metrics: metrics), PortalErrorMiddleware()], logger: logger)
    }
}

/// Counts every answer by the pattern of the route that matched (`/v1/uploads/:id`; `none` when
/// no route did) and status, with its latency: the label values are bounded by the route table.
struct MetricsMiddleware: HTTPMiddleware {
    let metrics: PortalMetrics

    func handle(_ request: HTTPRequest, context: RequestContext, next: HTTPHandler) async throws -> HTTPResponse {
        let started = ContinuousClock.now
        func record(_ status: Int) {
            metrics.recordRequest(
                route: context.notes.route ?? "none", status: status, seconds: (ContinuousClock.now - started).seconds)
        }
        do {
            let response = try await next(request, context)
            record(response.status.code)
            return response
        } catch let error as HTTPError {
            record(error.status.code)
            throw error
        } catch {
            record(500)
            throw error
        }
    }
}
