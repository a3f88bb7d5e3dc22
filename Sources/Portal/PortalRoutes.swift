import Foundation
import HTTPServer
import PortalStore
import SyncProtocol

/// Registers the portal's endpoints where their table says (T3; issue 32 §2): each handler goes
/// behind the client's protocol check when ``PortalEndpoint/checksProtocolVersion`` and behind
/// the bearer token when ``PortalEndpoint/requiresSession`` — the route table decides, not the
/// code that adds the handler. A typed endpoint (``APIEndpoint``) has its query read, its body
/// decoded and its answer encoded here, once; a signed-in handler is given the device's
/// ``PortalPrincipal``, typed.
struct PortalRoutes {
    private(set) var router: Router
    private let protocolGate: ProtocolVersionMiddleware
    private let authentication: AuthenticationMiddleware<PortalPrincipal>

    init(router: Router, accounts: AccountStore, oldestProtocol: Int) {
        self.router = router
        protocolGate = ProtocolVersionMiddleware(oldestServed: oldestProtocol)
        authentication = AuthenticationMiddleware<PortalPrincipal> { request, context in
            guard let token = request.bearerToken, let principal = try accounts.principal(forToken: token)
            else { throw HTTPError.unauthorized("A valid bearer token is required; sign in again.") }
            context.notes["accountId"] = principal.accountId.uuidString.lowercased()
            context.notes["deviceId"] = principal.deviceId.uuidString.lowercased()
            return principal
        }
    }

    /// A handler of an endpoint open to anyone, answering as it likes.
    mutating func open(_ endpoint: PortalEndpoint, body: BodyPolicy? = nil, _ handler: @escaping HTTPHandler) {
        precondition(!endpoint.requiresSession, "\(endpoint) needs a session; add it with signedIn")
        add(endpoint, body: body, handler)
    }

    /// A handler of a session endpoint, answering as it likes (bytes, streams, tus headers).
    mutating func signedIn(
        _ endpoint: PortalEndpoint, body: BodyPolicy? = nil,
        _ handler: @escaping @Sendable (HTTPRequest, RequestContext, PortalPrincipal) async throws -> HTTPResponse
    ) {
        precondition(endpoint.requiresSession, "\(endpoint) is open; add it with open")
        add(endpoint, body: body) { request, context in
            try await handler(request, context, try context.principal(as: PortalPrincipal.self))
        }
    }

    /// A typed handler of an endpoint open to anyone.
    mutating func open<Body, Query, Answer: Encodable>(
        _ api: APIEndpoint<Body, Query, Answer>, body: BodyPolicy? = nil,
        _ handler: @escaping @Sendable (EndpointCall<Body, Query>) async throws -> Answer
    ) {
        open(api.endpoint, body: body) { request, context in
            try Self.answer(api, try await handler(try EndpointCall(request, context)))
        }
    }

    /// A typed handler of a session endpoint.
    mutating func signedIn<Body, Query, Answer: Encodable>(
        _ api: APIEndpoint<Body, Query, Answer>, body: BodyPolicy? = nil,
        _ handler: @escaping @Sendable (EndpointCall<Body, Query>, PortalPrincipal) async throws -> Answer
    ) {
        signedIn(api.endpoint, body: body) { request, context, principal in
            try Self.answer(api, try await handler(try EndpointCall(request, context), principal))
        }
    }

    /// A refusal of `method` on the endpoint's path (behind what the endpoint's table entry asks):
    /// the directory writes devices may not make.
    mutating func refuse(_ method: HTTPMethod, on endpoint: PortalEndpoint, with error: HTTPError) {
        add(endpoint, method: method, body: nil) { _, _ in throw error }
    }

    private mutating func add(
        _ endpoint: PortalEndpoint, method: HTTPMethod? = nil, body: BodyPolicy?, _ handler: @escaping HTTPHandler
    ) {
        var middleware: [any HTTPMiddleware] = []
        if endpoint.checksProtocolVersion { middleware.append(protocolGate) }
        if endpoint.requiresSession { middleware.append(authentication) }
        router.group("", middleware: middleware) { group in
            group.on(method ?? HTTPMethod(rawValue: endpoint.method), endpoint.pattern, body: body, handler)
        }
    }

    private static func answer<Body, Query, Answer: Encodable>(
        _ api: APIEndpoint<Body, Query, Answer>, _ answer: Answer
    )
        throws -> HTTPResponse
    {
        let status = HTTPStatus(code: api.successStatus)
        return Answer.self == NoBody.self ? HTTPResponse(status: status) : try .json(answer, status: status)
    }
}

/// One request to a typed endpoint (T3): its query, read and checked before the handler runs,
/// and its body, decoded when the handler asks (so it can first check who is asking and what the
/// bytes are, as a push's attestation does).
struct EndpointCall<Body: Sendable, Query: EndpointQuery>: Sendable {
    let request: HTTPRequest
    let context: RequestContext
    let query: Query

    init(_ request: HTTPRequest, _ context: RequestContext) throws {
        self.request = request
        self.context = context
        query = try Query.read(from: request)
    }

    /// The path parameter `name` (`:id`).
    func parameter(_ name: String) throws -> String { try context.parameters.require(name) }
}

extension EndpointCall where Body: Decodable {
    /// The request's body as the endpoint's type; 400 when it does not decode.
    func body() async throws -> Body {
        if let none = NoBody() as? Body { return none }
        return try await request.decodeJSON(Body.self)
    }
}

extension EndpointQuery {
    /// The request's query as this type, checked; 400 naming the parameter when it is refused.
    static func read(from request: HTTPRequest) throws -> Self { try Self { try request.queryValue($0) } }
}

extension HTTPRequest {
    /// The token of an `Authorization: Bearer …` header; nil without one or with another scheme.
    var bearerToken: String? {
        guard let header = headers["Authorization"], header.hasPrefix("Bearer ") else { return nil }
        return String(header.dropFirst(7))
    }
}
