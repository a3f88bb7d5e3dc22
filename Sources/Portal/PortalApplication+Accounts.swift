import Foundation
import HTTPServer
import PortalStore
import SyncProtocol

/// The endpoints anyone may call (health, metrics, the API's description), sign-up and sign-in,
/// and those of the signed-in session (sign-out, the account, its devices and signing one out —
/// issue 16 —, its statistics for an administrator): T3, T12.
extension PortalApplication {
    func addPublicRoutes(to routes: inout PortalRoutes) {
        let store = store
        let metrics = metrics
        routes.open(.health) { _, _ in
            try .json(["status": "ok", "backend": store.database.backend])
        }
        routes.open(.metrics) { _, _ in
            HTTPResponse(
                headers: ["Content-Type": "text/plain; version=0.0.4"], body: .bytes(Data(metrics.render().utf8)))
        }
        routes.open(.openAPI) { _, _ in
            HTTPResponse(headers: ["Content-Type": "application/json"], body: .bytes(try OpenAPIDocument.data()))
        }
    }

    /// Sign-up and sign-in (open to anyone), and the signed-in session's own endpoints.
    func addAccountRoutes(to routes: inout PortalRoutes) {
        let store = store
        let limiter = limiter
        let signUpLimiter = signUpLimiter
        let trustedProxies = trustedProxies
        routes.open(PortalAPI.signUp) { call in
            let client = Self.clientAddress(call.request, peer: call.context.remoteAddress, trusting: trustedProxies)
            try signUpLimiter.admit(client, code: .tooManySignups, "Too many accounts created from this address")
            let body = try await call.body()
            return try store.account(try store.signUp(email: body.email, password: body.password))
        }
        routes.open(PortalAPI.signIn) { call in
            let body = try await call.body()
            let key = try PortalStore.normalisedEmail(body.email)
            try limiter.admit(key, code: .tooManyAttempts, "Too many wrong passwords for this email")
            let session = try store.signIn(
                email: body.email, password: body.password, deviceId: body.deviceId, deviceName: body.deviceName)
            limiter.recordSuccess(key)
            return session
        }
        routes.signedIn(PortalAPI.signOut) { _, principal in
            try store.revoke(tokenHash: principal.tokenHash)
            return NoBody()
        }
        routes.signedIn(PortalAPI.currentAccount) { _, principal in try store.account(principal.accountId) }
        routes.signedIn(PortalAPI.devices) { _, principal in try store.devices(account: principal.accountId) }
        routes.signedIn(PortalAPI.revokeDevice) { call, principal in
            guard let device = UUID(uuidString: try call.parameter("id")) else {
                throw HTTPError.notFound("No device with that id in this account.")
            }
            try store.revokeDevice(account: principal.accountId, device: device)
            return NoBody()
        }
        routes.signedIn(PortalAPI.adminStats) { _, principal in
            guard principal.isAdmin else {
                throw HTTPError.forbidden("Only administrators can read the portal's statistics.")
            }
            return try store.stats()
        }
    }
}
