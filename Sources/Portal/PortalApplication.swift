import Diagnostics
import Foundation
import HTTPServer
import PortalStore
import SyncProtocol

/// The portal's HTTP endpoints (T3 sync, T5 directories, T12 user counts) over a
/// ``PortalStore``: accounts and sessions, push and pull, history, directories, admin statistics,
/// `/health` and `/metrics`. Every data endpoint acts only for the account of its bearer token.
public struct PortalApplication: Sendable {
    public let store: PortalStore
    public let metrics: PortalMetrics
    public let limiter: AttemptLimiter
    /// Sign-ups per client address.
    public let signUpLimiter: AttemptLimiter
    /// Reverse proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`).
    public let trustedProxies: Set<String>
    /// Where access lines, captured errors and the server's warnings go.
    public let logger: Logger

    public init(
        store: PortalStore, metrics: PortalMetrics = PortalMetrics(), limiter: AttemptLimiter = AttemptLimiter(),
        signUpLimiter: AttemptLimiter = AttemptLimiter(maximumFailures: 20, window: 3_600),
        trustedProxies: Set<String> = [], logger: Logger = Logger(category: "http")
    ) {
        self.store = store
        self.metrics = metrics
        self.limiter = limiter
        self.signUpLimiter = signUpLimiter
        self.trustedProxies = trustedProxies
        self.logger = logger
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

    /// The router and middleware, ready for ``HTTPServer`` or ``HTTPTestClient``.
    public func application() -> HTTPApplication {
        var router = Router()
        let store = store
        let metrics = metrics
        let limiter = limiter
        router.get(SyncRoutes.health) { _, _ in
            try .json(["status": "ok", "backend": store.database.backend])
        }
        router.get(SyncRoutes.metrics) { _, _ in
            HTTPResponse(
                headers: ["Content-Type": "text/plain; version=0.0.4"], body: .bytes(Data(metrics.render().utf8)))
        }
        let signUpLimiter = signUpLimiter
        let trustedProxies = trustedProxies
        router.post(SyncRoutes.accounts) { request, context in
            let client = Self.clientAddress(request, peer: context.remoteAddress, trusting: trustedProxies)
            if let wait = signUpLimiter.beginAttempt(client) {
                throw HTTPError(
                    HTTPStatus(code: 429), code: "too_many_signups",
                    detail: "Too many accounts created from this address; try again in \(wait) s.",
                    headers: ["Retry-After": String(wait)])
            }
            let body = try await request.decodeJSON(SignUpRequest.self)
            let id = try store.signUp(email: body.email, password: body.password)
            return try .json(try store.account(id), status: .created)
        }
        router.post(SyncRoutes.sessions) { request, _ in
            let body = try await request.decodeJSON(SignInRequest.self)
            let key = try PortalStore.normalisedEmail(body.email)
            if let wait = limiter.beginAttempt(key) {
                throw HTTPError(
                    HTTPStatus(code: 429), code: "too_many_attempts",
                    detail: "Too many wrong passwords for this email; try again in \(wait) s.",
                    headers: ["Retry-After": String(wait)])
            }
            let session = try store.signIn(
                email: body.email, password: body.password, deviceId: body.deviceId, deviceName: body.deviceName)
            limiter.recordSuccess(key)
            return try .json(session, status: .created)
        }
        MediaRoutes.addDiscovery(to: &router)
        let authenticated: [any HTTPMiddleware] = [
            AuthenticationMiddleware<PortalPrincipal> { request, context in
                guard let header = request.headers["Authorization"], header.hasPrefix("Bearer "),
                    let principal = try store.principal(forToken: String(header.dropFirst(7)))
                else { throw HTTPError.unauthorized("A valid bearer token is required; sign in again.") }
                context.notes["accountId"] = principal.accountId.uuidString.lowercased()
                context.notes["deviceId"] = principal.deviceId.uuidString.lowercased()
                return principal
            }
        ]
        router.group("", middleware: authenticated) { v1 in
            v1.delete(SyncRoutes.currentSession) { _, context in
                try store.revoke(tokenHash: try context.principal(as: PortalPrincipal.self).tokenHash)
                return .noContent
            }
            v1.get("/v1/accounts/me") { _, context in
                try .json(try store.account(try context.principal(as: PortalPrincipal.self).accountId))
            }
            v1.post(SyncRoutes.push, body: .buffered(maximumBytes: SyncLimits.pushBodyBytes)) { request, context in
                let principal = try context.principal(as: PortalPrincipal.self)
                let body = try await request.decodeJSON(PushRequest.self)
                let response = try store.push(body.mutations, account: principal.accountId, device: principal.deviceId)
                for status in [MutationResult.Status.applied, .duplicate, .superseded, .rejected] {
                    let name = status == .applied ? "pushed" : status == .duplicate ? "duplicates" : status.rawValue
                    metrics.count(name, response.results.filter { $0.status == status }.count)
                }
                return try .json(response)
            }
            v1.get(SyncRoutes.pull) { request, context in
                let principal = try context.principal(as: PortalPrincipal.self)
                let token = try request.queryValue("cursor") ?? ""
                guard let cursor = SyncCursor(token: token) else {
                    throw HTTPError.badRequest(
                        code: "invalid_cursor", "cursor \"\(token.prefix(40))\" is not one the portal handed out")
                }
                let limitText = try request.queryValue("limit") ?? "500"
                guard let limit = Int(limitText), (1...SyncLimits.changesPerPull).contains(limit) else {
                    throw HTTPError.badRequest(
                        code: "invalid_limit",
                        "limit \"\(limitText.prefix(20))\" must be 1–\(SyncLimits.changesPerPull)")
                }
                let page = try store.pull(after: cursor, limit: limit, account: principal.accountId)
                try store.recordActivity(account: principal.accountId)
                metrics.count("pulled", page.count)
                return HTTPResponse(
                    headers: ["Content-Type": "application/json"],
                    body: .stream(contentLength: nil) { writer in
                        for piece in page.json() { try await writer.write(piece) }
                    })
            }
            v1.get(SyncRoutes.history) { request, context in
                let principal = try context.principal(as: PortalPrincipal.self)
                var id: UUID?
                if let text = try request.queryValue("id") {
                    guard let parsed = UUID(uuidString: text) else {
                        throw HTTPError.badRequest(code: "invalid_id", "id \"\(text.prefix(40))\" is not a UUID")
                    }
                    id = parsed
                }
                let before = try request.queryValue("before").map { text in
                    guard let number = Int64(text), number > 0 else {
                        throw HTTPError.badRequest(
                            code: "invalid_before", "before \"\(text.prefix(40))\" is not a version number")
                    }
                    return number
                }
                let limit =
                    try request.queryValue("limit").map { text in
                        guard let number = Int(text), (1...500).contains(number) else {
                            throw HTTPError.badRequest(
                                code: "invalid_limit", "limit \"\(text.prefix(40))\" is not 1–500")
                        }
                        return number
                    } ?? 500
                let entries = try store.history(account: principal.accountId, id: id, before: before, limit: limit)
                let next = entries.count == limit ? entries.last?.seq : nil
                return try .json(HistoryResponse(entries: entries, nextBefore: next))
            }
            MediaRoutes.add(to: &v1, store: store, metrics: metrics)
            v1.get(SyncRoutes.directories) { _, _ in try .json(try store.directories()) }
            for method in [HTTPMethod.post, .put, .patch, .delete] {
                v1.on(method, SyncRoutes.directories, body: nil) { _, _ in
                    throw HTTPError.forbidden("Directories belong to the portal; devices can only read them (T5).")
                }
            }
            v1.get(SyncRoutes.adminStats) { _, context in
                guard try context.principal(as: PortalPrincipal.self).isAdmin else {
                    throw HTTPError.forbidden("Only administrators can read the portal's statistics.")
                }
                return try .json(try store.stats())
            }
        }
        return HTTPApplication(
            router: router, middleware: [MetricsMiddleware(metrics: metrics), StoreErrorMiddleware()], logger: logger)
    }
}

/// Answers the store's refusals with the right status and a stable `code`.
struct StoreErrorMiddleware: HTTPMiddleware {
    func handle(_ request: HTTPRequest, context: RequestContext, next: HTTPHandler) async throws -> HTTPResponse {
        do {
            return try await next(request, context)
        } catch let error as PortalStoreError {
            throw Self.httpError(error)
        }
    }

    static func httpError(_ error: PortalStoreError) -> HTTPError {
        switch error {
        case .invalid(let field, _):
            HTTPError.badRequest(code: "invalid_\(field)", error.description)
        case .emailTaken: HTTPError.conflict(code: "email_taken", error.description)
        case .wrongCredentials:
            HTTPError(.unauthorized, code: "wrong_credentials", detail: error.description)
        case .unknownAccount, .unknownDevice:
            HTTPError(.unauthorized, code: "unknown_device", detail: error.description)
        case .notFound: HTTPError.notFound(error.description)
        case .corrupt, .unavailable:
            HTTPError(
                HTTPStatus(code: 503), code: "unavailable", detail: "The portal's database is unavailable; retry later."
            )
        }
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

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
