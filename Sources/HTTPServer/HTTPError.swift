@_exported import HTTPProblem

/// An error a handler or middleware throws to answer with a particular HTTP status.
///
/// The portal's endpoints (T3) and weather fixture servers throw these; ``ProblemMiddleware`` turns
/// them into RFC 7807-style problem documents. `code` is the stable ``ProblemCode`` clients switch
/// on (`.notFound`, `.invalidField`); `detail` is for people and must not
/// carry internals. `headers` are added to the problem response (for example `Allow` or
/// `WWW-Authenticate`).
public struct HTTPError: Error, Sendable, Equatable, CustomStringConvertible {
    public var status: HTTPStatus
    public var code: ProblemCode
    public var detail: String
    public var headers: HTTPHeaders

    public init(_ status: HTTPStatus, code: ProblemCode, detail: String, headers: HTTPHeaders = [:]) {
        self.status = status
        self.code = code
        self.detail = detail
        self.headers = headers
    }

    public var description: String { "\(status): \(code): \(detail)" }

    public static func badRequest(code: ProblemCode = .badRequest, _ detail: String) -> HTTPError {
        HTTPError(.badRequest, code: code, detail: detail)
    }

    /// 401 with a `WWW-Authenticate` challenge (RFC 9110 §11.6.1 requires one).
    public static func unauthorized(_ detail: String = "Authentication is required.", challenge: String = "Bearer")
        -> HTTPError
    {
        HTTPError(.unauthorized, code: .unauthorized, detail: detail, headers: ["WWW-Authenticate": challenge])
    }

    public static func forbidden(_ detail: String) -> HTTPError {
        HTTPError(.forbidden, code: .forbidden, detail: detail)
    }

    public static func notFound(_ detail: String) -> HTTPError {
        HTTPError(.notFound, code: .notFound, detail: detail)
    }

    /// 405 listing the methods the resource does support in `Allow`.
    public static func methodNotAllowed(_ method: HTTPMethod, allowed: [HTTPMethod]) -> HTTPError {
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return HTTPError(
            .methodNotAllowed, code: .methodNotAllowed,
            detail: "\(method.rawValue) is not supported here; use \(list).", headers: ["Allow": list])
    }

    public static func conflict(code: ProblemCode = .conflict, _ detail: String) -> HTTPError {
        HTTPError(.conflict, code: code, detail: detail)
    }

    /// 413 for a body larger than `limit` bytes.
    public static func contentTooLarge(limit: Int) -> HTTPError {
        HTTPError(
            .contentTooLarge, code: .contentTooLarge,
            detail: "The request body is larger than the limit of \(limit) bytes.")
    }
}

extension ProblemDetails {
    /// The problem describing `error` within the exchange `requestID`.
    public init(_ error: HTTPError, requestID: String) {
        self.init(
            type: "urn:hobbystory:problem:\(error.code)", title: error.status.reasonPhrase,
            status: error.status.code, code: error.code.rawValue, detail: error.detail, requestId: requestID)
    }
}
