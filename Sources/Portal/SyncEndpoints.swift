import Foundation
import HTTPServer
import PortalStore
import SyncProtocol

/// The sync endpoints (T3, T5): push (admitted as `--require-entitlement` and
/// `--require-attestation` ask, T13), pull (streamed, bounded in bytes), the history of replaced
/// versions, and the directories devices may only read.
struct SyncEndpoints: Sendable {
    let records: RecordStore
    let accounts: AccountStore
    let directories: PortalDirectoryStore
    let metrics: PortalMetrics
    /// What a push needs beyond a session: a purchase, an attested device (T13).
    let admission: PushAdmission

    func add(to routes: inout PortalRoutes) {
        routes.signedIn(PortalAPI.push, body: .buffered(maximumBytes: SyncLimits.pushBodyBytes), push)
        // A pull's answer is written piece by piece (its JSON is ``PullResponse``'s).
        routes.signedIn(PortalAPI.pull.endpoint, pull)
        routes.signedIn(PortalAPI.history, history)
        routes.signedIn(PortalAPI.directories, directories)
        for method in [HTTPMethod.post, .put, .patch, .delete] {
            routes.refuse(
                method, on: .directories,
                with: HTTPError.forbidden("Directories belong to the portal; devices can only read them (T5)."))
        }
    }

    func push(_ call: EndpointCall<PushRequest, NoQuery>, principal: PortalPrincipal) async throws -> PushResponse {
        try admission.admit(call.request, body: try await call.request.body.collect(upTo: .max), principal: principal)
        let response = try records.push(
            try await call.body().mutations, account: principal.accountId, device: principal.deviceId)
        for status in [MutationResult.Status.applied, .duplicate, .superseded, .rejected] {
            let name = status == .applied ? "pushed" : status == .duplicate ? "duplicates" : status.rawValue
            metrics.count(name, response.results.filter { $0.status == status }.count)
        }
        return response
    }

    func pull(_ request: HTTPRequest, _: RequestContext, principal: PortalPrincipal) throws -> HTTPResponse {
        let query = try PullQuery.read(from: request)
        let page = try records.pull(
            after: query.cursor, limit: query.limit, account: principal.accountId, kinds: query.servedKinds)
        try accounts.recordActivity(account: principal.accountId, device: principal.deviceId)
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

    func history(_ call: EndpointCall<NoBody, HistoryQuery>, principal: PortalPrincipal) throws -> HistoryResponse {
        let query = call.query
        let entries = try records.history(
            account: principal.accountId, id: query.id, before: query.before, limit: query.limit)
        return HistoryResponse(entries: entries, nextBefore: entries.count == query.limit ? entries.last?.seq : nil)
    }

    func directories(_: EndpointCall<NoBody, NoQuery>, principal _: PortalPrincipal) throws -> DirectoriesResponse {
        try directories.current()
    }
}
