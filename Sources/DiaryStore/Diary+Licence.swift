import Foundation
import SQLiteDB

/// What the diary keeps for the licence check (T13, issue 17; the check itself is `Licensing`'s):
/// the portal's entitlement token, when the trial started, the clock's high-water mark, the
/// portal's public key as first seen and the id of the device's attested App Attest key. Kept in `diary_meta`, so they follow the diary, and never
/// deleted by a lapse.
public struct LicenceRecord: Sendable, Equatable {
    public var token: String?
    public var trialStarted: Date
    public var highWater: Date?
    /// The portal's Ed25519 public key, base64, pinned when a token was first redeemed.
    public var portalKey: String?
    /// The App Attest key the portal accepted for this diary's device, base64 key id.
    public var attestedKeyId: String?
}

extension Diary {
    static let licenceTokenKey = "licence_token"
    static let licenceTrialKey = "licence_trial_started"
    static let licenceHighWaterKey = "licence_high_water"
    static let licencePortalKey = "licence_portal_key"
    static let licenceAttestedKey = "licence_attested_key"

    /// One licence check in one transaction: the trial's start moved back to `trialAnchor` when
    /// earlier, the stored values read (the trial starting at `now` on the first check) and
    /// judged by `judge`, then its high-water mark raised and the diary marked read-only or not.
    public func checkLicence<T>(
        now: Date, trialAnchor: Date?, judge: (LicenceRecord) throws -> (result: T, highWater: Date, readOnly: Bool)
    ) throws -> T {
        try database.transaction {
            if let trialAnchor { try lowerLicenceTrialStart(to: trialAnchor) }
            let judged = try judge(try licenceRecord(now: now))
            try raiseLicenceHighWater(to: judged.highWater)
            try setLicenceReadOnly(judged.readOnly)
            return judged.result
        }
    }

    /// The licence's stored values; the trial starts at `now` on the first call.
    public func licenceRecord(now: Date) throws -> LicenceRecord {
        try database.transaction {
            try database.execute(
                "INSERT INTO diary_meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING",
                [.text(Self.licenceTrialKey), .text(String(now.timeIntervalSince1970))])
            func time(_ key: String) throws -> Date? {
                try meta(key).flatMap(Double.init).map { Date(timeIntervalSince1970: $0) }
            }
            return LicenceRecord(
                token: try meta(Self.licenceTokenKey), trialStarted: try time(Self.licenceTrialKey) ?? now,
                highWater: try time(Self.licenceHighWaterKey), portalKey: try meta(Self.licencePortalKey),
                attestedKeyId: try meta(Self.licenceAttestedKey))
        }
    }

    /// Moves the trial's start back to `time` (the App Store's first download of the app); a
    /// later time leaves it where it is.
    public func lowerLicenceTrialStart(to time: Date) throws {
        try database.transaction {
            let stored = try meta(Self.licenceTrialKey).flatMap(Double.init) ?? .infinity
            guard time.timeIntervalSince1970 < stored else { return }
            try setMeta(Self.licenceTrialKey, String(time.timeIntervalSince1970))
        }
    }

    /// Raises the clock's high-water mark to `time`; a lower time, or one less than a minute
    /// above it, leaves it where it is (so a burst of commands does not write each time; the
    /// mark is a floor, a minute of it is nothing).
    public func raiseLicenceHighWater(to time: Date) throws {
        try database.transaction {
            let stored = try meta(Self.licenceHighWaterKey).flatMap(Double.init) ?? -.infinity
            guard time.timeIntervalSince1970 >= stored + 60 else { return }
            try setMeta(Self.licenceHighWaterKey, String(time.timeIntervalSince1970))
        }
    }

    /// Marks the diary read-only (the licence is over) or read-write again. Read-only is the
    /// schema's own rule: a trigger refusing every insert into the outbox, where every local
    /// change passes and pulled changes never go. It exists only while the diary is read-only,
    /// so saves pay nothing for it otherwise (a trigger always present cost 8 % of the bulk
    /// insert rate, docs/benchmarks.md); its presence is the mode.
    public func setLicenceReadOnly(_ readOnly: Bool) throws {
        guard try isLicenceReadOnly() != readOnly else { return }
        try database.transaction {
            try database.executeScript(
                readOnly ? DiarySchema.outboxReadOnlyTrigger : DiarySchema.dropOutboxReadOnlyTrigger)
        }
    }

    /// Whether local changes are refused because the licence is over.
    public func isLicenceReadOnly() throws -> Bool {
        try database.scalar(
            "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name = ?",
            [.text(DiarySchema.outboxReadOnlyTriggerName)]
        ).int64Value == 1
    }

    /// Keeps the id of the App Attest key the portal accepted.
    public func saveAttestedKey(_ keyId: String) throws {
        try setMeta(Self.licenceAttestedKey, keyId)
    }

    /// Keeps a token the portal issued (already verified) and the key it was verified with.
    public func saveLicenceToken(_ token: String, portalKey: String) throws {
        try database.transaction {
            try setMeta(Self.licenceTokenKey, token)
            try setMeta(Self.licencePortalKey, portalKey)
        }
    }
}
