import Diagnostics
import Foundation
import Synchronization

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

/// Writes one access line per exchange to the context's logger: method, route pattern (the
/// matched `/v1/uploads/:id`, or none), path (without the query, which may carry tokens), status,
/// response bytes, duration in milliseconds, request id, client address and whatever inner
/// layers noted in ``ExchangeNotes`` (the portal notes `accountId`; never a token or password).
///
/// Sits just inside ``RequestIDMiddleware`` in the portal's stack (T3, T6) so it records the status
/// the client actually gets, problems included. A streamed response is logged when its last byte
/// has been handed to the server, with the bytes it really had and the whole duration.
public struct AccessLogMiddleware: HTTPMiddleware {
    public init() {}

    public func handle(_ request: HTTPRequest, context: RequestContext, next: HTTPHandler) async throws -> HTTPResponse
    {
        var response: HTTPResponse
        do {
            response = try await next(request, context)
        } catch {
            record(request, context, status: .internalServerError, bytes: nil)
            throw error
        }
        switch response.body {
        case .bytes(let data):
            record(request, context, status: response.status, bytes: data.count)
        case .stream(let length, let produce):
            let status = response.status
            response.body = .stream(contentLength: length) { writer in
                let sent = Mutex(0)
                do {
                    try await produce(
                        HTTPBodyWriter { data in
                            try await writer.write(data)
                            sent.withLock { $0 += data.count }
                        })
                } catch {
                    record(request, context, status: status, bytes: sent.withLock { $0 }, incomplete: true)
                    throw error
                }
                record(request, context, status: status, bytes: sent.withLock { $0 })
            }
        }
        return response
    }

    private func record(
        _ request: HTTPRequest, _ context: RequestContext, status: HTTPStatus, bytes: Int?, incomplete: Bool = false
    ) {
        let elapsed = context.startedAt.duration(to: .now)
        var metadata = context.notes.fields
        metadata["method"] = request.method.rawValue
        metadata["path"] = request.path
        metadata["route"] = context.notes.route ?? "none"
        metadata["status"] = String(status.code)
        metadata["durationMs"] = String(format: "%.3f", elapsed.seconds * 1_000)
        metadata["requestId"] = context.requestID
        if let bytes { metadata["bytes"] = String(bytes) }
        if incomplete { metadata["incomplete"] = "true" }
        if let address = context.remoteAddress { metadata["remoteAddress"] = address }
        let message = "\(request.method.rawValue) \(context.notes.route ?? request.path) \(status.code)"
        context.logger.log(status.code >= 500 || incomplete ? .error : .info, message, metadata)
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
                for: HTTPError(.serviceUnavailable, code: .cancelled, detail: "The request was cancelled."),
                requestID: context.requestID)
        } catch {
            context.logger.capture(
                error,
                context: ["requestId": context.requestID, "method": request.method.rawValue, "path": request.path])
            return Self.response(for: Self.internalError, requestID: context.requestID)
        }
    }

    static let internalError = HTTPError(
        .internalServerError, code: .internalError,
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
                .uriTooLong, code: .uriTooLong,
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
