import DiaryStore
import Foundation
import SyncClient
import SyncProtocol

/// Where a diary stands with its portal (T3): the account, what waits to be sent, what the portal
/// refused and why, and what waits for something else to arrive first — for the sync screen and
/// `hobbystory sync status`.
public struct SyncStatus: Sendable, Equatable {
    public var account: SyncAccount?
    public var pending: [PendingChange]
    public var refused: [SyncRejection]
    public var waiting: [ParkedChange]

    public var isSignedIn: Bool { account?.token != nil }
}

/// What signing out achieved: the session is always forgotten on the device; the portal is told
/// when it can be reached.
public struct SignOutOutcome: Sendable, Equatable {
    public var wasSignedIn: Bool
    public var revokedOnPortal: Bool
}

/// Why restoring a set-aside version cannot go ahead.
public enum RestoreVersionProblem: Error, Sendable, Equatable, CustomStringConvertible {
    case noSuchVersion(Int64, of: UUID)
    /// The version is the record's deletion: the record comes back from the Trash instead.
    case deletion(Int64)

    public var description: String {
        switch self {
        case .noSuchVersion(let version, let id):
            "the portal keeps no version \(version) of \(id.uuidString.lowercased())"
        case .deletion(let version): "version \(version) is a deletion; restore the record from the Trash instead"
        }
    }
}

/// The sync use cases of one diary (T3, T5), the same for the app's sync screen and the command
/// line: sign up, in and out; sync, then take the directories the portal brought into the
/// device's shared copy; list the versions other devices' changes replaced, and bring one back.
/// The diary is used through its queue between requests, never while the network is awaited.
public struct SyncService: Sendable {
    public let diary: DiaryQueue
    /// The device's shared directory database, which sync keeps up to date (T5).
    public let sharedDirectoryURL: URL
    /// Where a photo's or video's bytes are on this device, by their SHA-256; nil uploads none.
    public let contentURL: (@Sendable (String) -> URL)?
    /// The way to a portal: `URLSession` in the app, libcurl in the command line, fakes in tests.
    public let transport: @Sendable (URL) -> any SyncTransport
    /// Sends queued error reports after each sync when the angler agreed (issue 18); nil: never.
    public let diagnostics: DiagnosticsService?
    /// Refreshes the entitlement token after each sync (T13); nil: never.
    public let licence: LicenceService?
    /// App Attest: the device's key is attested once, then each push is asserted (T13); nil: never.
    public let attester: (any AppAttesting)?

    public init(
        diary: DiaryQueue, sharedDirectoryURL: URL, contentURL: (@Sendable (String) -> URL)?,
        transport: @escaping @Sendable (URL) -> any SyncTransport, diagnostics: DiagnosticsService? = nil,
        licence: LicenceService? = nil, attester: (any AppAttesting)? = nil
    ) {
        self.diary = diary
        self.licence = licence
        self.attester = attester
        self.diagnostics = diagnostics
        self.sharedDirectoryURL = sharedDirectoryURL
        self.contentURL = contentURL
        self.transport = transport
    }

    // MARK: Account

    /// Creates the account, then signs this diary in as one of its devices.
    public func signUp(portal: URL, email: String, password: String, deviceName: String) async throws
        -> SessionResponse
    {
        _ = try await client(portal).api.signUp(email: email, password: password)
        return try await signIn(portal: portal, email: email, password: password, deviceName: deviceName)
    }

    /// Signs this diary in as a device of the account.
    public func signIn(portal: URL, email: String, password: String, deviceName: String) async throws
        -> SessionResponse
    {
        try await client(portal).signIn(
            diary, portalURL: portal.absoluteString, email: email, password: password, deviceName: deviceName)
    }

    /// Forgets the session on the device, and revokes it on the portal when it can be reached.
    public func signOut() async throws -> SignOutOutcome {
        guard let account = try await diary.read({ try $0.sync.account() }), let token = account.token,
            let portal = URL(string: account.portalURL)
        else { return SignOutOutcome(wasSignedIn: false, revokedOnPortal: false) }
        let revoked = (try? await client(portal).api.signOut(token: token)) != nil
        try await diary.write { try $0.sync.clearToken() }
        return SignOutOutcome(wasSignedIn: true, revokedOnPortal: revoked)
    }

    // MARK: Sync

    /// Sends what is pending, receives what is new, and adopts newer directories device-wide.
    public func sync() async throws -> SyncReport {
        var client = client(try await portal())
        if let licence, let attester {
            // Attesting needs the portal; a failure now is tried again at the next sync, and a
            // portal that requires attestation keeps the changes pending meanwhile.
            _ = try? await licence.attestDevice(with: attester)
            client.api.requestAsserter = licence.requestAsserter(with: attester)
        }
        let report = try await client.sync(diary, contentURL: contentURL)
        let shared = sharedDirectoryURL
        try await diary.read { try DeviceStorage.adoptDirectories(from: $0, into: shared) }
        await diagnostics?.sendAfterSync()
        // A token the portal will not renew now lapses on its own dates; the sync itself succeeded.
        _ = try? await licence?.refresh()
        return report
    }

    public func status() async throws -> SyncStatus {
        try await diary.read { diary in
            SyncStatus(
                account: try diary.sync.account(), pending: try diary.outbox.pending(limit: 100_000),
                refused: try diary.outbox.rejections(), waiting: try diary.outbox.parked())
        }
    }

    // MARK: Versions

    /// A page of the versions the portal set aside (of one record when `id` is given; numbered
    /// below `before` for the next page), newest first.
    public func history(of id: UUID? = nil, before: Int64? = nil) async throws -> HistoryResponse {
        try await client(try await portal()).history(diary, of: id, before: before)
    }

    /// Brings back version `version` of record `id` as a new local change, sent by the next sync.
    @discardableResult
    public func restoreVersion(_ version: Int64, of id: UUID) async throws -> HistoryEntry {
        let page = try await history(of: id, before: version + 1)
        guard let entry = page.entries.first(where: { $0.seq == version }) else {
            throw RestoreVersionProblem.noSuchVersion(version, of: id)
        }
        guard let fields = entry.fields else {
            throw RestoreVersionProblem.deletion(version)
        }
        try await diary.write { try $0.restoreVersion(entry.kind, id, fields: fields) }
        return entry
    }

    // MARK: Internals

    private func portal() async throws -> URL { try await diary.signedInPortal() }

    private func client(_ portal: URL) -> SyncEngine { SyncEngine(transport: transport(portal)) }
}

extension DiaryQueue {
    /// The portal the diary is signed in to; throws ``SyncError/notSignedIn`` without a session.
    func signedInPortal() async throws -> URL {
        guard let account = try await read({ try $0.sync.account() }), account.token != nil,
            let portal = URL(string: account.portalURL)
        else { throw SyncError.notSignedIn }
        return portal
    }
}
