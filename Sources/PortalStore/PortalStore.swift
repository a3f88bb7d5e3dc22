import AppStoreReports
import FishingModel
import Foundation
@_exported import PortalViews
import SecureHashing
import SyncProtocol
import Synchronization

/// Who a valid bearer token belongs to.
public struct PortalPrincipal: Sendable, Equatable {
    public var accountId: UUID
    public var deviceId: UUID
    public var isAdmin: Bool
    public var tokenHash: String
}

/// The portal's accounts, devices, sessions, synced records and directories, over either
/// backend (T3, T5, T12), reached by area (`accounts`, `records`, `media`, `directories`,
/// `licences`, `attestation`, `diagnostics`, `diary`), each a small value over this store's one
/// connection and caches. Every method that touches user data takes the account it acts for and
/// reads or writes nothing of any other account.
public struct PortalStore: Sendable {
    public let database: any PortalDatabase
    /// The bytes of photos and videos.
    public let blobs: any MediaBlobStore
    /// How long a bearer token lives.
    public var sessionLifetime: TimeInterval = 30 * 86_400
    /// Media bytes an account may store unless its own `media_quota_bytes` says otherwise.
    public var mediaQuotaBytes: Int64 = 10 << 30
    /// How long versions set aside in the history are kept (``RecordStore/trimHistory()``); nil keeps them
    /// for ever.
    public var historyRetention: TimeInterval?
    /// How many days error reports, problem reports and per-day counts are kept (issue 18).
    public var diagnosticsRetentionDays = 90
    let clock: @Sendable () -> Date
    /// Hashes and checks the accounts' passwords: Argon2id at the phone's cost; the tests pass a
    /// cheaper cost, since the stored hash carries its own.
    let passwords: any PasswordHashing
    let lastActivity = ActivityLog()
    let sessions = SessionCache()
    let directoryNameCache = DirectoryNameCache()
    let diaryOutlineCache = DiaryOutlineCache()

    public init(
        database: any PortalDatabase, blobs: any MediaBlobStore, clock: @escaping @Sendable () -> Date = { Date() },
        passwords: any PasswordHashing = Argon2idPasswordHashing()
    ) {
        self.database = database
        self.blobs = blobs
        self.clock = clock
        self.passwords = passwords
    }

    var now: Int64 { PortalClock.milliseconds(clock()) }

    // MARK: Helpers

    /// The form every email is stored and compared in (also the sign-in rate limiter's key).
    public static func normalisedEmail(_ raw: String) throws(PortalStoreError) -> String {
        let email = raw.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard (3...254).contains(email.unicodeScalars.count), parts.count == 2, !parts[0].isEmpty,
            parts[1].contains("."), !email.contains(where: \.isWhitespace),
            !email.unicodeScalars.contains(where: isControl)
        else {
            throw .invalid(
                field: "email", message: "\"\(TextBounds.quotable(raw))\" is not an email address like name@example.org"
            )
        }
        return email
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
            || scalar.properties.generalCategory == .format
                && scalar.value != 0x200D
    }

    /// The SHA-256 of a token, the only form the portal stores.
    public static func tokenHash(_ token: String) -> String {
        SHA256Digest.hex(of: Data(token.utf8))
    }
}

/// When each device's activity was last written, so
/// ``AccountStore/recordActivity(account:device:)`` writes at most once a minute per device.
final class ActivityLog: Sendable {
    private let written = Mutex<[UUID: Int64]>([:])

    func shouldRecord(_ device: UUID, at now: Int64) -> Bool {
        written.withLock { written in
            if let last = written[device], now - last < 60_000, now >= last { return false }
            written[device] = now
            return true
        }
    }
}

/// Recently checked sessions, so an authenticated request usually needs no query for its token.
final class SessionCache: Sendable {
    /// How long a checked session is trusted without asking the database again, in milliseconds.
    static let lifetime: Int64 = 5_000
    private let entries = Mutex<[String: (principal: PortalPrincipal, validUntil: Int64)]>([:])

    func principal(for hash: String, at now: Int64) -> PortalPrincipal? {
        entries.withLock { entries in
            guard let entry = entries[hash] else { return nil }
            guard now < entry.validUntil else {
                entries[hash] = nil
                return nil
            }
            return entry.principal
        }
    }

    func remember(_ principal: PortalPrincipal, expiresAt: Int64, at now: Int64) {
        entries.withLock { entries in
            if entries.count > 100_000 { entries.removeAll() }
            entries[principal.tokenHash] = (principal, min(expiresAt, now + Self.lifetime))
        }
    }

    func forget(_ hash: String) {
        _ = entries.withLock { $0.removeValue(forKey: hash) }
    }
}
