import Foundation

/// How long the app works without a purchase, and offline (T13, issue 17; docs/licensing.md).
public struct LicencePolicy: Sendable, Equatable {
    /// Read-and-write days from the diary's first licence check, without a purchase.
    public var trialDays: Int
    /// Days a purchase stays usable after its token stopped vouching (offline, or a renewal the
    /// device has not heard of yet).
    public var graceDays: Int
    /// How far the clock may step back (time zones, network time) before it counts as set back.
    public var rollbackTolerance: TimeInterval

    public init(trialDays: Int = 30, graceDays: Int = 14, rollbackTolerance: TimeInterval = 3_600) {
        self.trialDays = trialDays
        self.graceDays = graceDays
        self.rollbackTolerance = rollbackTolerance
    }
}

/// Where the licence stands (T13, issue 17): trial → active → grace → expired, expired being
/// read-only. Read-only never means less than reading, exporting, pulling and syncing one's own
/// data down: nothing is ever deleted, locked away or made unexportable.
public enum LicenceState: Sendable, Equatable {
    /// No purchase yet; read and write until `endsAt`.
    case trial(endsAt: Date)
    /// A purchase the portal vouched for; `until` is when it ends (nil: it does not).
    case active(product: String, until: Date?)
    /// The token no longer vouches (offline too long, or the period ended and no renewal was
    /// heard of): still read and write until `endsAt`; syncing refreshes it.
    case grace(endsAt: Date)
    /// Trial or grace over: the diary is read-only (export, pull and reading stay).
    case expired(since: Date)

    /// Whether the diary takes new records and edits.
    public var canWrite: Bool {
        if case .expired = self { return false }
        return true
    }

    /// A stable name for scripts and the app: trial, active, grace, expired.
    public var name: String {
        switch self {
        case .trial: "trial"
        case .active: "active"
        case .grace: "grace"
        case .expired: "expired"
        }
    }
}

/// A licence check's outcome: the state, the time it was judged at, and what the device must
/// keep and report.
public struct LicenceStatus: Sendable, Equatable {
    public let state: LicenceState
    /// The time the state was judged at: never earlier than a time seen before (the high-water
    /// mark) nor than the token's issue time, whatever the device clock says.
    public let now: Date
    /// The high-water mark to store for the next check.
    public let highWater: Date
    /// Signals of tampering noticed by this check (reported, never used against the data).
    public let signals: [TamperSignal]
}

/// Signs of tampering the device reports to the portal as signals (T13, MASVS-RESILIENCE). They
/// are never used to delete or block data.
public enum TamperSignal: String, Sendable, Codable, CaseIterable {
    /// The device clock was set back past the high-water mark.
    case clockSetBack = "clock_set_back"
    /// A debugger is attached to the app.
    case debuggerAttached = "debugger_attached"
    /// The app is not signed by the expected team (a re-signed copy).
    case unexpectedSigningIdentity = "unexpected_signing_identity"
    /// A stored entitlement token failed its signature check (edited on the device).
    case forgedToken = "forged_token"
}

/// Judges the licence from what the diary keeps (T13, issue 17). A pure function of its inputs,
/// so every path — the clock set back a month included — is tested without waiting.
public enum LicenceCheck {
    public static func evaluate(
        token: EntitlementToken?, trialStarted: Date, highWater: Date?, deviceNow: Date,
        policy: LicencePolicy = LicencePolicy()
    ) -> LicenceStatus {
        var signals: [TamperSignal] = []
        if let highWater, deviceNow < highWater.addingTimeInterval(-policy.rollbackTolerance) {
            signals.append(.clockSetBack)
        }
        let now = [deviceNow, highWater ?? .distantPast, token?.claims.issuedDate ?? .distantPast].max()!
        let grace = TimeInterval(policy.graceDays) * 86_400
        let trialEnd = trialStarted.addingTimeInterval(TimeInterval(policy.trialDays) * 86_400)
        let state: LicenceState
        if let claims = token?.claims {
            let vouchedUntil = min(claims.validUntilDate, claims.expiresDate ?? .distantFuture)
            if now < vouchedUntil {
                state = .active(product: claims.product, until: claims.expiresDate)
            } else if now < vouchedUntil.addingTimeInterval(grace) {
                state = .grace(endsAt: vouchedUntil.addingTimeInterval(grace))
            } else if now < trialEnd {
                state = .trial(endsAt: trialEnd)
            } else {
                state = .expired(since: max(vouchedUntil.addingTimeInterval(grace), trialEnd))
            }
        } else {
            state = now < trialEnd ? .trial(endsAt: trialEnd) : .expired(since: trialEnd)
        }
        return LicenceStatus(state: state, now: now, highWater: now, signals: signals)
    }
}
