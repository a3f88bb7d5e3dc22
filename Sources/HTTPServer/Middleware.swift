/// A route handler or the rest of a middleware chain: answers one request.
///
/// Portal endpoints (T3) and weather fixtures are written as these closures.
public typealias HTTPHandler = @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse

/// A layer between the server and the router that may inspect or change the request and context,
/// answer by itself, or change the response of the layers inside it.
///
/// The portal (T3) composes the standard layers (request id, access log, problems, limits) with
/// its own (authentication) as `responder → middleware → router`; route groups add their own.
public protocol HTTPMiddleware: Sendable {
    func handle(_ request: HTTPRequest, context: RequestContext, next: HTTPHandler) async throws -> HTTPResponse
}

extension Array where Element == any HTTPMiddleware {
    /// `handler` wrapped by these middleware, the first element outermost.
    func wrapping(_ handler: @escaping HTTPHandler) -> HTTPHandler {
        reversed().reduce(handler) { next, middleware in
            { request, context in try await middleware.handle(request, context: context, next: next) }
        }
    }
}
