import Foundation

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

    public init(method: String, target: String, body: Data? = nil, token: String? = nil) {
        self.method = method
        self.target = target
        self.body = body
        self.token = token
    }
}

public struct SyncHTTPResponse: Sendable {
    public var status: Int
    public var body: Data
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
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
        guard let url = URL(string: baseURL.absoluteString.trimmingSuffix("/") + request.target) else {
            throw SyncTransportError("cannot form a URL from \(baseURL) and \(request.target)")
        }
        var urlRequest = URLRequest(url: url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        if let body = request.body {
            urlRequest.httpBody = body
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        if let token = request.token { urlRequest.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        do {
            let (data, response) = try await session.data(for: urlRequest)
            guard let http = response as? HTTPURLResponse else { throw SyncTransportError("the answer is not HTTP") }
            return SyncHTTPResponse(status: http.statusCode, body: data)
        } catch let error as SyncTransportError {
            throw error
        } catch {
            throw SyncTransportError("no answer from \(baseURL.absoluteString): \(error.localizedDescription)")
        }
    }
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
