import Diagnostics
import Foundation

/// Sends a provider's GET with the configured User-Agent, timeout and retries: timeouts and
/// HTTP 5xx are retried after the policy's backoff, everything else is final. Answers below 500
/// are returned for the provider to read (4xx bodies carry reasons).
struct HTTPClient: Sendable {
    let transport: any HTTPTransport
    let userAgent: String
    let timeout: Duration
    let retry: RetryPolicy
    let sleep: @Sendable (Duration) async throws -> Void
    let logger = Logger(category: "weather")

    init(
        configuration: WeatherConfiguration, transport: any HTTPTransport,
        sleep: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.transport = transport
        self.userAgent = configuration.userAgent
        self.timeout = configuration.timeout
        self.retry = configuration.retry
        self.sleep = sleep
    }

    func get(_ url: URL, provider: String) async throws(WeatherError) -> TransportResponse {
        let request = TransportRequest(
            url: url, headers: ["User-Agent": userAgent, "Accept": "application/json"], timeout: timeout)
        var lastStatus: Int?
        for attempt in 1...retry.maxAttempts {
            if attempt > 1 {
                let delay = retry.delay(beforeAttempt: attempt)
                logger.notice("retrying \(provider)", ["attempt": "\(attempt)", "delay": "\(delay)"])
                do { try await sleep(delay) } catch { throw .cancelled }
            }
            do throws(TransportError) {
                let response = try await sendWithDeadline(request)
                guard response.status >= 500 else { return response }
                lastStatus = response.status
            } catch {
                switch error {
                case .timedOut: lastStatus = nil
                case .cancelled: throw .cancelled
                case .failed(let detail):
                    throw .unreachable(provider: provider, url: url.absoluteString, detail: detail)
                }
            }
        }
        if let lastStatus {
            throw .serverError(provider: provider, status: lastStatus, attempts: retry.maxAttempts)
        }
        throw .timedOut(provider: provider, url: url.absoluteString, attempts: retry.maxAttempts)
    }

    /// The transport's answer, or `.timedOut` once the request's timeout has passed, whatever
    /// the transport does meanwhile.
    private func sendWithDeadline(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        let transport = self.transport
        let outcome = await withTaskGroup(of: Result<TransportResponse, TransportError>?.self) { group in
            group.addTask {
                do throws(TransportError) {
                    return .success(try await transport.send(request))
                } catch {
                    return .failure(error)
                }
            }
            group.addTask {
                do {
                    try await Task.sleep(for: request.timeout)
                    return .failure(.timedOut)
                } catch {
                    return nil
                }
            }
            var first: Result<TransportResponse, TransportError> = .failure(.cancelled)
            for await result in group {
                if let result {
                    first = result
                    break
                }
            }
            group.cancelAll()
            return first
        }
        return try outcome.get()
    }
}
