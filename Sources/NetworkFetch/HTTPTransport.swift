import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One GET request to a web service: the weather providers (T14), the online route services
/// (T10) and the map providers a key is checked with (T7).
public struct TransportRequest: Sendable, Equatable {
    public var url: URL
    public var headers: [String: String]
    /// The longest the request may take.
    public var timeout: Duration

    public init(url: URL, headers: [String: String] = [:], timeout: Duration) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
    }
}

/// A web service's answer: status and body.
public struct TransportResponse: Sendable, Equatable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// Why a request to a web service got no HTTP answer.
public enum TransportError: Error, Sendable, Equatable {
    /// No answer within the request's timeout.
    case timedOut
    /// The calling task was cancelled.
    case cancelled
    /// Anything else: no network, name not found, connection refused or reset.
    case failed(String)
}

/// Sends GET requests to web services (weather, routes, map providers): ``URLSessionTransport``
/// in the app and the command line, a local server or a fake in tests.
public protocol HTTPTransport: Sendable {
    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse
}

/// The live transport over `URLSession`. Each request's ``TransportRequest/timeout`` becomes the
/// `URLRequest` timeout; the providers' client also cuts every attempt at that timeout,
/// whatever the transport does.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// Uses an ephemeral session of its own (no cookies, no disk cache: callers keep their own
    /// caches, as the weather module does).
    public init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.session = URLSession(configuration: configuration)
    }

    public func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = "GET"
        urlRequest.timeoutInterval = request.timeout.timeInterval
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        do {
            let (data, response) = try await session.fetch(urlRequest)
            guard let http = response as? HTTPURLResponse else {
                throw TransportError.failed("the answer is not HTTP")
            }
            return TransportResponse(status: http.statusCode, body: data)
        } catch let error as TransportError {
            throw error
        } catch let error as URLError {
            switch error.code {
            case .timedOut: throw .timedOut
            case .cancelled: throw .cancelled
            default: throw .failed(error.localizedDescription)
            }
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .failed(String(describing: error))
        }
    }
}

extension Duration {
    /// The duration in seconds, as Foundation's intervals count them.
    package var timeInterval: TimeInterval {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
