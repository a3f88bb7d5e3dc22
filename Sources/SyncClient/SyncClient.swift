import Diagnostics
import DiaryStore
import Foundation
import HTTPProblem
import SyncProtocol

/// What one sync did, as `hobbystory sync --json` prints it (T3).
public struct SyncReport: Codable, Sendable, Equatable {
    /// Local changes the portal stored.
    public var pushed = 0
    /// Portal changes applied to this diary.
    public var pulled = 0
    /// Changes that lost to a later one (kept in the portal's history), or records deleted
    /// elsewhere; plus pulled records skipped because this device had its own pending change.
    public var conflicts = 0
    /// Changes the portal refused; listed with their reasons by `sync status`.
    public var rejected = 0
    public var directoryVersion = 0
    /// Photo and video contents uploaded (or found already on the portal) by this sync.
    public var mediaUploaded = 0
    /// Contents still to upload: the portal was unreachable or refused (its quota), or the bytes
    /// are on another device that has not uploaded them yet.
    public var mediaWaiting = 0

    public init() {}
}

/// Why a sync or an account call did not complete.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    case notSignedIn
    /// The portal no longer accepts the token (401): sign in again; nothing is lost.
    case signInRequired(String)
    /// No answer, or 5xx, after every retry: try again later; nothing is lost.
    case portalUnavailable(String)
    /// The portal no longer serves this build's sync protocol (426): update the app; nothing is
    /// lost, every change stays pending.
    case updateRequired(String)
    /// The portal refused the request (4xx) with its problem `code` and `detail`.
    case refused(status: Int, code: ProblemCode, detail: String)
    /// The portal answered something this client cannot read.
    case unreadableAnswer(String)
    /// The local diary failed.
    case storage(String)

    /// The refusal a 4xx answer carries: its problem document's code and detail, or the
    /// beginning of whatever else it says.
    static func refused(_ response: SyncHTTPResponse) -> (code: ProblemCode, detail: String, error: SyncError) {
        let problem = ProblemDetails.decoded(from: response.body)
        let code = problem?.problemCode ?? .http(response.status)
        let detail = problem?.detail ?? String(decoding: response.body.prefix(200), as: UTF8.self)
        return (code, detail, .refused(status: response.status, code: code, detail: detail))
    }

    public var description: String {
        switch self {
        case .notSignedIn: "this diary is not signed in to a portal"
        case .signInRequired(let detail): "the portal asks to sign in again: \(detail)"
        case .portalUnavailable(let detail): "the portal is unavailable (\(detail)); nothing was lost, sync again later"
        case .updateRequired(let detail): "this version can no longer sync with the portal: \(detail)"
        case .refused(let status, let code, let detail): "the portal refused (\(status) \(code)): \(detail)"
        case .unreadableAnswer(let detail): "the portal's answer could not be read: \(detail)"
        case .storage(let detail): "the diary failed: \(detail)"
        }
    }
}

/// The device side of the sync protocol (T3; docs/sync.md): push the outbox in batches, pull
/// pages after the stored cursor, fetch directories when the portal's are newer.
///
/// Every step is safe to interrupt: pushed batches are idempotent (mutation ids), a pulled page
/// and its cursor are stored in one transaction, and in-flight changes go back to the queue
/// at the start of the next sync.
public struct SyncClient: Sendable {
    public let transport: any SyncTransport
    /// Attempts per request for network failures and 5xx (never for 4xx).
    public var attempts = 3
    public var initialBackoff: Duration = .milliseconds(200)
    public var batchSize = SyncLimits.mutationsPerPush
    public var pageSize = SyncLimits.changesPerPull
    /// The sync protocol version spoken (``SyncProtocolVersion``): the current one, except in
    /// tests of a client that predates it. From version 2 pulls name the kinds this build knows.
    public var protocolVersion = SyncProtocolVersion.current
    /// The kinds of record this build stores, named in pulls from protocol version 2 on (tests
    /// of an older build name fewer).
    public var knownKinds = Set(RecordKind.allCases)
    /// The kinds a pull names: nil in protocol version 1, which names none and is sent the kinds
    /// that version knew.
    private var namedKinds: Set<RecordKind>? { protocolVersion >= 2 ? knownKinds : nil }
    /// Signs each push's body with the device's App Attest key (T13), for portals that require
    /// attestation; nil sends none.
    public var requestAsserter: (any RequestAsserting)?
    let sleep: @Sendable (Duration) async -> Void

    public init(
        transport: any SyncTransport,
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    ) {
        self.transport = transport
        self.sleep = sleep
    }

    // MARK: Accounts

    public func signUp(email: String, password: String) async throws(SyncError) -> AccountResponse {
        try await decode(
            AccountResponse.self,
            from: try await send(.signUp, body: SignUpRequest(email: email, password: password)))
    }

