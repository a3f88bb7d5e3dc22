/// How a route receives its request body, and the most it accepts.
///
/// Portal JSON endpoints (T3) use `.buffered`: the router reads the body into memory before the
/// handler runs. Upload endpoints (media, tus PATCH) use `.streamed`: the handler reads chunks
/// from ``HTTPBody/stream(_:)`` and memory stays flat whatever the size. Either way a body over
/// `maximumBytes` is refused with 413 — at once when `Content-Length` says so, otherwise as soon
/// as the excess arrives.
public enum BodyPolicy: Sendable, Equatable {
    case buffered(maximumBytes: Int)
    case streamed(maximumBytes: Int)

    /// Buffered up to 1 MiB: enough for any JSON document the portal accepts.
    public static let standard = BodyPolicy.buffered(maximumBytes: 1 << 20)

    func apply(to body: HTTPBody) async throws -> HTTPBody {
        switch self {
        case .buffered(let limit): .buffered(try await body.collect(upTo: limit))
        case .streamed(let limit): try body.limited(to: limit)
        }
    }
}

/// Something routes can be added to: the ``Router`` itself or one of its ``RouteGroup``s.
///
/// Lets the portal (T3) and fixture servers declare `get`, `post`, … the same way at any level.
public protocol RouteBuilder {
    /// Adds a route for `method` on `pattern` (`/v1/uploads/:id`; a `:name` segment captures one
    /// path segment). `body` overrides the builder's default body policy.
    mutating func on(_ method: HTTPMethod, _ pattern: String, body: BodyPolicy?, _ handler: @escaping HTTPHandler)

    /// Adds routes under `prefix`, each wrapped by `middleware` (first element outermost).
    mutating func group(_ prefix: String, middleware: [any HTTPMiddleware], _ build: (inout RouteGroup) -> Void)
}

extension RouteBuilder {
    public mutating func get(_ pattern: String, body: BodyPolicy? = nil, _ handler: @escaping HTTPHandler) {
        on(.get, pattern, body: body, handler)
    }
    public mutating func post(_ pattern: String, body: BodyPolicy? = nil, _ handler: @escaping HTTPHandler) {
        on(.post, pattern, body: body, handler)
    }
    public mutating func put(_ pattern: String, body: BodyPolicy? = nil, _ handler: @escaping HTTPHandler) {
        on(.put, pattern, body: body, handler)
    }
    public mutating func patch(_ pattern: String, body: BodyPolicy? = nil, _ handler: @escaping HTTPHandler) {
        on(.patch, pattern, body: body, handler)
    }
    public mutating func delete(_ pattern: String, body: BodyPolicy? = nil, _ handler: @escaping HTTPHandler) {
        on(.delete, pattern, body: body, handler)
    }
    public mutating func group(_ prefix: String, _ build: (inout RouteGroup) -> Void) {
        group(prefix, middleware: [], build)
    }
}

/// The routing table of an ``HTTPApplication``: method + path pattern → handler.
///
/// Built once at start-up by the portal (T3) and by weather fixture servers. Matching prefers a
/// literal segment over a `:parameter`; a path that matches no pattern is 404, a path that matches
/// with another method is 405 with `Allow`. `HEAD` falls back to the `GET` route.
public struct Router: RouteBuilder, Sendable {
    public var defaultBodyPolicy: BodyPolicy
    var routes: [RouteDefinition] = []

    public init(defaultBodyPolicy: BodyPolicy = .standard) {
        self.defaultBodyPolicy = defaultBodyPolicy
    }

    public mutating func on(
        _ method: HTTPMethod, _ pattern: String, body: BodyPolicy?, _ handler: @escaping HTTPHandler
    ) {
        routes.append(
            RouteDefinition(
                method: method, pattern: RoutePattern(pattern), body: body ?? defaultBodyPolicy, middleware: [],
                handler: handler))
    }

    public mutating func group(_ prefix: String, middleware: [any HTTPMiddleware], _ build: (inout RouteGroup) -> Void)
    {
        var group = RouteGroup(
            prefix: RoutePattern(prefix), middleware: middleware, defaultBodyPolicy: defaultBodyPolicy)
        build(&group)
        routes += group.routes
    }
}

/// Routes sharing a path prefix and middleware (for example `/v1` behind authentication).
///
/// Created by ``RouteBuilder/group(_:middleware:_:)`` while the portal (T3) declares its API;
/// groups nest, and the outer group's middleware runs first.
public struct RouteGroup: RouteBuilder, Sendable {
    let prefix: RoutePattern
    let middleware: [any HTTPMiddleware]
    public var defaultBodyPolicy: BodyPolicy
    var routes: [RouteDefinition] = []

    init(prefix: RoutePattern, middleware: [any HTTPMiddleware], defaultBodyPolicy: BodyPolicy) {
        self.prefix = prefix
        self.middleware = middleware
        self.defaultBodyPolicy = defaultBodyPolicy
    }

    public mutating func on(
        _ method: HTTPMethod, _ pattern: String, body: BodyPolicy?, _ handler: @escaping HTTPHandler
    ) {
        routes.append(
            RouteDefinition(
                method: method, pattern: prefix + RoutePattern(pattern), body: body ?? defaultBodyPolicy,
                middleware: middleware, handler: handler))
    }

    public mutating func group(_ prefix: String, middleware: [any HTTPMiddleware], _ build: (inout RouteGroup) -> Void)
    {
        var group = RouteGroup(
            prefix: self.prefix + RoutePattern(prefix), middleware: self.middleware + middleware,
            defaultBodyPolicy: defaultBodyPolicy)
        build(&group)
        routes += group.routes
    }
}

/// A parsed path pattern: literal segments and `:name` parameters.
struct RoutePattern: Sendable, CustomStringConvertible {
    enum Segment: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    var segments: [Segment]

    init(segments: [Segment]) { self.segments = segments }

    init(_ text: String) {
        segments = text.split(separator: "/", omittingEmptySubsequences: true).map { part in
            guard part.hasPrefix(":") else { return .literal(String(part)) }
            let name = String(part.dropFirst())
            precondition(!name.isEmpty, "Route pattern '\(text)' has a ':' without a parameter name.")
            return .parameter(name)
        }
    }

    static func + (a: RoutePattern, b: RoutePattern) -> RoutePattern { RoutePattern(segments: a.segments + b.segments) }

    var description: String {
        "/"
            + segments.map {
                switch $0 {
                case .literal(let text): text
                case .parameter(let name): ":\(name)"
                }
            }.joined(separator: "/")
    }
}

/// One declared route before the table is compiled.
struct RouteDefinition: Sendable {
    var method: HTTPMethod
    var pattern: RoutePattern
    var body: BodyPolicy
    var middleware: [any HTTPMiddleware]
    var handler: HTTPHandler
}
