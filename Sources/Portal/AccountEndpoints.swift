import Foundation
import HTTPServer
import PortalStore
import SyncProtocol

/// Sign-up and sign-in (open to anyone, held to the client's protocol version like the session's)
/// and the signed-in session's own endpoints: sign-out, the account, its devices and signing one
/// out (issue 16), the portal's statistics for an administrator (T3, T12).
struct AccountEndpoints: Sendable {
    let accounts: AccountStore
    /// Wrong passwords per email.
    let signInLimiter: AttemptLimiter
    /// Sign-ups per client address.
    let signUpLimiter: AttemptLimiter
    let trustedProxies: Set<String>

    func add(to routes: inout PortalRoutes) {
        routes.open(PortalAPI.signUp, signUp)
        routes.open(PortalAPI.signIn, signIn)
        routes.signedIn(PortalAPI.signOut, signOut)
        routes.signedIn(PortalAPI.currentAccount, currentAccount)
        routes.signedIn(PortalAPI.devices, devices)
        routes.signedIn(PortalAPI.revokeDevice, revokeDevice)
        routes.signedIn(PortalAPI.adminStats, adminStats)
    }

    func signUp(_ call: EndpointCall<SignUpRequest, NoQuery>) async throws -> AccountResponse {
        let client = PortalApplication.clientAddress(
            call.request, peer: call.context.remoteAddress, trusting: trustedProxies)
        try signUpLimiter.admit(client, code: .tooManySignups, "Too many accounts created from this address")
        let body = try await call.body()
        return try accounts.account(try accounts.signUp(email: body.email, password: body.password))
    }

    func signIn(_ call: EndpointCall<SignInRequest, NoQuery>) async throws -> SessionResponse {
        let body = try await call.body()
        let key = try PortalStore.normalisedEmail(body.email)
        try signInLimiter.admit(key, code: .tooManyAttempts, "Too many wrong passwords for this email")
        let session = try accounts.signIn(
            email: body.email, password: body.password, deviceId: body.deviceId, deviceName: body.deviceName)
        signInLimiter.recordSuccess(key)
        return session
    }

    func signOut(_: EndpointCall<NoBody, NoQuery>, principal: PortalPrincipal) throws -> NoBody {
        try accounts.revoke(tokenHash: principal.tokenHash)
        return NoBody()
    }

    func currentAccount(_: EndpointCall<NoBody, NoQuery>, principal: PortalPrincipal) throws -> AccountResponse {
        try accounts.account(principal.accountId)
    }

    func devices(_: EndpointCall<NoBody, NoQuery>, principal: PortalPrincipal) throws -> [DeviceSummary] {
        try accounts.devices(account: principal.accountId)
    }

    func revokeDevice(_ call: EndpointCall<NoBody, NoQuery>, principal: PortalPrincipal) throws -> NoBody {
        guard let device = UUID(uuidString: try call.parameter("id")) else {
            throw HTTPError.notFound("No device with that id in this account.")
        }
        try accounts.revokeDevice(account: principal.accountId, device: device)
        return NoBody()
    }

    func adminStats(_: EndpointCall<NoBody, NoQuery>, principal: PortalPrincipal) throws -> PortalStats {
        guard principal.isAdmin else {
            throw HTTPError.forbidden("Only administrators can read the portal's statistics.")
        }
        return try accounts.stats()
    }
}
