import Diagnostics
import FishingModel
import Foundation
import SQLiteDB

/// One angler's diary: the profile's own SQLite database with its spots, trips, catches, Trash,
/// sync outbox and a read-only replica of the directories (T2, T5, T15, T19, UI5).
///
/// What it stores is reached by area, each a small value over this one connection
/// (`diary.catches`, `diary.trips`, `diary.outbox`…; docs/architecture.md). Every write method
/// validates first — all problems at once, nothing saved if any — and then writes the object and
/// its outbox entry in one immediate transaction. The clock is injected; in the app and the CLI it
/// is the device's system clock (T11).
public final class Diary {
    public let profile: Profile
    public let fileURL: URL
    let database: Database
    let directory: DirectoryStore
    let now: @Sendable () -> Date
    /// Labels spots with their settlement, region and country offline (T10), when available.
    let placeLabeler: (any PlaceLabeling)?
    let log = Logger(category: "diary")
    /// Ids of live directory entries, per kind, for fast reference checks on bulk inserts; kept
    /// for one directory version (a sync or another connection may install a newer one).
    private var liveDirectoryIds: (version: Int, ids: [DirectoryKind: Set<String>]) = (-1, [:])

    /// Opens (creating and migrating if needed) the diary database at `fileURL` and refreshes its
    /// directory replica from the shared directory database, when one is given and newer.
    public init(
        profile: Profile, fileURL: URL, sharedDirectoryURL: URL?, placeLabeler: (any PlaceLabeling)? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        self.profile = profile
        self.fileURL = fileURL
        self.now = now
        self.placeLabeler = placeLabeler
        database = try Database(path: fileURL.path)
        directory = DirectoryStore(database: database, gate: try DirectoryWriteGate(database: database))
        // A migration that rebuilds the outbox drops its read-only trigger (T13): made again after.
        let wasReadOnly = try licence.isReadOnly()
        let applied = try DiaryMigrations.migrator.migrate(database)
        if !applied.isEmpty {
            log.info("diary schema migrated", ["versions": applied.map(String.init).joined(separator: ",")])
            if wasReadOnly { try licence.setReadOnly(true) }
        }
        if let sharedDirectoryURL { try directory.refresh(fromSharedAt: sharedDirectoryURL) }
        try database.transaction {
            try database.execute(
                "INSERT INTO diary_meta(key, value) VALUES ('replica_id', ?) ON CONFLICT(key) DO NOTHING",
                [SQLiteValue(UUID())])
        }
    }

    /// Another connection to this (already unlocked) diary, with the same profile, place labels
    /// and clock: for a ``DiaryQueue`` beside a program's own connection, as the command line
    /// makes one for its async work. The directories were refreshed when this one opened.
    public func openAnotherConnection() throws -> sending Diary {
        try Diary(profile: profile, fileURL: fileURL, sharedDirectoryURL: nil, placeLabeler: placeLabeler, now: now)
    }

    /// The id this diary uses as its "device" when it syncs: one per profile database.
    public func replicaId() throws -> UUID {
        let text = try database.scalar("SELECT value FROM diary_meta WHERE key = 'replica_id'").stringValue
        guard let text, let id = UUID(uuidString: text) else {
            throw StoreError.notFound(entity: "replica id", id: "-")
        }
        return id
    }

    // MARK: Health (T6)

    /// The schema version this build of the app creates and understands.
    public static var currentSchemaVersion: Int { DiaryMigrations.migrator.latestVersion }

    /// The schema version recorded in the database.
    public func schemaVersion() throws -> Int { try DiaryMigrations.migrator.appliedVersion(of: database) }

    /// `PRAGMA integrity_check`: "ok" when the file is sound.
    public func integrityCheck() throws -> String {
        try database.query("PRAGMA integrity_check").compactMap { $0[0].stringValue }.joined(separator: "; ")
    }

    // MARK: Directories (read-only, T5)

    /// The directory version this diary's replica holds.
    public func directoryVersion() throws -> Int { try directory.version() }

    /// Entries of a directory; `search` matches English, Russian and Latin names, ignoring case and
    /// diacritics (ё = е), anywhere in the name; retired entries are left out unless asked for.
    public func directoryEntries(_ kind: DirectoryKind, search: String? = nil, includeRetired: Bool = false) throws
        -> [DirectoryEntry]
    {
        DirectoryStore.matching(try directory.entries(kind, includeRetired: includeRetired), search)
    }

    /// The entry with this id, retired or not.
    public func directoryEntry(_ kind: DirectoryKind, id: String) throws -> DirectoryEntry? {
        try directory.entry(kind, id: id)
    }

