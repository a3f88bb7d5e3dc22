import Foundation
import HTTPServer
import Synchronization

/// A response as a test client received it: status, headers and the whole body.
///
/// Returned by ``HTTPTestClient`` (in process) and ``HTTPSocketClient`` (real socket), so portal
/// (T3) and weather fixture tests assert the same way against either.
public struct HTTPClientResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: Data

    public init(status: HTTPStatus, headers: HTTPHeaders, body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body decoded as JSON (ISO 8601 dates).
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: body)
    }

    /// The problem document, when the response is `application/problem+json`.
    public var problem: ProblemDetails? {
        guard headers["Content-Type"] == ProblemDetails.contentType else { return nil }
        return try? decode(ProblemDetails.self)
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// Runs an ``HTTPApplication`` — every middleware, the router, the handlers — in process, without
/// a socket, for fast tests of the portal's endpoints (T3) and of weather fixtures.
///
/// Requests get `Content-Length` like a real client's; streamed responses are collected; `HEAD`
/// responses lose their body as on the wire.
public struct HTTPTestClient: Sendable {
    public let application: HTTPApplication

    public init(_ application: HTTPApplication) { self.application = application }

    /// Sends a request with an optional byte body.
    public func send(
        _ method: HTTPMethod, _ target: String, headers: HTTPHeaders = [:], body: Data? = nil
    ) async throws -> HTTPClientResponse {
        try await send(method, target, headers: headers, body: body.map(HTTPBody.buffered) ?? .empty)
    }

    /// Sends a request whose body is `body` (buffered or streamed), as if from `remoteAddress`.
    public func send(
        _ method: HTTPMethod, _ target: String, headers: HTTPHeaders = [:], body: HTTPBody,
        remoteAddress: String? = nil
    ) async throws -> HTTPClientResponse {
        var headers = headers
        if let length = body.knownLength, length > 0, !headers.contains("Content-Length") {
            headers["Content-Length"] = String(length)
        }
        let response = await application.respond(
            to: HTTPRequest(method: method, target: target, headers: headers, body: body), remoteAddress: remoteAddress)
        var collected = Data()
        switch response.body {
        case .bytes(let data):
            collected = data
        case .stream(_, let produce):
            let buffer = Mutex(Data())
            try await produce(HTTPBodyWriter { chunk in buffer.withLock { $0.append(chunk) } })
            collected = buffer.withLock { $0 }
        }
        return HTTPClientResponse(
            status: response.status, headers: response.headers, body: method == .head ? Data() : collected)
    }

    /// Sends `value` as a JSON body, as if from `remoteAddress`.
    public func send(
        _ method: HTTPMethod, _ target: String, headers: HTTPHeaders = [:], json value: some Encodable,
        remoteAddress: String? = nil
    ) async throws -> HTTPClientResponse {
        var headers = headers
        headers["Content-Type"] = "application/json"
        return try await send(
            method, target, headers: headers, body: .buffered(try JSONCoding.encode(value)),
            remoteAddress: remoteAddress)
    }
}
