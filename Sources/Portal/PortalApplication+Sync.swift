import Foundation
import HTTPServer
import PortalStore
import SyncProtocol

/// The sync endpoints (T3, T5): push (admitted as `--require-entitlement` and
/// `--require-attestation` ask, T13), pull (streamed, bounded in bytes), the history of replaced
/// versions, and the directories devices may only read.
extension PortalApplication {
    func addSyncRoutes(to routes: inout PortalRoutes) {
        let store = store
        let metrics = metrics
        let application = self
        routes.signedIn(PortalAPI.push, body: .buffered(maximumBytes: SyncLimits.pushBodyBytes)) { call, principal in
            try application.admitPush(
                call.request, body: try await call.request.body.collect(upTo: .max), principal: principal)
            let response = try store.push(
                try await call.body().mutations, account: principal.accountId, device: principal.deviceId)
            for status in [MutationResult.Status.applied, .duplicate, .superseded, .rejected] {
                let name = status == .applied ? "pushed" : status == .duplicate ? "duplicates" : status.rawValue
                metrics.count(name, response.results.filter { $0.status == status }.count)
            }
            return response
        }
        // A pull's answer is written piece by piece (its JSON is ``PullResponse``'s).
        routes.signedIn(PortalAPI.pull.endpoint) { request, context, principal in
            let query = try EndpointCall<NoBody, PullQuery>(request, context).query
            let page = try store.pull(
                after: query.cursor, limit: query.limit, account: principal.accountId, kinds: query.servedKinds)
            try store.recordActivity(account: principal.accountId, device: principal.deviceId)
            metrics.count("pulled", page.count)
            let pieces = page.json()
            // A page that fits one piece (the usual "nothing new") goes as it is; a larger one is
            // streamed piece by piece.
            guard pieces.count > 1 else {
                return HTTPResponse(headers: ["Content-Type": "application/json"], body: .bytes(pieces.first ?? Data()))
            }
            return HTTPResponse(
                headers: ["Content-Type": "application/json"],
                body: .stream(contentLength: nil) { writer in
                    for piece in pieces { try await writer.write(piece) }
                })
        }
        routes.signedIn(PortalAPI.history) { call, principal in
            let query = call.query
            let entries = try store.history(
                account: principal.accountId, id: query.id, before: query.before, limit: query.limit)
            let next = entries.count == query.limit ? entries.last?.seq : nil
            return HistoryResponse(entries: entries, nextBefore: next)
        }
        routes.signedIn(PortalAPI.directories) { _, _ in try store.directories() }
        for method in [HTTPMethod.post, .put, .patch, .delete] {
            routes.refuse(
                method, on: .directories,
                with: HTTPError.forbidden("Directories belong to the portal; devices can only read them (T5)."))
        }
    }
}