    /// Turns what a person typed (an id, or a full English, Russian or Latin name) into an entry id.
    /// Returns the text unchanged when nothing matches, so validation reports it as unknown.
    public func resolveDirectoryReference(_ kind: DirectoryKind, _ text: String) throws -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if try directory.entry(kind, id: trimmed) != nil { return trimmed }
        let matches = try directory.entries(kind).filter { entry in
            entry.searchableNames.contains {
                $0.compare(trimmed, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame
            }
        }
        return matches.count == 1 ? matches[0].id : trimmed
    }

    /// An issue when `id` is not a live entry of `kind` (retired entries stay only on old records).
    func directoryIssue(_ kind: DirectoryKind, _ id: String?, field: String, previous: String? = nil) throws
        -> ValidationIssue?
    {
        guard let id, id != previous else { return nil }
        let version = try directory.version()
        if liveDirectoryIds.version != version { liveDirectoryIds = (version, [:]) }
        if liveDirectoryIds.ids[kind] == nil {
            liveDirectoryIds.ids[kind] = Set(try directory.entries(kind).map(\.id))
        }
        if liveDirectoryIds.ids[kind]!.contains(id) { return nil }
        let suggestions = try directoryEntries(kind, search: id).prefix(3).map { "\($0.nameEn) (\($0.id))" }
        var message = "is not in the \(kind.entryNoun) directory"
        if try directory.entry(kind, id: id)?.retired == true { message = "is a retired \(kind.entryNoun) entry" }
        if !suggestions.isEmpty { message += "; did you mean \(suggestions.joined(separator: ", "))?" }
        return ValidationIssue(field: field, value: id, message: message, rule: .directory)
    }

    // MARK: Ids

    /// Finds the object whose id is `text` or starts with it (at least 4 characters), live or trashed.
    public func resolveId(_ text: String, _ type: RecordKind) throws -> UUID {
        try resolveId(text, table: type.table, entity: type.rawValue)
    }

    /// Finds the row of `table` whose id is `text` or starts with it (at least 4 characters).
    func resolveId(_ text: String, table: String, entity: String) throws -> UUID {
        let prefix = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard prefix.count >= 4, prefix.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
            throw StoreError.notFound(entity: entity, id: text)
        }
        let rows = try database.query(
            "SELECT id FROM \(table) WHERE id >= ? AND id < ? LIMIT 2", [.text(prefix), .text(prefix + "\u{7F}")])
        guard rows.count == 1, let id = UUID(uuidString: try rows[0].text(0)) else {
            if rows.isEmpty { throw StoreError.notFound(entity: entity, id: text) }
            throw StoreError.ambiguousId(entity: entity, prefix: prefix, matches: rows.count)
        }
        return id
    }

    // MARK: Writing

    /// Records a pending change for sync in the current transaction (ARCHITECTURE "Sync" 1).
    ///
    /// One row per object: a later change replaces an earlier one and takes a new, larger mutation id
    /// (AUTOINCREMENT never reuses ids), so the outbox coalesces while the ids stay monotonic.
    /// A diary whose licence is over takes no local change (T13, docs/licensing.md): every local
    /// change passes here, and the outbox's read-only trigger (made by ``DiaryLicence/setReadOnly(_:)``)
    /// refuses it; the refusal is told as ``StoreError/readOnly``.
    func recordChange(_ type: RecordKind, _ id: UUID, _ operation: PendingChange.Operation, at time: Date) throws {
        do {
            try database.execute(
                "INSERT OR REPLACE INTO outbox(entity_type, entity_id, operation, changed_at) VALUES (?, ?, ?, ?)",
                [.text(type.rawValue), SQLiteValue(id), .text(operation.rawValue), SQLiteValue(time)])
        } catch let error as SQLiteError where error.isConstraintViolation {
            if try licence.isReadOnly() { throw StoreError.readOnly }
            throw error
        }
    }

    /// The current time on the device clock, rounded to the milliseconds the database keeps.
    public func currentTime() -> Date { Self.rounded(now()) }

    static func rounded(_ date: Date) -> Date {
        Date(timeIntervalSince1970: Double(DiaryTime.milliseconds(date)) / 1000)
    }
}

extension SQLiteValue {
    /// An id as the diary stores it: the canonical lowercase 36-character form.
    public init(_ value: UUID?) { self = value.map { .text($0.canonicalText) } ?? .null }
}

extension Row {
    /// Reads an id column; the store writes ids as 36-character lowercase UUID text.
    func uuid(_ index: Int) throws -> UUID {
        let text = try text(index)
        guard let id = UUID(canonicalText: text) else {
            throw SQLiteError(code: 0, message: "column \(columns.names[index]) holds \(text), not a UUID", sql: nil)
        }
        return id
    }

    func date(_ index: Int) throws -> Date { Date(timeIntervalSince1970: Double(try int64(index)) / 1000) }

    func optionalDate(_ index: Int) throws -> Date? {
        try optionalInt64(index).map { Date(timeIntervalSince1970: Double($0) / 1000) }
    }
}
