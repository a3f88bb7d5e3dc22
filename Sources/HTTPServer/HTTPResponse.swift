import Foundation

/// What a handler answers: status, headers and a body of bytes or a streamed body.
///
/// Returned by the portal's handlers (T3) and by weather fixture servers. Small bodies are bytes
/// copied once into libmicrohttpd; large downloads (media) use ``HTTPResponseBody/stream(contentLength:produce:)``
/// so the server pulls chunks as the socket drains instead of holding the file in memory.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: HTTPResponseBody

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: HTTPResponseBody = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response of `value` (sorted keys, ISO 8601 dates, `Content-Type: application/json`).
    public static func json(_ value: some Encodable, status: HTTPStatus = .ok, headers: HTTPHeaders = [:]) throws
        -> HTTPResponse
    {
        var headers = headers
        headers["Content-Type"] = "application/json"
        return HTTPResponse(status: status, headers: headers, body: .bytes(try JSONCoding.encode(value)))
    }

    /// A UTF-8 plain-text response.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .bytes(Data(text.utf8)))
    }

    /// An empty 204 response.
    public static var noContent: HTTPResponse { HTTPResponse(status: .noContent) }
}

/// The body of an ``HTTPResponse``.
///
/// `.stream` produces a large body (portal media downloads, T3) chunk by chunk: `produce` writes
/// through an ``HTTPBodyWriter`` whose `write` waits while the connection's buffer is full.
/// With a `contentLength` the response carries `Content-Length`; without, HTTP/1.1 clients get
/// chunked transfer. If `produce` throws, the connection is closed so the client sees a truncated
/// body rather than a complete-looking one.
public enum HTTPResponseBody: Sendable {
    case bytes(Data)
    case stream(contentLength: Int?, produce: @Sendable (HTTPBodyWriter) async throws -> Void)

    public static let empty = HTTPResponseBody.bytes(Data())
}

/// Where a streamed response body is written (see ``HTTPResponseBody/stream(contentLength:produce:)``).
///
/// `write` suspends while the server's per-connection buffer is full and throws
/// `CancellationError` once the client has gone away, so a producer stops promptly.
public struct HTTPBodyWriter: Sendable {
    private let sink: @Sendable (Data) async throws -> Void

    /// A writer handing each chunk to `sink` (the server's response channel, or a test's buffer).
    public init(_ sink: @escaping @Sendable (Data) async throws -> Void) { self.sink = sink }

    public func write(_ data: Data) async throws {
        guard !data.isEmpty else { return }
        try await sink(data)
    }
}