    public func signIn(email: String, password: String, deviceId: UUID, deviceName: String) async throws(SyncError)
        -> SessionResponse
    {
        let body = SignInRequest(email: email, password: password, deviceId: deviceId, deviceName: deviceName)
        return try await decode(SessionResponse.self, from: try await send(.signIn, body: body))
    }

    public func signOut(token: String) async throws(SyncError) {
        _ = try await send(.signOut, token: token)
    }

    /// A page of the versions the portal set aside for this diary's account, newest first (of
    /// one record when `id` is given; numbered below `before` for the next page): what other
    /// devices' changes replaced, and tombstones past the horizon.
    public func history(_ diary: DiaryQueue, of id: UUID? = nil, before: Int64? = nil) async throws(SyncError)
        -> HistoryResponse
    {
        guard let token = try await storage(diary, reading: true, { try $0.syncAccount()?.token }) else {
            throw SyncError.notSignedIn
        }
        let query = HistoryQuery(id: id, before: before)
        return try await decode(
            HistoryResponse.self, from: try await send(.history, query: query.items, token: token, diary: diary))
    }

    /// Signs a diary in: registers it as a device of the account and stores the session.
    public func signIn(_ diary: DiaryQueue, portalURL: String, email: String, password: String, deviceName: String)
        async throws(SyncError) -> SessionResponse
    {
        let deviceId = try await storage(diary) { try $0.replicaId() }
        let session = try await signIn(email: email, password: password, deviceId: deviceId, deviceName: deviceName)
        try await storage(diary) { diary in
            try diary.saveSyncAccount(
                portalURL: portalURL, email: email, accountId: session.accountId, token: session.token)
            if try diary.lastMutationId() < session.lastMutationId {
                try diary.renumberOutbox(above: session.lastMutationId)
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
        guard let account = try await storage(diary, reading: true, { try $0.syncAccount() }), let token = account.token
        else {
            throw SyncError.notSignedIn
        }
        var report = SyncReport()
        try await storage(diary) { try $0.releaseInFlight() }
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
        _ = try await storage(diary) { try $0.coverPulls(of: pulledKinds) }
        let directoryVersion = try await pull(diary, token: token, into: &report)
        report.directoryVersion = try await storage(diary, reading: true) {
            try $0.syncAccount()?.directoryVersion ?? 0
        }
        if directoryVersion != report.directoryVersion {
            let directories = try await decode(
                DirectoriesResponse.self,
                from: try await send(.directories, token: token, diary: diary))
            try await storage(diary) { try $0.installDirectories(directories) }
            report.directoryVersion = directories.version
        }
        if let accountRefusal { throw accountRefusal }
        try await storage(diary) { try $0.recordSyncCompleted(at: Date()) }
        return report
    }

    private func push(_ diary: DiaryQueue, token: String, into report: inout SyncReport) async throws(SyncError) {
        var limit = batchSize
        while true {
            let mutations = try await storage(diary, reading: true) { [limit] in try $0.outgoingMutations(limit: limit)
            }
            guard !mutations.isEmpty else { return }
            try await storage(diary) { try $0.markInFlight(mutations.map(\.mutationId)) }
            let response: SyncHTTPResponse
            do {
                response = try await send(
                    .push, body: PushRequest(mutations: mutations), token: token, diary: diary,
                    acceptingClientErrors: true)
            } catch {
                try await storage(diary) { try $0.releaseInFlight() }
                throw error
            }
            if response.status == 413 && mutations.count > 1 {
                // Too large a body (long notes, many conditions): send smaller batches.
                try await storage(diary) { try $0.releaseInFlight() }
                limit = max(1, mutations.count / 2)
                continue
            }
            let refusal = PortalAnswer(status: response.status)
            if refusal == .entitlement || refusal == .refused {
                // Refused for the account or the device (402 no purchase, 403 not attested, 410
                // account deleted…), not for these changes: they stay pending.
                try await storage(diary) { try $0.releaseInFlight() }
                throw SyncError.refused(response).error
            }
            if refusal == .refusedContent {
                guard let problem = ProblemDetails.decoded(from: response.body) else {
                    // Not the portal's answer (a proxy, a captive portal): nothing was judged.
                    try await storage(diary) { try $0.releaseInFlight() }
                    throw SyncError.portalUnavailable("HTTP \(response.status) without the portal's problem document")
                }
                try await storage(diary) { try $0.rejectAll(mutations, reason: "\(problem.code): \(problem.detail)") }
                report.rejected += mutations.count
                continue
            }
            let answer = try await decode(PushResponse.self, from: response)
            let settled = try await storage(diary) { try $0.applyPushResults(answer.results, for: mutations) }
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
                    try diary.releaseInFlight()
                    try diary.renumberOutbox(above: answer.lastMutationId)
                }
            } else if settled < mutations.count {
                // Sending the same changes again would get the same answer: they stay queued.
                try await storage(diary) { try $0.releaseInFlight() }
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
        var transfer = MediaTransfer(transport: transport, sleep: sleep)
        transfer.protocolVersion = protocolVersion
        let waiting = try await storage(diary, reading: true) { try $0.mediaAwaitingUpload() }
        for (index, (sha256, location, assetId)) in waiting.enumerated() {
            do {
                let file = contentURL(sha256)
                if FileManager.default.fileExists(atPath: file.path) {
                    _ = try await transfer.upload(
                        file: file, sha256: sha256, assetId: assetId, token: token, location: location,
                        started: { location in
                            try await diary.write { try $0.recordMediaUpload(sha256, location: location) }
                        })
                } else {
                    guard try await transfer.isHeld(sha256: sha256, token: token) else {
                        report.mediaWaiting += 1
                        continue
                    }
                }
                try await storage(diary) { try $0.recordMediaUploaded(sha256) }
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
            let cursor = try await storage(diary) { try $0.syncAccount()?.cursor ?? "" }
            guard let position = SyncCursor(token: cursor) else {
                throw SyncError.storage(
                    "the stored pull cursor \"\(cursor.prefix(40))\" is not one the portal hands out")
            }
            let query = PullQuery(cursor: position, limit: pageSize, kinds: namedKinds)
            let page = try await decode(
                PullResponse.self, from: try await send(.pull, query: query.items, token: token, diary: diary))
            let outcome = try await storage(diary) { try $0.applyPulled(page) }
            report.pulled += outcome.applied
            report.conflicts += outcome.keptLocal
            if !page.hasMore { return page.directoryVersion }
        }
    }

    // MARK: Diagnostics

    /// Sends error reports and a problem report (T6, issue 18), under the account of `token`
    /// when the diary is signed in, else anonymously under the upload's installation id.
    public func sendDiagnostics(_ upload: DiagnosticsUpload, token: String?) async throws(SyncError)
        -> DiagnosticsReceipt
    {
        try await decode(DiagnosticsReceipt.self, from: try await send(.diagnostics, body: upload, token: token))
    }

    // MARK: Requests

    /// Sends with retries on network failures and 5xx. A 401 forgets the diary's token; other
    /// 4xx answers throw ``SyncError/refused(status:code:detail:)`` unless `acceptingClientErrors`.
    func send(
        _ endpoint: PortalEndpoint, query: [URLQueryItem] = [], body: (some Encodable)? = nil as String?,
        token: String? = nil, diary: DiaryQueue? = nil, acceptingClientErrors: Bool = false
    ) async throws(SyncError) -> SyncHTTPResponse {
        var data: Data?
        if let body {
            do {
                let encoder = JSONEncoder()
                encoder.dateEncodingStrategy = .iso8601
                data = try encoder.encode(body)
            } catch {
                throw SyncError.unreadableAnswer("could not encode the request: \(error)")
            }
        }
        var request = SyncHTTPRequest(
            method: endpoint.method, target: endpoint.target(query: query), body: data, token: token,
            protocolVersion: protocolVersion)
        var lastFailure = ""
        for attempt in 1...max(1, attempts) {
            if attempt > 1 { await sleep(initialBackoff * (1 << (attempt - 2))) }
            do {
                if endpoint == .push, let requestAsserter, let data {
                    // A fresh assertion each attempt: one the portal already counted is a replay.
                    request.headers[AttestationRequest.assertionHeader] =
                        try await requestAsserter.assertion(for: data)?.base64EncodedString()
                }
                let response = try await transport.send(request)
                switch PortalAnswer(status: response.status) {
                case .success: return response
                case .signInAgain:
                    if let diary { try await storage(diary) { try $0.clearSyncToken() } }
                    throw SyncError.signInRequired(SyncError.refused(response).detail)
                case .updateApp: throw SyncError.updateRequired(SyncError.refused(response).detail)
                case .entitlement, .refusedContent, .refused:
                    if acceptingClientErrors { return response }
                    throw SyncError.refused(response).error
                case .retryLater:
                    lastFailure = "HTTP \(response.status)"
                }
            } catch let error as SyncTransportError {
                lastFailure = error.description
            } catch let error as SyncError {
                throw error
            } catch {
                lastFailure = "\(error)"
            }
        }
        throw SyncError.portalUnavailable(lastFailure)
    }

    func decode<T: Decodable>(_ type: T.Type, from response: SyncHTTPResponse) async throws(SyncError) -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(type, from: response.body)
        } catch {
            throw SyncError.unreadableAnswer("\(T.self): \(error)")
        }
    }

    /// Runs `body` with the diary in one transaction (or, `reading`, without taking the write
    /// lock), off the caller's thread, between requests: the diary is never held while the
    /// network is awaited.
    private func storage<T: Sendable>(
        _ diary: DiaryQueue, reading: Bool = false, _ body: @escaping @Sendable (Diary) throws -> T
    ) async throws(SyncError) -> T {
        do {
            return reading ? try await diary.read(body) : try await diary.write(body)
        } catch {
            throw SyncError.storage("\(error)")
        }
    }
}
