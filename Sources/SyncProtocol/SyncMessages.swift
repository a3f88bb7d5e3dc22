import FishingModel
import Foundation

extension RecordKind {
    /// The kinds a client of protocol version 1 knows: all it is sent, as it names none.
    public static let firstProtocolKinds: Set<RecordKind> = [.spot, .trip, .catch, .media, .report]
}

/// One change a device pushes: the record's whole current state (or its deletion), when the
/// device made it, and the per-device monotonic mutation id that makes retries idempotent.
public struct RecordMutation: Codable, Sendable, Equatable {
    public enum Operation: String, Codable, Sendable { case upsert, delete }

    /// Strictly increasing per device; the portal ignores ids it has already applied.
    public var mutationId: Int64
    public var kind: RecordKind
    public var id: UUID
    public var operation: Operation
    /// The device's clock when the angler made the change, in milliseconds since 1970 UTC; between
    /// two devices of one account the later one wins.
    public var modifiedAt: Int64
    /// The portal sequence number of the version this change was made on, 0 for a record the
    /// portal has never sent or acknowledged (a new record). Tells a new record from one whose
    /// tombstone has been purged (see docs/sync.md, "Tombstones and the horizon").
    public var baseSeq: Int64
    /// The record's columns for an upsert; nil for a delete.
    public var fields: RecordFields?

    public init(
        mutationId: Int64, kind: RecordKind, id: UUID, operation: Operation, modifiedAt: Int64, baseSeq: Int64,
        fields: RecordFields?
    ) {
        self.mutationId = mutationId
        self.kind = kind
        self.id = id
        self.operation = operation
        self.modifiedAt = modifiedAt
        self.baseSeq = baseSeq
        self.fields = fields
    }
}

/// `POST /v1/sync/push`: a batch applied in one transaction.
public struct PushRequest: Codable, Sendable, Equatable {
    public var mutations: [RecordMutation]
    public init(mutations: [RecordMutation]) { self.mutations = mutations }
}

/// What became of one pushed mutation.
public struct MutationResult: Codable, Sendable, Equatable {
    public enum Status: String, Codable, Sendable {
        /// Stored; `seq` is the record's new sequence number.
        case applied
        /// Already handled at an earlier delivery (whose answer was lost) and stored then;
        /// nothing changed now, and `current` carries the record as the portal holds it. (An
        /// earlier `rejected` or `gone` answer is given again as it was.)
        case duplicate
        /// The portal holds a later change of this record (from another device); this version
        /// went to the history (numbered `seq` when it was a concurrent edit) and `current`
        /// carries the later one.
        case superseded
        /// Made concurrently with another device's change to different columns of the record:
        /// the portal stored both as a new version, which `current` carries; `seq` numbers the
        /// device's own version (kept in the history), the base of a change it has made since
        /// (docs/sync.md "Merging").
        case merged
        /// Refused for a reason the device must show (`reason`); later changes are not blocked.
        case rejected
        /// Deleted on another device before this change was made, and that tombstone has since
        /// expired: the device moves the record to its Trash (docs/sync.md).
        case gone
        /// This mutation id was already used for a different change: the diary was restored from
        /// a backup or copied. The device renumbers its queue above `lastMutationId` and pushes
        /// again; nothing was stored.
        case renumber
    }

    public var mutationId: Int64
    public var status: Status
    public var seq: Int64?
    public var reason: String?
    /// For `superseded` and `duplicate`: the record as the portal holds it, which the device
    /// applies at once (its cursor may already be past that version, e.g. when the device's
    /// clock is behind, or the first answer was lost).
    public var current: RecordChange?

    public init(
        mutationId: Int64, status: Status, seq: Int64? = nil, reason: String? = nil, current: RecordChange? = nil
    ) {
        self.mutationId = mutationId
        self.status = status
        self.seq = seq
        self.reason = reason
        self.current = current
    }
}

public struct PushResponse: Codable, Sendable, Equatable {
    public var results: [MutationResult]
    /// The largest mutation id the portal has handled for this device.
    public var lastMutationId: Int64
    public init(results: [MutationResult], lastMutationId: Int64) {
        self.results = results
        self.lastMutationId = lastMutationId
    }
}

