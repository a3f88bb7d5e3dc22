import Foundation
import HTTPServer
import PortalStore
import SyncProtocol

/// The endpoints anyone may call (health, metrics, the API's description), sign-up and sign-in,
/// and those of the signed-in session (sign-out, the account, its devices and signing one out —
/// issue 16 —, its statistics for an administrator): T3, T12.
extension PortalApplication {
    func addPublicRoutes(to router: inout Router) {
        let store = store
        let metrics = metrics
        router.on(.health) { _, _ in
            try .json(["status": "ok", "backend": store.database.backend])
        }
        router.on(.metrics) { _, _ in
            HTTPResponse(
                headers: ["Content-Type": "text/plain; version=0.0.4"], body: .bytes(Data(metrics.render().utf8)))
        }
        router.on(.openAPI) { _, _ in
            HTTPResponse(headers: ["Content-Type": "application/json"], body: .bytes(try OpenAPIDocument.data()))
        }
    }

    /// Sign-up and sign-in: open to anyone, held to the client's protocol version like the session's.
    func addSignInRoutes(to group: inout RouteGroup) {
        let store = store
        let limiter = limiter
        let signUpLimiter = signUpLimiter
        let trustedProxies = trustedProxies
        group.on(.signUp) { request, context in
            let client = Self.clientAddress(request, peer: context.remoteAddress, trusting: trustedProxies)
            try signUpLimiter.admit(client, code: .tooManySignups, "Too many accounts created from this address")
            let body = try await request.decodeJSON(SignUpRequest.self)
            let id = try store.signUp(email: body.email, password: body.password)
            return try .json(try store.account(id), status: .created)
        }
        group.on(.signIn) { request, _ in
            let body = try await request.decodeJSON(SignInRequest.self)
            let key = try PortalStore.normalisedEmail(body.email)
            try limiter.admit(key, code: .tooManyAttempts, "Too many wrong passwords for this email")
            let session = try store.signIn(
                email: body.email, password: body.password, deviceId: body.deviceId, deviceName: body.deviceName)
            limiter.recordSuccess(key)
            return try .json(session, status: .created)
        }
    }

    func addSessionRoutes(to group: inout RouteGroup) {
        let store = store
        group.on(.signOut) { _, context in
            try store.revoke(tokenHash: try context.principal(as: PortalPrincipal.self).tokenHash)
            return .noContent
        }
        group.on(.currentAccount) { _, context in
            try .json(try store.account(try context.principal(as: PortalPrincipal.self).accountId))
        }
        group.on(.devices) { _, context in
            try .json(try store.devices(account: try context.principal(as: PortalPrincipal.self).accountId))
        }
        group.on(.revokeDevice) { _, context in
            let principal = try context.principal(as: PortalPrincipal.self)
            guard let device = UUID(uuidString: try context.parameters.require("id")) else {
                throw HTTPError.notFound("No device with that id in this account.")
            }
            try store.revokeDevice(account: principal.accountId, device: device)
            return .noContent
        }
        group.on(.adminStats) { _, context in
            guard try context.principal(as: PortalPrincipal.self).isAdmin else {
                throw HTTPError.forbidden("Only administrators can read the portal's statistics.")
            }
            return try .json(try store.stats())
        }
    }
}
