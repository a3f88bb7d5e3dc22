import Foundation
import NetworkFetch
import SyncProtocol

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request to the portal, as the sync client makes it.
public struct SyncHTTPRequest: Sendable {
    public var method: String
    /// Path and query, e.g. `/v1/sync/pull?cursor=v1.5&limit=500`.
    public var target: String
    public var body: Data?
    public var token: String?
    /// Extra headers (tus uploads); `Content-Type` defaults to JSON when there is a body.
    public var headers: [String: String]
    /// The sync protocol version the request speaks (``SyncProtocolVersion``).
    public var protocolVersion: Int

    public init(
        method: String, target: String, body: Data? = nil, token: String? = nil, headers: [String: String] = [:],
        protocolVersion: Int = SyncProtocolVersion.current
    ) {
        self.method = method
        self.target = target
        self.body = body
        self.token = token
        self.headers = headers
        self.protocolVersion = protocolVersion
    }

    /// The address to send to: `baseURL` (with or without a trailing slash) followed by ``target``.
    public func url(relativeTo baseURL: URL) -> String {
        let base = baseURL.absoluteString
        return (base.hasSuffix("/") ? String(base.dropLast()) : base) + target
    }

    /// The headers to send: the extra ones, the protocol version, the bearer token, and a JSON
    /// content type by default.
    public var allHeaders: [String: String] {
        var all = headers
        all[SyncProtocolVersion.header] = String(protocolVersion)
        if let token { all["Authorization"] = "Bearer \(token)" }
        if body != nil && all["Content-Type"] == nil { all["Content-Type"] = "application/json" }
        return all
    }
}

public struct SyncHTTPResponse: Sendable {
    public var status: Int
    public var body: Data
    /// Response headers, names in lowercase.
    public var headers: [String: String]

    public init(status: Int, body: Data, headers: [String: String] = [:]) {
        self.status = status
        self.body = body
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { a, _ in a })
    }
}

/// Why a request got no HTTP answer at all (network down, connection dropped, timeout): always
/// worth retrying later.
public struct SyncTransportError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Carries sync requests to the portal (T3): `URLSessionSyncTransport` in the app and the CLI; an
/// in-process server, or one that drops connections on purpose, in tests.
public protocol SyncTransport: Sendable {
    func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse
}

/// The real network, with a per-request timeout.
public struct URLSessionSyncTransport: SyncTransport {
    public let baseURL: URL
    public let timeout: TimeInterval
    private let session: URLSession

    public init(baseURL: URL, timeout: TimeInterval = 30) {
        self.baseURL = baseURL
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    public func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
        guard let url = URL(string: request.url(relativeTo: baseURL)) else {
            throw SyncTransportError("cannot form a URL from \(baseURL) and \(request.target)")
        }
        var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.allHeaders { urlRequest.setValue(value, forHTTPHeaderField: name) }
        do {
            let (data, response) = try await session.fetch(urlRequest)
            guard let http = response as? HTTPURLResponse else { throw SyncTransportError("the answer is not HTTP") }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name] = value }
            }
            return SyncHTTPResponse(status: http.statusCode, body: data, headers: headers)
        } catch let error as SyncTransportError {
            throw error
        } catch {
            throw SyncTransportError("no answer from \(baseURL.absoluteString): \(error.localizedDescription)")
        }
    }
}
