import Diagnostics
import Foundation

/// A complete HTTP application: the standard middleware, the caller's middleware and a router,
/// as one function from request to response that never throws.
///
/// This is what the portal (T3) and weather fixture servers hand to ``HTTPServer`` — or to
/// the tests' in-process client to test it without a socket. Layers, outermost first:
/// ``RequestIDMiddleware`` → ``AccessLogMiddleware`` → ``ProblemMiddleware`` →
/// ``LimitsMiddleware`` → `middleware` (e.g. authentication) → router (group middleware → body
/// policy → handler).
public struct HTTPApplication: Sendable {
    /// Application-wide ceilings (see ``LimitsMiddleware``). Body sizes are each route's own
    /// (``BodyPolicy``; the router's default for routes that declare none).
    public struct Limits: Sendable {
        public var maximumTargetLength: Int

        public init(maximumTargetLength: Int = 8 * 1024) {
            self.maximumTargetLength = maximumTargetLength
        }
    }

    private let handler: HTTPHandler
    /// Where the exchanges' access lines and captured errors go, and the server's own warnings.
    public let logger: Logger

    public init(
        router: Router, middleware: [any HTTPMiddleware] = [], limits: Limits = Limits(),
        logger: Logger = Logger(category: "http")
    ) {
        self.logger = logger
        let standard: [any HTTPMiddleware] = [
            RequestIDMiddleware(), AccessLogMiddleware(), ProblemMiddleware(),
            LimitsMiddleware(maximumTargetLength: limits.maximumTargetLength),
        ]
        handler = (standard + middleware).wrapping(router.compiled())
    }

    /// The response to `request`. Errors never escape: ``ProblemMiddleware`` maps everything thrown
    /// inside it, and anything thrown outside it is captured and answered with a 500 problem.
    public func respond(to request: HTTPRequest, remoteAddress: String? = nil) async -> HTTPResponse {
        let context = RequestContext(remoteAddress: remoteAddress, logger: logger)
        do {
            return try await handler(request, context)
        } catch {
            context.logger.capture(error, context: ["method": request.method.rawValue, "path": request.path])
            return ProblemMiddleware.response(for: ProblemMiddleware.internalError, requestID: "")
        }
    }
}
