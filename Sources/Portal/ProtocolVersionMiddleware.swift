import HTTPServer
import SyncProtocol

/// Holds the app's account and sync endpoints (``PortalEndpoint/checksProtocolVersion``) to the
/// client's protocol version (T3; issue 31 §3): a client older than the oldest the portal serves
/// is answered 426 with the problem code `protocol_too_old` — its changes stay
/// on the device and the app asks the angler to update —, a header that is no version is 400,
/// and every answer names the portal's own version.
struct ProtocolVersionMiddleware: HTTPMiddleware {
    let oldestServed: Int

    func handle(_ request: HTTPRequest, context: RequestContext, next: HTTPHandler) async throws -> HTTPResponse {
        let named = request.headers[SyncProtocolVersion.header]
        guard let version = SyncProtocolVersion.parse(named) else {
            throw HTTPError.badRequest(
                code: .invalidProtocol,
                "\(SyncProtocolVersion.header) \"\(named?.prefix(40) ?? "")\" must be a protocol version, 1–9999.")
        }
        let current = "\(SyncProtocolVersion.current)"
        guard version >= oldestServed else {
            throw HTTPError(
                HTTPStatus(code: 426), code: .protocolTooOld,
                detail:
                    "This app speaks sync protocol \(version); the portal serves \(oldestServed)–\(current). Update the app to sync; its diary stays on the device.",
                headers: [
                    "Upgrade": "\(SyncProtocolVersion.header)/\(current)", SyncProtocolVersion.header: current,
                ])
        }
        var response = try await next(request, context)
        response.headers[SyncProtocolVersion.header] = current
        return response
    }
}