/// One record as the portal has it now: its state or its tombstone.
public struct RecordChange: Codable, Sendable, Equatable {
    public var seq: Int64
    public var kind: RecordKind
    public var id: UUID
    public var deleted: Bool
    public var modifiedAt: Int64
    /// The columns; nil for a tombstone.
    public var fields: RecordFields?

    public init(seq: Int64, kind: RecordKind, id: UUID, deleted: Bool, modifiedAt: Int64, fields: RecordFields?) {
        self.seq = seq
        self.kind = kind
        self.id = id
        self.deleted = deleted
        self.modifiedAt = modifiedAt
        self.fields = fields
    }
}

/// `GET /v1/sync/pull?cursor=…&limit=…`: changes after the cursor, oldest first.
public struct PullResponse: Codable, Sendable, Equatable {
    public var changes: [RecordChange]
    /// Opaque; send it back to continue after the last change of this page.
    public var cursor: String
    public var hasMore: Bool
    /// The portal's directory version, so the device knows whether to fetch directories.
    public var directoryVersion: Int
    /// True on every page of a full pass: the cursor was older than tombstones the portal has
    /// since purged, so the pull started again from the beginning. When the pass ends, a record
    /// the device had from the portal but did not receive was deleted (docs/sync.md).
    public var fullPass: Bool

    public init(changes: [RecordChange], cursor: String, hasMore: Bool, directoryVersion: Int, fullPass: Bool = false) {
        self.changes = changes
        self.cursor = cursor
        self.hasMore = hasMore
        self.directoryVersion = directoryVersion
        self.fullPass = fullPass
    }
}

/// The position in an account's change sequence, opaque to devices: `v1.<seq>`, or
/// `v1.full.<seq>` inside a full pass (which the portal never restarts).
public struct SyncCursor: Sendable, Equatable {
    public var seq: Int64
    public var fullPass: Bool

    public init(seq: Int64, fullPass: Bool = false) {
        self.seq = seq
        self.fullPass = fullPass
    }

    public var token: String { fullPass ? "v1.full.\(seq)" : "v1.\(seq)" }

    /// Reads a token; nil for anything the portal did not hand out. An empty token starts at 0.
    public init?(token: String) {
        if token.isEmpty {
            self.init(seq: 0)
            return
        }
        let fullPass = token.hasPrefix("v1.full.")
        let digits = token.dropFirst(fullPass ? 8 : 3)
        guard token.hasPrefix("v1."), digits.allSatisfy(\.isASCII), let seq = Int64(digits), seq >= 0 else {
            return nil
        }
        self.init(seq: seq, fullPass: fullPass)
    }
}

/// `POST /v1/accounts`.
public struct SignUpRequest: Codable, Sendable {
    public var email: String
    public var password: String
    public init(email: String, password: String) {
        self.email = email
        self.password = password
    }
}

/// `POST /v1/sessions`: signs in one device (the diary's replica id) of an account.
public struct SignInRequest: Codable, Sendable {
    public var email: String
    public var password: String
    public var deviceId: UUID
    public var deviceName: String
    public init(email: String, password: String, deviceId: UUID, deviceName: String) {
        self.email = email
        self.password = password
        self.deviceId = deviceId
        self.deviceName = deviceName
    }
}

/// A new bearer token; the portal keeps only its hash.
public struct SessionResponse: Codable, Sendable {
    public var token: String
    public var accountId: UUID
    public var deviceId: UUID
    public var expiresAt: Date
    /// The largest mutation id the portal has handled for this device: a diary whose own counter
    /// is below it was restored or copied and renumbers its queue before pushing.
    public var lastMutationId: Int64
    public init(token: String, accountId: UUID, deviceId: UUID, expiresAt: Date, lastMutationId: Int64) {
        self.token = token
        self.accountId = accountId
        self.deviceId = deviceId
        self.expiresAt = expiresAt
        self.lastMutationId = lastMutationId
    }
}

public struct AccountResponse: Codable, Sendable {
    public var accountId: UUID
    public var email: String
    public init(accountId: UUID, email: String) {
        self.accountId = accountId
        self.email = email
    }
}

