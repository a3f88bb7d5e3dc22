import DiaryStore
import FishingModel
import Foundation
import HTTPProblem
import SyncProtocol

/// The device side of the sync protocol (T3; docs/sync.md): push the outbox in batches, pull
/// pages after the stored cursor, fetch directories when the portal's are newer — a diary's
/// sessions and sync, over the API client ``PortalClient``.
///
/// Every step is safe to interrupt: pushed batches are idempotent (mutation ids), a pulled page
/// and its cursor are stored in one transaction, and in-flight changes go back to the queue
/// at the start of the next sync. A 401 forgets the diary's token (nothing else is lost).
public struct SyncEngine: Sendable {
    /// The portal's API, as this engine speaks it (attempts, protocol version, App Attest).
    public var api: PortalClient
    public var batchSize = SyncLimits.mutationsPerPush
    public var pageSize = SyncLimits.changesPerPull
    /// The kinds of record this build stores, named in pulls from protocol version 2 on (tests
    /// of an older build name fewer).
    public var knownKinds = Set(RecordKind.allCases)
    /// The kinds a pull names: nil in protocol version 1, which names none and is sent the kinds
    /// that version knew.
    private var namedKinds: Set<RecordKind>? { api.protocolVersion >= 2 ? knownKinds : nil }

    public init(api: PortalClient) { self.api = api }

    /// An engine over a new API client on `transport`.
    public init(
        transport: any SyncTransport,
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    ) {
        self.init(api: PortalClient(transport: transport, sleep: sleep))
    }

    // MARK: Sessions

    /// A page of the versions the portal set aside for this diary's account, newest first (of
    /// one record when `id` is given; numbered below `before` for the next page): what other
    /// devices' changes replaced, and tombstones past the horizon.
    public func history(_ diary: DiaryQueue, of id: UUID? = nil, before: Int64? = nil) async throws(SyncError)
        -> HistoryResponse
    {
        guard let token = try await storage(diary, reading: true, { try $0.sync.account()?.token }) else {
            throw SyncError.notSignedIn
        }
        return try await call(diary, token: token) { api, token throws(SyncError) in
            try await api.call(
                PortalAPI.history, body: NoBody(), query: HistoryQuery(id: id, before: before), token: token)
        }
    }

    /// Signs a diary in: registers it as a device of the account and stores the session.
    public func signIn(_ diary: DiaryQueue, portalURL: String, email: String, password: String, deviceName: String)
        async throws(SyncError) -> SessionResponse
    {
        let deviceId = try await storage(diary) { try $0.replicaId() }
        let session = try await api.signIn(
            email: email, password: password, deviceId: deviceId, deviceName: deviceName)
        try await storage(diary) { diary in
            try diary.sync.saveAccount(
                portalURL: portalURL, email: email, accountId: session.accountId, token: session.token)
            if try diary.outbox.lastMutationId() < session.lastMutationId {
                try diary.outbox.renumber(above: session.lastMutationId)
            }
        }
        return session
    }

    // MARK: Sync

    /// Pushes every pending change, uploads the bytes of photos and videos (when `contentURL`
    /// says where a digest's bytes are on this device), then pulls until the portal has nothing
    /// newer, then refreshes directories if the portal's changed.
    public func sync(_ diary: DiaryQueue, contentURL: (@Sendable (String) -> URL)? = nil) async throws(SyncError)
        -> SyncReport
    {
        guard let account = try await storage(diary, reading: true, { try $0.sync.account() }),
            let token = account.token
        else {
            throw SyncError.notSignedIn
        }
        var report = SyncReport()
        try await storage(diary) { try $0.outbox.releaseInFlight() }
        // A push refused for the account's sake (402 no purchase, 403 device not attested, T13)
        // keeps every change pending; pulling still brings the diary up to date, then the
        // refusal is reported.
        var accountRefusal: SyncError?
        do {
            try await push(diary, token: token, into: &report)
        } catch {
            guard case .refused(let status, _, _) = error, PortalAnswer(status: status) == .entitlement else {
                throw error
            }
            accountRefusal = error
        }
        if let contentURL, accountRefusal == nil {
            try await uploadMedia(diary, token: token, contentURL: contentURL, into: &report)
        }
        let pulledKinds = namedKinds ?? RecordKind.firstProtocolKinds
        _ = try await storage(diary) { try $0.sync.coverPulls(of: pulledKinds) }
        let directoryVersion = try await pull(diary, token: token, into: &report)
        report.directoryVersion = try await storage(diary, reading: true) {
            try $0.sync.account()?.directoryVersion ?? 0
        }
        if directoryVersion != report.directoryVersion {
            let directories = try await call(diary, token: token) { api, token throws(SyncError) in
                try await api.call(PortalAPI.directories, token: token)
            }
            try await storage(diary) { try $0.sync.installDirectories(directories) }
            report.directoryVersion = directories.version
        }
        if let accountRefusal { throw accountRefusal }
        try await storage(diary) { try $0.sync.recordCompleted(at: Date()) }
        return report
    }

