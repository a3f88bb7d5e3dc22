import Foundation
import HTTPProblem
import SyncProtocol

/// The device's client of the portal's API (T3, T6, T13; issue 32 §2): each call names a typed
/// endpoint of ``PortalAPI``, so its body, query and answer types are the portal's own; requests
/// carry the protocol version and the bearer token; network failures and 5xx are retried with
/// back-off, and every status is read through ``PortalAnswer``. It knows nothing of diaries:
/// ``SyncEngine`` drives it for sync, the services for accounts, licences and error reports.
public struct PortalClient: Sendable {
    public let transport: any SyncTransport
    /// Attempts per request for network failures and 5xx (never for 4xx).
    public var attempts = 3
    public var initialBackoff: Duration = .milliseconds(200)
    /// The sync protocol version spoken (``SyncProtocolVersion``): the current one, except in
    /// tests of a client that predates it.
    public var protocolVersion = SyncProtocolVersion.current
    /// Signs each push's body with the device's App Attest key (T13), for portals that require
    /// attestation; nil sends none.
    public var requestAsserter: (any RequestAsserting)?
    let sleep: @Sendable (Duration) async -> Void

    public init(
        transport: any SyncTransport,
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    ) {
        self.transport = transport
        self.sleep = sleep
    }

    /// Calls `api` and reads its answer. A 401 throws ``SyncError/signInRequired(_:)``, a 426
    /// ``SyncError/updateRequired(_:)``, another 4xx ``SyncError/refused(status:code:detail:)``.
    public func call<Body: Encodable, Query, Answer: Decodable>(
        _ api: APIEndpoint<Body, Query, Answer>, body: Body, query: Query, parameters: [String: String] = [:],
        token: String? = nil
    ) async throws(SyncError) -> Answer {
        let response = try await send(
            api.endpoint, parameters: parameters, query: query.items, body: Body.self == NoBody.self ? nil : body,
            token: token)
        return try answer(of: api, in: response)
    }

    /// Calls `api`, which takes no body and no query.
    public func call<Answer: Decodable>(
        _ api: APIEndpoint<NoBody, NoQuery, Answer>, parameters: [String: String] = [:], token: String? = nil
    ) async throws(SyncError) -> Answer {
        try await call(api, body: NoBody(), query: NoQuery(), parameters: parameters, token: token)
    }

    /// Calls `api`, which takes a body and no query.
    public func call<Body: Encodable, Answer: Decodable>(
        _ api: APIEndpoint<Body, NoQuery, Answer>, body: Body, token: String? = nil
    ) async throws(SyncError) -> Answer {
        try await call(api, body: body, query: NoQuery(), token: token)
    }

    /// Sends with retries on network failures and 5xx and gives the answer undecoded: 401 and
    /// 426 throw as ``call(_:body:query:parameters:token:)`` does; other 4xx answers throw
    /// ``SyncError/refused(status:code:detail:)`` unless `acceptingClientErrors`.
    func send(
        _ endpoint: PortalEndpoint, parameters: [String: String] = [:], query: [URLQueryItem] = [],
        body: (some Encodable)? = nil as NoBody?, token: String? = nil, acceptingClientErrors: Bool = false
    ) async throws(SyncError) -> SyncHTTPResponse {
        var data: Data?
        if let body {
            do {
                let encoder = JSONEncoder()
                encoder.dateEncodingStrategy = .iso8601
                data = try encoder.encode(body)
            } catch {
                throw SyncError.unreadableAnswer("could not encode the request: \(error)")
            }
        }
        var request = SyncHTTPRequest(
            method: endpoint.method, target: endpoint.target(parameters, query: query), body: data, token: token,
            protocolVersion: protocolVersion)
        var lastFailure = ""
        for attempt in 1...max(1, attempts) {
            if attempt > 1 { await sleep(initialBackoff * (1 << (attempt - 2))) }
            do {
                if endpoint == .push, let requestAsserter, let data {
                    // A fresh assertion each attempt: one the portal already counted is a replay.
                    request.headers[AttestationRequest.assertionHeader] =
                        try await requestAsserter.assertion(for: data)?.base64EncodedString()
                }
                let response = try await transport.send(request)
                switch PortalAnswer(status: response.status) {
                case .success: return response
                case .signInAgain: throw SyncError.signInRequired(SyncError.refused(response).detail)
                case .updateApp: throw SyncError.updateRequired(SyncError.refused(response).detail)
                case .entitlement, .refusedContent, .refused:
                    if acceptingClientErrors { return response }
                    throw SyncError.refused(response).error
                case .retryLater:
                    lastFailure = "HTTP \(response.status)"
                }
            } catch let error as SyncTransportError {
                lastFailure = error.description
            } catch let error as SyncError {
                throw error
            } catch {
                lastFailure = "\(error)"
            }
        }
        throw SyncError.portalUnavailable(lastFailure)
    }

    /// The body of `response` as `api`'s answer (nothing to read for ``NoBody``).
    func answer<Body, Query, Answer: Decodable>(of api: APIEndpoint<Body, Query, Answer>, in response: SyncHTTPResponse)
        throws(SyncError) -> Answer
    {
        if let none = NoBody() as? Answer { return none }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(Answer.self, from: response.body)
        } catch {
            throw SyncError.unreadableAnswer("\(Answer.self): \(error)")
        }
    }
}
