import DiaryStore
import Foundation
import Licensing
import SyncClient
import SyncProtocol

/// What the licence screen and `hobbystory licence status` show (T13, issue 17).
public struct LicenceReport: Sendable, Equatable {
    public let state: LicenceState
    /// The product the token names, when there is a genuine token.
    public let product: String?
    /// Until when the token vouches before the device must sync again.
    public let validUntil: Date?
    /// Signs of tampering this check noticed (reported with the next refresh).
    public let signals: [TamperSignal]
}

/// The licence use cases of one diary (T13, issue 17), the same for the app and the command
/// line: judge the licence offline from what the diary keeps; redeem a purchase (the app gives
/// StoreKit's signed transaction; the command line a file); refresh the token after each sync.
///
/// The token is trusted only under the portal's key: the one the app ships with (`shippedKey`),
/// else the key pinned when this diary first redeemed. A token that fails its check counts as
/// none and is reported as a signal; nothing of the diary is ever touched by the outcome.
public struct LicenceService: Sendable {
    public let diary: DiaryQueue
    public let transport: @Sendable (URL) -> any SyncTransport
    /// The portal's Ed25519 public key as shipped with the app; nil: pin the portal's on first use.
    public let shippedKey: Data?
    public let policy: LicencePolicy
    public let clock: @Sendable () -> Date
    /// Signals the platform noticed (a debugger, a re-signed binary), added to every refresh.
    public let platformSignals: @Sendable () -> [TamperSignal]
    /// When the app was first downloaded (the App Store's `AppTransaction`), where the trial starts.
    public let trialAnchor: @Sendable () async -> Date?

    public init(
        diary: DiaryQueue, transport: @escaping @Sendable (URL) -> any SyncTransport, shippedKey: Data? = nil,
        policy: LicencePolicy = LicencePolicy(), clock: @escaping @Sendable () -> Date = Date.init,
        platformSignals: @escaping @Sendable () -> [TamperSignal] = { TamperSignal.debuggerIfAttached() },
        trialAnchor: @escaping @Sendable () async -> Date? = { nil }
    ) {
        self.trialAnchor = trialAnchor
        self.diary = diary
        self.transport = transport
        self.shippedKey = shippedKey
        self.policy = policy
        self.clock = clock
        self.platformSignals = platformSignals
    }

    /// The licence now, judged offline; raises the clock's high-water mark.
    public func status() async throws -> LicenceReport {
        let now = clock()
        let anchor = await trialAnchor()
        let (shippedKey, policy) = (shippedKey, policy)
        return try await diary.write { diary in
            try Self.check(diary, shippedKey: shippedKey, policy: policy, now: now, trialAnchor: anchor)
        }
    }

    /// Judges the licence of `diary` from what it keeps, raises the clock's high-water mark and
    /// marks the diary read-only or not for its writes (`Diary.setLicenceReadOnly`): what the app
    /// does at launch and the command line each time it opens a diary.
    public static func check(
        _ diary: Diary, shippedKey: Data?, policy: LicencePolicy = LicencePolicy(), now: Date, trialAnchor: Date? = nil
    ) throws -> LicenceReport {
        try diary.licence.check(now: now, trialAnchor: trialAnchor) { record in
            var signals: [TamperSignal] = []
            var token: EntitlementToken?
            if let text = record.token, let key = shippedKey ?? record.portalKey.flatMap({ Data(base64Encoded: $0) }) {
                do {
                    token = try EntitlementToken(verifying: text, publicKey: key)
                } catch {
                    signals.append(.forgedToken)
                }
            }
            let status = LicenceCheck.evaluate(
                token: token, trialStarted: record.trialStarted, highWater: record.highWater, deviceNow: now,
                policy: policy)
            let report = LicenceReport(
                state: status.state, product: token?.claims.product, validUntil: token?.claims.validUntilDate,
                signals: signals + status.signals)
            return (report, status.highWater, !status.state.canWrite)
        }
    }

    /// Sends a StoreKit signed transaction to the portal; keeps the token it answers.
    public func redeem(signedTransaction: String) async throws -> LicenceReport {
        let (portal, session) = try await signedIn()
        let client = PortalClient(transport: transport(portal))
        let answer = try await client.redeemAppStore(signedTransaction: signedTransaction, token: session)
        try await keep(answer, client: client)
        return try await status()
    }

    /// Asks the portal for a fresh token (after a sync), reporting the signals noticed. A portal
    /// that answers "no purchase" leaves the stored token to lapse on its own dates.
    public func refresh() async throws -> LicenceReport {
        let signals = (try await status().signals + platformSignals()).map(\.rawValue)
        let (portal, session) = try await signedIn()
        let client = PortalClient(transport: transport(portal))
        do {
            try await keep(
                try await client.refreshEntitlement(signals: Array(Set(signals)).sorted(), token: session),
                client: client)
        } catch SyncError.refused(_, .entitlementRequired, _), SyncError.refused(_, .purchaseExpired, _) {
            // No purchase on the portal: the trial or the token's own dates decide.
        }
        return try await status()
    }

    /// Verifies `answer`'s token under the trusted key, then keeps it.
    private func keep(_ answer: EntitlementAnswer, client: PortalClient) async throws {
        let pinned = try await diary.read { try $0.licence.record(now: clock()).portalKey }
        let key: String
        if let shippedKey {
            key = shippedKey.base64EncodedString()
        } else if let pinned {
            key = pinned
        } else {
            key = try await client.licenceKey().publicKey
        }
        guard let keyData = Data(base64Encoded: key) else {
            throw LicenceError.forgedToken("the portal's key is not base64")
        }
        _ = try EntitlementToken(verifying: answer.token, publicKey: keyData)
        try await diary.write { try $0.licence.saveToken(answer.token, portalKey: key) }
    }

    func signedIn() async throws -> (URL, String) {
        guard let account = try await diary.read({ try $0.sync.account() }), let token = account.token,
            let portal = URL(string: account.portalURL)
        else { throw SyncError.notSignedIn }
        return (portal, token)
    }
}
