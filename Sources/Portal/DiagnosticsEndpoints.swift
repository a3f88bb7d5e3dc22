import Diagnostics
import Foundation
import HTTPServer
import PortalStore
import SyncProtocol

/// `POST /v1/diagnostics` (T6, issue 18): error reports and "Report a problem" from devices.
///
/// Signed in or not: reports matter most from anglers who never made an account, so a request
/// without a token is stored under its installation id alone (a random number the diary made for
/// this, unrelated to its sync device id); a token, when sent, must be valid and names the
/// account, which lets the site count accounts affected. Flooding is bounded per client address
/// and per installation, the body to ``DiagnosticsLimits/bodyBytes``, and every field by
/// ``DiagnosticsUpload/validate()`` before anything is stored.
struct DiagnosticsEndpoints: Sendable {
    let accounts: AccountStore
    let diagnostics: DiagnosticsStore
    let limiters: DiagnosticsLimiters
    let trustedProxies: Set<String>

    func add(to routes: inout PortalRoutes) {
        routes.open(PortalAPI.diagnostics, body: .buffered(maximumBytes: DiagnosticsLimits.bodyBytes), receive)
    }

    func receive(_ call: EndpointCall<DiagnosticsUpload, NoQuery>) async throws -> DiagnosticsReceipt {
        let client = PortalApplication.clientAddress(
            call.request, peer: call.context.remoteAddress, trusting: trustedProxies)
        try limiters.address.admit(client, code: .tooManyReports, "Too many error reports from this address")
        var account: UUID?
        if call.request.headers["Authorization"] != nil {
            guard let token = call.request.bearerToken, let principal = try accounts.principal(forToken: token) else {
                throw HTTPError.unauthorized("The bearer token is not valid; sign in again or send without one.")
            }
            account = principal.accountId
        }
        let upload = try await call.body()
        try limiters.installation.admit(
            upload.installation.uuidString, code: .tooManyReports, "Too many error reports from this installation")
        try upload.validate()
        return try diagnostics.receive(upload, account: account)
    }
}

/// How often error reports are taken (T6, issue 18): per client address and per installation.
public struct DiagnosticsLimiters: Sendable {
    public let address: AttemptLimiter
    public let installation: AttemptLimiter

    public init(
        address: AttemptLimiter = AttemptLimiter(maximumFailures: 120, window: 3_600),
        installation: AttemptLimiter = AttemptLimiter(maximumFailures: 30, window: 3_600)
    ) {
        self.address = address
        self.installation = installation
    }
}
