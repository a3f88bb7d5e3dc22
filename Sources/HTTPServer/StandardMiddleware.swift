import Diagnostics
import Foundation

/// Gives every exchange an id: the client's `X-Request-Id` when it is a sane token (1–128 of
/// `A–Z a–z 0–9 - _ . :`), a new UUID otherwise; stores it in the context and echoes it on the response.
///
/// Outermost layer of the portal's stack (T3), so that even error responses carry the id a user
/// can quote and the log can be searched for. Also used by weather fixture servers.
public struct RequestIDMiddleware: HTTPMiddleware {
    public static let headerName = "X-Request-Id"

    public init() {}

    public func handle(_ request: HTTPRequest, context: RequestContext, next: HTTPHandler) async throws -> HTTPResponse
    {
        var context = context
        context.requestID = request.headers[Self.headerName].flatMap(Self.acceptable) ?? UUID().uuidString.lowercased()
        var response = try await next(request, context)
        response.headers[Self.headerName] = context.requestID
        return response
    }

    static func acceptable(_ id: String) -> String? {
        guard (1...128).contains(id.utf8.count) else { return nil }
        let allowed = id.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: ":"):
                true
            default: false
            }
        }
        return allowed ? id : nil
    }
}

/// Writes one record per exchange through Diagnostics (`Logger(category: "http")`): method, path
/// (without the query, which may carry tokens), status, duration in milliseconds, request id and
/// client address.
///
/// Sits just inside ``RequestIDMiddleware`` in the portal's stack (T3, T6) so it records the status
/// the client actually gets, problems included. For streamed responses the duration ends when the
/// handler returns, not when the last byte is sent.
public struct AccessLogMiddleware: HTTPMiddleware {
    public init() {}

    public func handle(_ request: HTTPRequest, context: RequestContext, next: HTTPHandler) async throws -> HTTPResponse
    {
        do {
            let response = try await next(request, context)
            record(request, context, status: response.status)
            return response
        } catch {
            record(request, context, status: .internalServerError)
            throw error
        }
    }

    private func record(_ request: HTTPRequest, _ context: RequestContext, status: HTTPStatus) {
        let elapsed = context.startedAt.duration(to: .now)
        let milliseconds = Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        var metadata = [
            "method": request.method.rawValue, "path": request.path, "status": String(status.code),
            "durationMs": String(format: "%.3f", milliseconds), "requestId": context.requestID,
        ]
        if let address = context.remoteAddress { metadata["remoteAddress"] = address }
        let message = "\(request.method.rawValue) \(request.path) \(status.code)"
        context.logger.log(status.code >= 500 ? .error : .info, message, metadata)
    }
}

/// Turns thrown errors into `application/problem+json` responses (see ``ProblemDetails``).
///
/// An ``HTTPError`` keeps its status, code, detail and headers. Any other error becomes a 500 with
/// a generic detail — the error itself is captured through Diagnostics with the request id, never
/// sent to the client (T6). Cancellation (the client left, or the server is stopping) becomes 503.
/// Part of the portal's standard stack (T3) and of weather fixture servers.
public struct ProblemMiddleware: HTTPMiddleware {
    public init() {}

    public func handle(_ request: HTTPRequest, context: RequestContext, next: HTTPHandler) async throws -> HTTPResponse
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            return Self.response(for: error, requestID: context.requestID)
        } catch is CancellationError {
            return Self.response(
                for: HTTPError(.serviceUnavailable, code: "cancelled", detail: "The request was cancelled."),
                requestID: context.requestID)
        } catch {
            context.logger.capture(
                error,
                context: ["requestId": context.requestID, "method": request.method.rawValue, "path": request.path])
            return Self.response(for: Self.internalError, requestID: context.requestID)
        }
    }

    static let internalError = HTTPError(
        .internalServerError, code: "internal_error",
        detail: "The server could not complete the request. Please quote the request id when reporting this.")

    /// The problem response for `error`.
    public static func response(for error: HTTPError, requestID: String) -> HTTPResponse {
        var headers = error.headers
        headers["Content-Type"] = ProblemDetails.contentType
        return HTTPResponse(
            status: error.status, headers: headers, body: .bytes(document(for: error, requestID: requestID)))
    }

    /// The JSON problem document for `error`.
    static func document(for error: HTTPError, requestID: String) -> Data {
        (try? JSONCoding.encode(ProblemDetails(error, requestID: requestID))) ?? Data()
    }
}

/// Enforces the application-wide ceiling on the request target's length (414). Body sizes are
/// not limited here: each route's ``BodyPolicy`` is the limit that applies to it (a tus upload
/// route may take far more than a JSON route). Part of the portal's standard stack (T3) and of
/// weather fixture servers.
public struct LimitsMiddleware: HTTPMiddleware {
    public var maximumTargetLength: Int

    public init(maximumTargetLength: Int) {
        self.maximumTargetLength = maximumTargetLength
    }

    public func handle(_ request: HTTPRequest, context: RequestContext, next: HTTPHandler) async throws -> HTTPResponse
    {
        guard request.target.utf8.count <= maximumTargetLength else {
            throw HTTPError(
                .uriTooLong, code: "uri_too_long",
                detail: "The request target is longer than \(maximumTargetLength) bytes.")
        }
        return try await next(request, context)
    }
}

/// The authentication hook: `authenticate` inspects the request and returns the principal, or
/// throws (``HTTPError/unauthorized(_:challenge:)`` for bad credentials).
///
/// The portal (T3) supplies the account logic — token lookup, session checks — and installs this
/// on the route groups that need it; handlers read the principal with
/// ``RequestContext/principal(as:)``.
public struct AuthenticationMiddleware<Principal: Sendable>: HTTPMiddleware {
    public typealias Authenticate = @Sendable (HTTPRequest, RequestContext) async throws -> Principal

    private let authenticate: Authenticate

    public init(_ authenticate: @escaping Authenticate) { self.authenticate = authenticate }

    public func handle(_ request: HTTPRequest, context: RequestContext, next: HTTPHandler) async throws -> HTTPResponse
    {
        var context = context
        context.principal = try await authenticate(request, context)
        return try await next(request, context)
    }
}
