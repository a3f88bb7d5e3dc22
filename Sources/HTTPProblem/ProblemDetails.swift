import Foundation

/// The JSON body of an error response (`application/problem+json`, after RFC 9457), shared by the
/// server that writes it and the clients that read it.
///
/// Produced by the portal (T3) and fixture servers; the sync client decodes it to decide whether to
/// retry, reject or re-authenticate. `type` is `urn:hobbystory:problem:<code>`; `requestId` is the
/// `X-Request-Id` of the exchange, so a user's report can be matched with the server's log. A
/// module of its own because the device cannot link the server (libmicrohttpd).
public struct ProblemDetails: Codable, Sendable, Equatable {
    public var type: String
    public var title: String
    public var status: Int
    public var code: String
    public var detail: String
    public var requestId: String

    public init(type: String, title: String, status: Int, code: String, detail: String, requestId: String) {
        self.type = type
        self.title = title
        self.status = status
        self.code = code
        self.detail = detail
        self.requestId = requestId
    }

    /// The document in `body`, or nil when `body` is not one (a proxy's page, a captive portal).
    public static func decoded(from body: Data) -> ProblemDetails? {
        try? JSONDecoder().decode(ProblemDetails.self, from: body)
    }

    public static let contentType = "application/problem+json"

    /// The document's ``code`` as the ``ProblemCode`` clients switch on.
    public var problemCode: ProblemCode { ProblemCode(rawValue: code) }
}
