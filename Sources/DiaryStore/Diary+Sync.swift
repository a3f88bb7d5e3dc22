import FishingModel
import Foundation
import SQLiteDB
import SyncProtocol

/// The portal account a diary syncs with (T3).
public struct SyncAccount: Sendable, Equatable {
    public var portalURL: String
    public var email: String
    public var accountId: UUID
    /// The bearer token; nil after sign-out or when the portal asked to sign in again.
    public var token: String?
    public var cursor: String
    public var directoryVersion: Int
    public var lastSyncAt: Date?
    /// The kinds of record the cursor has pulled (``SyncStore/coverPulls(of:)``).
    public var pulledKinds: Set<RecordKind>
}

/// A change the portal refused, kept visible until the angler fixes or deletes the record.
public struct SyncRejection: Sendable, Equatable {
    public var mutationId: Int64
    public var entityType: RecordKind
    public var entityId: UUID
    public var reason: String
    public var rejectedAt: Date
}

/// A pulled record that could not be applied yet (its parent has not arrived, or the diary's
/// rules refuse it), retried after every page.
public struct ParkedChange: Sendable, Equatable {
    public var entityType: RecordKind
    public var entityId: UUID
    public var problem: String
}

/// What applying a pull page did.
public struct PullOutcome: Sendable, Equatable {
    public var applied = 0
    /// Skipped because the device has its own pending change of the record (the device wins).
    public var keptLocal = 0
    public var parked = 0
}

/// The device side of sync (T3; docs/sync.md): what to push, what the portal answered, and
/// applying pulled pages without ever overwriting a pending local change.
extension Diary {
    /// Columns each record kind sends; Trash state (`deleted_at`, `trash_batch`) stays local.
    static let syncedColumns = Dictionary(uniqueKeysWithValues: RecordKind.allCases.map { ($0, $0.syncedColumns) })

    /// Directory references in records, remapped when the portal retires an entry.
    static let directoryReferences: [(RecordKind, String, DirectoryKind)] =
        Spot.columns.directoryReferences.map { (.spot, $0.column, $0.directory) }
        + Catch.columns.directoryReferences.map { (.catch, $0.column, $0.directory) }

    // MARK: Shared by push and pull

    func unpark(_ type: RecordKind, _ id: UUID) throws {
        try database.execute(
            "DELETE FROM sync_parked WHERE entity_type = ? AND entity_id = ?", [.text(type.rawValue), SQLiteValue(id)])
    }

    func hasPendingChange(_ type: RecordKind, _ id: UUID) throws -> Bool {
        try database.queryFirst(
            "SELECT 1 FROM outbox WHERE entity_type = ? AND entity_id = ?", [.text(type.rawValue), SQLiteValue(id)])
            != nil
    }

    func isLive(_ type: RecordKind, _ id: UUID) throws -> Bool {
        try database.queryFirst(
            "SELECT 1 FROM \(type.table) WHERE id = ? AND deleted_at IS NULL", [SQLiteValue(id)]) != nil
    }

    /// The portal version this device last had of a record (0 when none): a pulled change at or
    /// below it is this device's own push coming back.
    func serverSeq(_ type: RecordKind, _ id: UUID) throws -> Int64 {
        try database.scalar(
            "SELECT server_seq FROM sync_records WHERE entity_type = ? AND entity_id = ?",
            [.text(type.rawValue), SQLiteValue(id)]
        ).int64Value ?? 0
    }

    func setServerSeq(_ type: RecordKind, _ id: UUID, _ seq: Int64) throws {
        try database.execute(
            """
            INSERT INTO sync_records(entity_type, entity_id, server_seq) VALUES (?, ?, ?)
            ON CONFLICT (entity_type, entity_id) DO UPDATE SET server_seq = max(server_seq, excluded.server_seq)
            """, [.text(type.rawValue), SQLiteValue(id), .integer(seq)])
    }

    static func fieldValue(_ value: SQLiteValue) -> FieldValue {
        switch value {
        case .integer(let v): .integer(v)
        case .real(let v): .real(v)
        case .text(let v): .text(v)
        case .blob, .null: .null
        }
    }

    static func sqliteValue(_ value: FieldValue) -> SQLiteValue {
        switch value {
        case .null: .null
        case .integer(let v): .integer(v)
        case .real(let v): .real(v)
        case .text(let v): .text(v)
        }
    }
}
