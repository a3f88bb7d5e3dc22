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

/// The diary's licence: its token, trial, clock high-water mark and read-only state.
/// One area of the ``Diary``, sharing its connection.
public struct DiaryLicence {
    let diary: Diary
}

extension Diary {
    /// The diary's licence: its token, trial, clock high-water mark and read-only state.
    public var licence: DiaryLicence { DiaryLicence(diary: self) }
    static let licenceTokenKey = "licence_token"
    static let licenceTrialKey = "licence_trial_started"
    static let licenceHighWaterKey = "licence_high_water"
    static let licencePortalKey = "licence_portal_key"
    static let licenceAttestedKey = "licence_attested_key"
}

extension DiaryLicence {
    /// One licence check in one transaction: the trial's start moved back to `trialAnchor` when
    /// earlier, the stored values read (the trial starting at `now` on the first check) and
    /// judged by `judge`, then its high-water mark raised and the diary marked read-only or not.
    public func check<T>(
        now: Date, trialAnchor: Date?, judge: (LicenceRecord) throws -> (result: T, highWater: Date, readOnly: Bool)
    ) throws -> T {
        try diary.database.transaction {
            if let trialAnchor { try lowerTrialStart(to: trialAnchor) }
            let judged = try judge(try record(now: now))
            try raiseHighWater(to: judged.highWater)
            try setReadOnly(judged.readOnly)
            return judged.result
        }
    }

    /// The licence's stored values; the trial starts at `now` on the first call.
    public func record(now: Date) throws -> LicenceRecord {
        try diary.database.transaction {
            try diary.database.execute(
                "INSERT INTO diary_meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO NOTHING",
                [.text(Diary.licenceTrialKey), .text(String(now.timeIntervalSince1970))])
            func time(_ key: String) throws -> Date? {
                try diary.meta(key).flatMap(Double.init).map { Date(timeIntervalSince1970: $0) }
            }
            return LicenceRecord(
                token: try diary.meta(Diary.licenceTokenKey), trialStarted: try time(Diary.licenceTrialKey) ?? now,
                highWater: try time(Diary.licenceHighWaterKey), portalKey: try diary.meta(Diary.licencePortalKey),
                attestedKeyId: try diary.meta(Diary.licenceAttestedKey))
        }
    }

    /// Moves the trial's start back to `time` (the App Store's first download of the app); a
    /// later time leaves it where it is.
    public func lowerTrialStart(to time: Date) throws {
        try diary.database.transaction {
            let stored = try diary.meta(Diary.licenceTrialKey).flatMap(Double.init) ?? .infinity
            guard time.timeIntervalSince1970 < stored else { return }
            try diary.setMeta(Diary.licenceTrialKey, String(time.timeIntervalSince1970))
        }
    }

    /// Raises the clock's high-water mark to `time`; a lower time, or one less than a minute
    /// above it, leaves it where it is (so a burst of commands does not write each time; the
    /// mark is a floor, a minute of it is nothing).
    public func raiseHighWater(to time: Date) throws {
        try diary.database.transaction {
            let stored = try diary.meta(Diary.licenceHighWaterKey).flatMap(Double.init) ?? -.infinity
            guard time.timeIntervalSince1970 >= stored + 60 else { return }
            try diary.setMeta(Diary.licenceHighWaterKey, String(time.timeIntervalSince1970))
        }
    }

    /// Marks the diary read-only (the licence is over) or read-write again. Read-only is the
    /// schema's own rule: a trigger refusing every insert into the outbox, where every local
    /// change passes and pulled changes never go. It exists only while the diary is read-only,
    /// so saves pay nothing for it otherwise (a trigger always present cost 8 % of the bulk
    /// insert rate, docs/benchmarks.md); its presence is the mode.
    public func setReadOnly(_ readOnly: Bool) throws {
        guard try isReadOnly() != readOnly else { return }
        try diary.database.transaction {
            try diary.database.executeScript(
                readOnly ? DiarySchema.outboxReadOnlyTrigger : DiarySchema.dropOutboxReadOnlyTrigger)
        }
    }

    /// Whether local changes are refused because the licence is over.
    public func isReadOnly() throws -> Bool {
        try diary.database.scalar(
            "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name = ?",
            [.text(DiarySchema.outboxReadOnlyTriggerName)]
        ).int64Value == 1
    }

    /// Keeps the id of the App Attest key the portal accepted.
    public func saveAttestedKey(_ keyId: String) throws {
        try diary.setMeta(Diary.licenceAttestedKey, keyId)
    }

    /// Keeps a token the portal issued (already verified) and the key it was verified with.
    public func saveToken(_ token: String, portalKey: String) throws {
        try diary.database.transaction {
            try diary.setMeta(Diary.licenceTokenKey, token)
            try diary.setMeta(Diary.licencePortalKey, portalKey)
        }
    }
}