/// `GET /v1/directories`: every entry (retired ones included) and the version they make up (T5).
public struct DirectoriesResponse: Codable, Sendable, Equatable {
    public var version: Int
    public var entries: [DirectoryEntry]
    /// For each retired entry that names one, its replacement: devices remap their records.
    public var replacements: [DirectoryReplacement]

    public init(version: Int, entries: [DirectoryEntry], replacements: [DirectoryReplacement]) {
        self.version = version
        self.entries = entries
        self.replacements = replacements
    }
}

/// A retired directory entry and the one that replaces it.
public struct DirectoryReplacement: Codable, Sendable, Equatable, Hashable {
    public var kind: DirectoryKind
    public var retiredId: String
    public var replacementId: String
    public init(kind: DirectoryKind, retiredId: String, replacementId: String) {
        self.kind = kind
        self.retiredId = retiredId
        self.replacementId = replacementId
    }
}

/// One overwritten version of a record, kept so that nothing a device sent is ever lost.
public struct HistoryEntry: Codable, Sendable, Equatable {
    public var kind: RecordKind
    public var id: UUID
    public var deleted: Bool
    public var modifiedAt: Int64
    public var fields: RecordFields?
    public var deviceId: UUID?
    /// When the portal set this version aside, milliseconds since 1970 UTC.
    public var archivedAt: Int64
    /// Why: `overwritten` by a later change, `superseded` on arrival by one already held, or
    /// `purged` (a tombstone past the horizon).
    public var reason: String
    /// The portal's number for this version; a device names it to restore it.
    public var seq: Int64?

    public init(
        kind: RecordKind, id: UUID, deleted: Bool, modifiedAt: Int64, fields: RecordFields?, deviceId: UUID?,
        archivedAt: Int64, reason: String, seq: Int64? = nil
    ) {
        self.kind = kind
        self.id = id
        self.deleted = deleted
        self.modifiedAt = modifiedAt
        self.fields = fields
        self.deviceId = deviceId
        self.archivedAt = archivedAt
        self.reason = reason
        self.seq = seq
    }
}

/// `GET /v1/history[?id=&before=&limit=]`: a page of versions, newest first.
public struct HistoryResponse: Codable, Sendable, Equatable {
    public var entries: [HistoryEntry]
    /// When more may follow: the `before` of the next page.
    public var nextBefore: Int64?
    public init(entries: [HistoryEntry], nextBefore: Int64? = nil) {
        self.entries = entries
        self.nextBefore = nextBefore
    }
}

/// Counting users (T12): registered accounts, devices, and accounts that synced recently.
public struct PortalStats: Codable, Sendable, Equatable {
    public var accounts: Int
    public var devices: Int
    public var activeLastDay: Int
    public var activeLast7Days: Int
    public var activeLast30Days: Int
    /// First downloads of the app from the App Store, from the imported sales reports.
    public var downloads: Int64
    /// Those of the last 30 days (by report day, UTC).
    public var downloadsLast30Days: Int64
    /// Downloads again by the same customers, and updates, from the same reports.
    public var redownloads: Int64
    public var updates: Int64
    /// The latest day a sales report was imported for (`YYYY-MM-DD`), nil before the first.
    public var lastSalesDay: String?

    public init(
        accounts: Int, devices: Int, activeLastDay: Int, activeLast7Days: Int, activeLast30Days: Int,
        downloads: Int64 = 0, downloadsLast30Days: Int64 = 0, redownloads: Int64 = 0, updates: Int64 = 0,
        lastSalesDay: String? = nil
    ) {
        self.accounts = accounts
        self.devices = devices
        self.activeLastDay = activeLastDay
        self.activeLast7Days = activeLast7Days
        self.activeLast30Days = activeLast30Days
        self.downloads = downloads
        self.downloadsLast30Days = downloadsLast30Days
        self.redownloads = redownloads
        self.updates = updates
        self.lastSalesDay = lastSalesDay
    }
}

/// Limits both sides agree on.
public enum SyncLimits {
    /// Mutations in one push.
    public static let mutationsPerPush = 500
    /// Changes in one pull page, at most.
    public static let changesPerPull = 1_000
    /// Columns in one record.
    public static let fieldsPerRecord = 64
    /// Characters (grapheme clusters) of one text field.
    public static let textFieldLength = 20_000
    /// Bytes of one push body.
    public static let pushBodyBytes = 8 << 20
}
