import Diagnostics
import DirectoryData
import FishingModel
import Foundation
import SQLiteDB
import SecureHashing

/// Everything the diary keeps on one device, under one folder (T2, T15):
///
///     device.sqlite           the anglers (profiles) on this device, their PIN hashes
///     directories.sqlite      the shared, read-only directory database (T5)
///     profiles/<id>/diary.sqlite, profiles/<id>/logs/   one diary per angler
///     profiles/<id>/media/    its photos and videos (T4; kept by `MediaLibrary`'s `MediaStore`)
///
/// Removing a profile is reversible for ``Profile/retentionDays`` days; after that its folder is
/// deleted the next time the storage is opened.
public final class DeviceStorage {
    public let root: URL
    let registry: Database
    let now: @Sendable () -> Date
    let placeLabeler: (any PlaceLabeling)?
    /// Argon2id for PINs: the platform's, or on iOS the one the app shell links.
    let pinHashing: (any PasswordHashing)?
    let log = Logger(category: "device")

    /// Wrong PINs allowed before the profile locks; each further wrong PIN doubles the lock.
    static let pinAttemptsBeforeLock = 5
    static let pinLockBaseSeconds = 30

    public var sharedDirectoryURL: URL { root.appendingPathComponent("directories.sqlite") }

    /// Opens (creating if needed) the storage at `root`, installs the bundled directories when they
    /// are newer than the shared copy, and purges profiles removed more than the retention period ago.
    public init(
        root: URL, placeLabeler: (any PlaceLabeling)? = nil, now: @escaping @Sendable () -> Date = { Date() },
        pinHashing: (any PasswordHashing)? = PasswordHash.platformDefault
    ) throws {
        self.root = root
        self.now = now
        self.pinHashing = pinHashing
        self.placeLabeler = placeLabeler
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("profiles"), withIntermediateDirectories: true)
        registry = try Database(path: root.appendingPathComponent("device.sqlite").path)
        try Self.migrator.migrate(registry)
        try installBundledDirectories()
        try purgeExpiredProfiles()
        sweepAbandonedRestores()
    }

    // MARK: Profiles

    /// Adds an angler. The name must be unique among the device's active profiles.
    @discardableResult
    public func addProfile(_ draft: ProfileDraft) throws -> Profile {
        let (profile, pinHash) = try newProfile(draft)
        try register(profile, pinHash: pinHash)
        _ = try openDiary(profile)
        log.info("profile added", ["profile": profile.id.uuidString.lowercased()])
        return profile
    }

    /// A profile of `draft`, checked (its name unique among the active profiles) and its PIN
    /// hashed, not yet stored.
    func newProfile(_ draft: ProfileDraft) throws -> (profile: Profile, pinHash: String?) {
        var issues = draft.issues()
        let name = draft.displayName?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if issues.isEmpty, try activeProfileRow(named: name) != nil {
            issues.append(
                ValidationIssue(
                    field: ProfileField.displayName, value: name,
                    message: "is already used by another profile on this device"))
        }
        if !issues.isEmpty { throw ValidationError(entity: "profile", issues: issues) }
        let pinHash = try draft.pin.map { pin in
            guard let pinHashing else { throw PasswordHashingFailure.notConfigured }
            return try pinHashing.make(pin)
        }
        let profile = Profile(
            id: UUID(), displayName: name, hasPin: pinHash != nil, units: draft.units, createdAt: Diary.rounded(now()))
        return (profile, pinHash)
    }

    /// Stores a new profile's row.
    func register(_ profile: Profile, pinHash: String?) throws {
        try registry.transaction {
            try registry.execute(
                "INSERT INTO profiles(id, display_name, name_key, pin_hash, units, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    SQLiteValue(profile.id), .text(profile.displayName), .text(Self.nameKey(profile.displayName)),
                    SQLiteValue(pinHash), .text(profile.units.rawValue), SQLiteValue(profile.createdAt),
                ])
        }
    }

    /// Active profiles, by name; with `includeRemoved`, also those still recoverable.
    public func profiles(includeRemoved: Bool = false) throws -> [Profile] {
        let filter = includeRemoved ? "" : "WHERE removed_at IS NULL"
        return try registry.query(
            "SELECT \(Self.profileColumns) FROM profiles \(filter) ORDER BY name_key, created_at", as: Self.profile)
    }

    /// The active profile with this name (case-insensitive).
    public func profile(named name: String) throws -> Profile {
        guard let row = try activeProfileRow(named: name) else {
            throw StoreError.notFound(entity: "profile", id: name)
        }
        return try Self.profile(row)
    }

    /// Opens an angler's diary, checking the PIN when the profile has one.
    public func openDiary(named name: String, pin: String?) throws -> sending Diary {
        let profile = try profile(named: name)
        try checkPin(profile, pin)
        return try openDiary(profile)
    }

    /// Marks a profile removed; `confirmation` must repeat its name exactly (UI5) and, for a
    /// profile protected by a PIN, `pin` must be that PIN, counted against the same lockout as
    /// opening it (issue 30 §2.6: typing a name must not remove another angler's fish). Its data
    /// stays on the device for ``Profile/retentionDays`` days and ``restoreProfile(named:)`` brings
    /// it back.
    public func removeProfile(named name: String, confirmation: String?, pin: String?) throws {
        let profile = try profile(named: name)
        guard confirmation == profile.displayName else {
            throw StoreError.confirmationMismatch(expected: profile.displayName)
        }
        try checkPin(profile, pin)
        try registry.transaction {
            try registry.execute(
                "UPDATE profiles SET removed_at = ? WHERE id = ?",
                [SQLiteValue(Diary.rounded(now())), SQLiteValue(profile.id)])
        }
        log.notice("profile removed", ["profile": profile.id.uuidString.lowercased()])
    }

    /// Brings back the most recently removed profile with this name, if no active one took its name.
    @discardableResult
    public func restoreProfile(named name: String) throws -> Profile {
        guard
            let row = try registry.queryFirst(
                "SELECT \(Self.profileColumns) FROM profiles WHERE name_key = ? AND removed_at IS NOT NULL ORDER BY removed_at DESC",
                [.text(Self.nameKey(name))])
        else { throw StoreError.notFound(entity: "removed profile", id: name) }
        if try activeProfileRow(named: name) != nil {
            throw StoreError.nameTaken(name)
        }
        var profile = try Self.profile(row)
        try registry.transaction {
            try registry.execute("UPDATE profiles SET removed_at = NULL WHERE id = ?", [SQLiteValue(profile.id)])
        }
        profile.removedAt = nil
        return profile
    }

    /// Entries of the device's shared directory database (no profile needed); `search` as in
    /// ``Diary/directoryEntries(_:search:includeRetired:)``.
    public func directoryEntries(_ kind: DirectoryKind, search: String? = nil, includeRetired: Bool = false) throws
        -> [DirectoryEntry]
    {
        let database = try Database(path: sharedDirectoryURL.path, mode: .readOnly)
        let store = DirectoryStore(database: database, gate: try DirectoryWriteGate(database: database))
        return DirectoryStore.matching(try store.entries(kind, includeRetired: includeRetired), search)
    }

    /// Takes a diary's directories into the device's shared copy when sync brought newer ones,
    /// so listings and the device's other profiles see them too (T5).
    public func adoptDirectories(from diary: Diary) throws {
        try Self.adoptDirectories(from: diary, into: sharedDirectoryURL)
    }

    /// ``adoptDirectories(from:)`` for a caller that holds only the shared copy's location (the
    /// app's sync, which uses the diary through a ``DiaryQueue``).
    public static func adoptDirectories(from diary: Diary, into sharedDirectoryURL: URL) throws {
        let database = try Database(path: sharedDirectoryURL.path)
        let shared = DirectoryStore(database: database, gate: try DirectoryWriteGate(database: database))
        let version = try diary.directoryVersion()
        guard version > (try shared.version()) else { return }
        var entries: [DirectoryKind: [DirectoryEntry]] = [:]
        for kind in DirectoryKind.allCases { entries[kind] = try diary.directoryEntries(kind, includeRetired: true) }
        try shared.install(entries, version: version)
        Logger(category: "device").info("directories adopted from sync", ["version": String(version)])
    }

    /// The folder holding one profile's diary and logs.
    public func folder(of profile: Profile) -> URL {
        root.appendingPathComponent("profiles").appendingPathComponent(profile.id.uuidString.lowercased())
    }

    // MARK: Internals

    func openDiary(_ profile: Profile) throws -> sending Diary {
        let folder = folder(of: profile)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try Diary(
            profile: profile, fileURL: folder.appendingPathComponent("diary.sqlite"),
            sharedDirectoryURL: sharedDirectoryURL, placeLabeler: placeLabeler, now: now)
    }

    private func checkPin(_ profile: Profile, _ pin: String?) throws {
        guard
            let row = try registry.queryFirst(
                "SELECT pin_hash, failed_pins, locked_until FROM profiles WHERE id = ?", [SQLiteValue(profile.id)]),
            let hash = try row.optionalText(0)
        else { return }
        let current = now()
        if let lockedUntil = try row.optionalDate(2), lockedUntil > current {
            throw StoreError.pinLocked(
                profile: profile.displayName, seconds: Int(lockedUntil.timeIntervalSince(current).rounded(.up)))
        }
        guard let pin else { throw StoreError.pinRequired(profile: profile.displayName) }
        if pinHashing?.verify(pin, against: hash) == true {
            try registry.transaction {
                try registry.execute(
                    "UPDATE profiles SET failed_pins = 0, locked_until = NULL WHERE id = ?", [SQLiteValue(profile.id)])
            }
            return
        }
        let failures = Int(try row.int64(1)) + 1
        let excess = failures - Self.pinAttemptsBeforeLock
        let lock: Date? =
            excess >= 0 ? current.addingTimeInterval(Double(Self.pinLockBaseSeconds << min(excess, 10))) : nil
        try registry.transaction {
            try registry.execute(
                "UPDATE profiles SET failed_pins = ?, locked_until = ? WHERE id = ?",
                [.integer(Int64(failures)), SQLiteValue(lock), SQLiteValue(profile.id)])
        }
        log.warning("wrong PIN", ["profile": profile.id.uuidString.lowercased(), "failures": String(failures)])
        throw StoreError.wrongPin(profile: profile.displayName)
    }

    private func installBundledDirectories() throws {
        let bundled = try BundledDirectories.load()
        let database = try Database(path: sharedDirectoryURL.path)
        try DirectoryMigrations.migrator.migrate(database)
        let store = DirectoryStore(database: database, gate: try DirectoryWriteGate(database: database))
        if try store.version() < bundled.version {
            try store.install(bundled.entries, version: bundled.version)
            log.info("directories installed", ["version": String(bundled.version)])
        }
    }

    private func purgeExpiredProfiles() throws {
        let horizon = now().addingTimeInterval(-Double(Profile.retentionDays) * 86_400)
        let expired = try registry.query(
            "SELECT \(Self.profileColumns) FROM profiles WHERE removed_at IS NOT NULL AND removed_at < ?",
            [SQLiteValue(horizon)], as: Self.profile)
        for profile in expired {
            try? FileManager.default.removeItem(at: folder(of: profile))
            try registry.transaction {
                try registry.execute("DELETE FROM profiles WHERE id = ?", [SQLiteValue(profile.id)])
            }
            log.notice("removed profile purged after retention", ["profile": profile.id.uuidString.lowercased()])
        }
    }

    private func activeProfileRow(named name: String) throws -> Row? {
        try registry.queryFirst(
            "SELECT \(Self.profileColumns) FROM profiles WHERE name_key = ? AND removed_at IS NULL",
            [.text(Self.nameKey(name))])
    }

    /// Names compare ignoring case and surrounding blanks ("Anna" and "anna " are one angler).
    static func nameKey(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }

    static let profileColumns = "id, display_name, pin_hash IS NOT NULL, units, created_at, removed_at"

    static func profile(_ row: Row) throws -> Profile {
        Profile(
            id: try row.uuid(0), displayName: try row.text(1), hasPin: try row.bool(2),
            units: Units(rawValue: try row.text(3)) ?? .metric, createdAt: try row.date(4),
            removedAt: try row.optionalDate(5))
    }

    /// The device's profiles database as shipped: literal text that never changes once released
    /// (issue 32 §2; `ShippedMigrationsTests`).
    static let migrator = Migrator([
        Migration(
            version: 1, name: "profiles",
            sql: #"""
                CREATE TABLE profiles (
                    id           TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
                    display_name TEXT NOT NULL CHECK (length(trim(display_name)) BETWEEN 1 AND 60),
                    name_key     TEXT NOT NULL,
                    pin_hash     TEXT CHECK (pin_hash IS NULL OR pin_hash LIKE '$argon2id$%'),
                    units        TEXT NOT NULL CHECK (units IN ('metric', 'imperial')),
                    created_at   INTEGER NOT NULL,
                    removed_at   INTEGER,
                    failed_pins  INTEGER NOT NULL DEFAULT 0 CHECK (failed_pins >= 0),
                    locked_until INTEGER
                ) WITHOUT ROWID;
                CREATE UNIQUE INDEX profiles_active_name ON profiles(name_key) WHERE removed_at IS NULL;
                """#)
    ])

}