    private func push(_ diary: DiaryQueue, token: String, into report: inout SyncReport) async throws(SyncError) {
        var limit = batchSize
        while true {
            let mutations = try await storage(diary, reading: true) { [limit] in
                try $0.outbox.outgoingMutations(limit: limit)
            }
            guard !mutations.isEmpty else { return }
            try await storage(diary) { try $0.outbox.markInFlight(mutations.map(\.mutationId)) }
            let response: SyncHTTPResponse
            do {
                response = try await call(diary, token: token) { api, token throws(SyncError) in
                    try await api.send(
                        PortalAPI.push.endpoint, body: PushRequest(mutations: mutations), token: token,
                        acceptingClientErrors: true)
                }
            } catch {
                try await storage(diary) { try $0.outbox.releaseInFlight() }
                throw error
            }
            if response.status == 413 && mutations.count > 1 {
                // Too large a body (long notes, many conditions): send smaller batches.
                try await storage(diary) { try $0.outbox.releaseInFlight() }
                limit = max(1, mutations.count / 2)
                continue
            }
            let refusal = PortalAnswer(status: response.status)
            if refusal == .entitlement || refusal == .refused {
                // Refused for the account or the device (402 no purchase, 403 not attested, 410
                // account deleted…), not for these changes: they stay pending.
                try await storage(diary) { try $0.outbox.releaseInFlight() }
                throw SyncError.refused(response).error
            }
            if refusal == .refusedContent {
                guard let problem = ProblemDetails.decoded(from: response.body) else {
                    // Not the portal's answer (a proxy, a captive portal): nothing was judged.
                    try await storage(diary) { try $0.outbox.releaseInFlight() }
                    throw SyncError.portalUnavailable("HTTP \(response.status) without the portal's problem document")
                }
                try await storage(diary) {
                    try $0.outbox.rejectAll(mutations, reason: "\(problem.code): \(problem.detail)")
                }
                report.rejected += mutations.count
                continue
            }
            let answer = try api.answer(of: PortalAPI.push, in: response)
            let settled = try await storage(diary) { try $0.outbox.applyPushResults(answer.results, for: mutations) }
            let renumber = answer.results.contains { $0.status == .renumber }
            for result in answer.results {
                switch result.status {
                case .applied, .merged: report.pushed += 1
                case .duplicate, .renumber: break
                case .superseded, .gone: report.conflicts += 1
                case .rejected: report.rejected += 1
                }
            }
            if renumber {
                try await storage(diary) { diary in
                    try diary.outbox.releaseInFlight()
                    try diary.outbox.renumber(above: answer.lastMutationId)
                }
            } else if settled < mutations.count {
                // Sending the same changes again would get the same answer: they stay queued.
                try await storage(diary) { try $0.outbox.releaseInFlight() }
                throw SyncError.unreadableAnswer(
                    "the portal answered \(settled) of the \(mutations.count) changes sent; the rest stay queued")
            }
        }
    }

    /// Uploads the bytes the portal does not hold yet, resuming uploads begun earlier. A portal
    /// that becomes unreachable, or refuses (quota), leaves the rest waiting for the next sync.
    private func uploadMedia(
        _ diary: DiaryQueue, token: String, contentURL: @Sendable (String) -> URL, into report: inout SyncReport
    ) async throws(SyncError) {
        var transfer = MediaTransfer(transport: api.transport, sleep: api.sleep)
        transfer.protocolVersion = api.protocolVersion
        let waiting = try await storage(diary, reading: true) { try $0.sync.mediaAwaitingUpload() }
        for (index, (sha256, location, assetId)) in waiting.enumerated() {
            do {
                let file = contentURL(sha256)
                if FileManager.default.fileExists(atPath: file.path) {
                    _ = try await transfer.upload(
                        file: file, sha256: sha256, assetId: assetId, token: token, location: location,
                        started: { location in
                            try await diary.write { try $0.sync.recordMediaUpload(sha256, location: location) }
                        })
                } else {
                    guard try await transfer.isHeld(sha256: sha256, token: token) else {
                        report.mediaWaiting += 1
                        continue
                    }
                }
                try await storage(diary) { try $0.sync.recordMediaUploaded(sha256) }
                report.mediaUploaded += 1
            } catch .portalUnavailable {
                report.mediaWaiting += waiting.count - index
                return
            } catch .refused {
                report.mediaWaiting += 1
            }
        }
    }

    /// Pulls every page; returns the portal's directory version.
    private func pull(_ diary: DiaryQueue, token: String, into report: inout SyncReport) async throws(SyncError) -> Int
    {
        while true {
            let cursor = try await storage(diary) { try $0.sync.account()?.cursor ?? "" }
            guard let position = SyncCursor(token: cursor) else {
                throw SyncError.storage(
                    "the stored pull cursor \"\(cursor.prefix(40))\" is not one the portal hands out")
            }
            let query = PullQuery(cursor: position, limit: pageSize, kinds: namedKinds)
            let page = try await call(diary, token: token) { api, token throws(SyncError) in
                try await api.call(PortalAPI.pull, body: NoBody(), query: query, token: token)
            }
            let outcome = try await storage(diary) { try $0.sync.applyPulled(page) }
            report.pulled += outcome.applied
            report.conflicts += outcome.keptLocal
            if !page.hasMore { return page.directoryVersion }
        }
    }

    // MARK: Requests

    /// Makes one call of the API with the diary's `token`; a 401 forgets the token, so the app
    /// asks to sign in again (every change stays pending).
    func call<Answer: Sendable>(
        _ diary: DiaryQueue, token: String,
        _ request: (PortalClient, String) async throws(SyncError) -> Answer
    ) async throws(SyncError) -> Answer {
        do {
            return try await request(api, token)
        } catch {
            if case .signInRequired = error { try await storage(diary) { try $0.sync.clearToken() } }
            throw error
        }
    }

    /// Runs `body` with the diary in one transaction (or, `reading`, without taking the write
    /// lock), off the caller's thread, between requests: the diary is never held while the
    /// network is awaited.
    func storage<T: Sendable>(
        _ diary: DiaryQueue, reading: Bool = false, _ body: @escaping @Sendable (Diary) throws -> T
    ) async throws(SyncError) -> T {
        do {
            return reading ? try await diary.read(body) : try await diary.write(body)
        } catch {
            throw SyncError.storage("\(error)")
        }
    }
}
