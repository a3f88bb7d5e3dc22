import Foundation
import HTTPServer
import MediaMetadata
import PortalStore
import Site
import SyncProtocol

/// An angler's links to shared catches (issue 34 §4; T9, T17): make one, list them, revoke one.
/// The photo a device sends is stripped of every metadata segment here, whatever the device did,
/// so no link ever serves a photo's GPS.
struct ShareEndpoints: Sendable {
    let shares: ShareStore

    func add(to routes: inout PortalRoutes) {
        routes.signedIn(PortalAPI.shares, list)
        routes.signedIn(PortalAPI.createShare, body: .buffered(maximumBytes: ShareRequest.maximumBodyBytes), create)
        routes.signedIn(PortalAPI.revokeShare, revoke)
    }

    /// The path of the link with `token`: the site's page of it.
    static func path(_ token: String) -> String { SitePage.sharedCatch.target(["token": token]) }

    func list(_: EndpointCall<NoBody, NoQuery>, principal: PortalPrincipal) throws -> [ShareSummary] {
        try shares.list(account: principal.accountId, path: Self.path)
    }

    func create(_ call: EndpointCall<ShareRequest, NoQuery>, principal: PortalPrincipal) async throws -> ShareSummary {
        let request = try await call.body()
        return try shares.create(
            account: principal.accountId, request, photo: try request.photo.map(Self.strippedPhoto), path: Self.path)
    }

    func revoke(_ call: EndpointCall<NoBody, NoQuery>, principal: PortalPrincipal) throws -> NoBody {
        guard let id = UUID(uuidString: try call.parameter("id")) else {
            throw HTTPError.notFound("No link with that id in this account.")
        }
        try shares.revoke(account: principal.accountId, id: id)
        return NoBody()
    }

    /// The photo's bytes from base64, checked to be a whole JPEG and stripped of its metadata.
    static func strippedPhoto(_ base64: String) throws -> [UInt8] {
        guard base64.utf8.count <= (ShareRequest.maximumPhotoBytes + 2) / 3 * 4 else {
            throw PortalStoreError.invalid(
                field: "photo", message: "is more than \(ShareRequest.maximumPhotoBytes) bytes; send a smaller picture")
        }
        guard let bytes = Data(base64Encoded: base64) else {
            throw PortalStoreError.invalid(field: "photo", message: "is not base64")
        }
        do {
            return try JPEGMetadataStripping.stripped([UInt8](bytes))
        } catch {
            throw PortalStoreError.invalid(field: "photo", message: "is not a whole JPEG: \(error)")
        }
    }
}
