import Foundation
import HTTPServer
import PortalStore
import SyncProtocol

/// The sync endpoints (T3, T5): push (admitted as `--require-entitlement` and
/// `--require-attestation` ask, T13), pull (streamed, bounded in bytes), the history of replaced
/// versions, and the directories devices may only read.
extension PortalApplication {
    func addSyncRoutes(to group: inout RouteGroup) {
        let store = store
        let metrics = metrics
        let application = self
        group.on(.push, body: .buffered(maximumBytes: SyncLimits.pushBodyBytes)) { request, context in
            let principal = try context.principal(as: PortalPrincipal.self)
            try application.admitPush(request, body: try await request.body.collect(upTo: .max), principal: principal)
            let body = try await request.decodeJSON(PushRequest.self)
            let response = try store.push(body.mutations, account: principal.accountId, device: principal.deviceId)
            for status in [MutationResult.Status.applied, .duplicate, .superseded, .rejected] {
                let name = status == .applied ? "pushed" : status == .duplicate ? "duplicates" : status.rawValue
                metrics.count(name, response.results.filter { $0.status == status }.count)
            }
            return try .json(response)
        }
        group.on(.pull) { request, context in
            let principal = try context.principal(as: PortalPrincipal.self)
            let query = try PullQuery { try request.queryValue($0) }
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
        group.on(.history) { request, context in
            let principal = try context.principal(as: PortalPrincipal.self)
            let query = try HistoryQuery { try request.queryValue($0) }
            let entries = try store.history(
                account: principal.accountId, id: query.id, before: query.before, limit: query.limit)
            let next = entries.count == query.limit ? entries.last?.seq : nil
            return try .json(HistoryResponse(entries: entries, nextBefore: next))
        }
        group.on(.directories) { _, _ in try .json(try store.directories()) }
        for method in [HTTPMethod.post, .put, .patch, .delete] {
            group.on(method, PortalEndpoint.directories.pattern, body: nil) { _, _ in
                throw HTTPError.forbidden("Directories belong to the portal; devices can only read them (T5).")
            }
        }
    }
}
