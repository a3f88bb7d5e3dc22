import AppStoreReports
import Foundation
import SecureHashing
import SyncProtocol

/// Accounts, their passwords, devices and sessions (T12): signing up and in, the bearer tokens
/// every signed-in request carries, counting who is active, deleting and restoring an account.
/// One area of the ``PortalStore``, sharing its connection.
public struct AccountStore: Sendable {
    let store: PortalStore
}

extension PortalStore {
    /// Accounts, devices and sessions.
    public var accounts: AccountStore { AccountStore(store: self) }
}

extension AccountStore {

    /// Creates an account; the password is kept only as an Argon2id hash.
    @discardableResult
    public func signUp(email rawEmail: String, password: String, isAdmin: Bool = false) throws -> UUID {
        let email = try PortalStore.normalisedEmail(rawEmail)
        let hash = try passwordHash(password)
        let id = UUID()
        let now = store.now
        do {
            return try store.database.write { sql in
                guard try sql.queryFirst("SELECT id FROM accounts WHERE email = ?", [.text(email)]) == nil else {
                    throw PortalStoreError.emailTaken(email)
                }
                try sql.execute(
                    "INSERT INTO accounts(id, email, password_hash, is_admin, created_at) VALUES (?, ?, ?, ?, ?)",
                    [PortalValue(id), .text(email), .text(hash), PortalValue(isAdmin), .integer(now)])
                return id
            }
        } catch PortalStoreError.invalid(let field, let message) {
            // Two sign-ups for one email at the same moment: the loser hits the UNIQUE constraint.
            let exists = try store.database.read { sql in
                try sql.queryFirst("SELECT id FROM accounts WHERE email = ?", [.text(email)]) != nil
            }
            throw exists ? PortalStoreError.emailTaken(email) : PortalStoreError.invalid(field: field, message: message)
        }
    }

    /// Checks the password, registers (or renames) the device and opens a session.
    public func signIn(email rawEmail: String, password: String, deviceId: UUID, deviceName: String) throws
        -> SessionResponse
    {
        let email = try PortalStore.normalisedEmail(rawEmail)
        let name = deviceName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard (1...200).contains(name.unicodeScalars.count), !name.unicodeScalars.contains(where: PortalStore.isControl)
        else {
            throw PortalStoreError.invalid(
                field: "deviceName", message: "must be 1 to 200 characters long, without control characters")
        }
        let account = try store.database.read { sql in
            try sql.queryFirst("SELECT id, password_hash, deleted_at FROM accounts WHERE email = ?", [.text(email)])
        }
        guard let account, store.passwords.verify(password, against: try account.text(1)) else {
            throw PortalStoreError.wrongCredentials
        }
        if let deleted = try account.optionalInt64(2) {
            throw PortalStoreError.accountDeleted(
                restorableUntil: PortalClock.date(deleted + Int64(Self.accountRestoreWindow * 1000)))
        }
        let accountId = try account.uuid(0)
        let token = RandomToken.make()
        let now = store.now
        let expires = now + Int64(store.sessionLifetime * 1000)
        let lastMutationId = try store.database.write { sql in
            try sql.execute(
                """
                INSERT INTO devices(account_id, id, name, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (account_id, id) DO UPDATE SET name = excluded.name, last_seen_at = excluded.last_seen_at
                """, [PortalValue(accountId), PortalValue(deviceId), .text(name), .integer(now), .integer(now)])
            try sql.execute(
                "INSERT INTO sessions(token_hash, account_id, device_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                [
                    .text(PortalStore.tokenHash(token)), PortalValue(accountId), PortalValue(deviceId), .integer(now),
                    .integer(expires),
                ])
            return try sql.queryFirst(
                "SELECT last_mutation_id FROM devices WHERE account_id = ? AND id = ?",
                [PortalValue(accountId), PortalValue(deviceId)]
            )?.int64(0) ?? 0
        }
        return SessionResponse(
            token: token, accountId: accountId, deviceId: deviceId,
            expiresAt: PortalClock.date(expires), lastMutationId: lastMutationId)
    }

    /// The account and device of a live (not expired, not revoked) token; nil otherwise.
    ///
    /// A valid session is remembered for ``SessionCache/lifetime`` so busy devices do not cost a
    /// query per request; revoking through this store forgets it at once (another portal process
    /// sharing the database notices a revocation within that lifetime).
    public func principal(forToken token: String) throws -> PortalPrincipal? {
        guard token.count == 64, token.allSatisfy(\.isHexDigit) else { return nil }
        let hash = PortalStore.tokenHash(token)
        let now = store.now
        if let cached = store.sessions.principal(for: hash, at: now) { return cached }
        let row = try store.database.read { sql in
            try sql.queryFirst(
                """
                SELECT s.account_id, s.device_id, a.is_admin, s.expires_at FROM sessions s
                JOIN accounts a ON a.id = s.account_id
                WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ?
                """, [.text(hash), .integer(now)])
        }
        guard let row else { return nil }
        let principal = PortalPrincipal(
            accountId: try row.uuid(0), deviceId: try row.uuid(1), isAdmin: try row.bool(2), tokenHash: hash)
        store.sessions.remember(principal, expiresAt: try row.int64(3), at: now)
        return principal
    }

    /// Revokes one session (sign-out); the token stops working at once.
    public func revoke(tokenHash: String) throws {
        let now = store.now
        store.sessions.forget(tokenHash)
        _ = try store.database.write { sql in
            try sql.execute(
                "UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL",
                [.integer(now), .text(tokenHash)])
        }
        // Again after the commit: a request checking the token meanwhile may have cached it.
        store.sessions.forget(tokenHash)
    }

    /// The account's email, for `GET /v1/accounts/me`.
    public func account(_ id: UUID) throws -> AccountResponse {
        let row = try store.database.read { sql in
            try sql.queryFirst("SELECT email FROM accounts WHERE id = ?", [PortalValue(id)])
        }
        guard let row else { throw PortalStoreError.unknownAccount }
        return AccountResponse(accountId: id, email: try row.text(0))
    }

    /// Makes an existing account an administrator (`admin create-admin` on an existing email).
    public func grantAdmin(email rawEmail: String) throws {
        let email = try PortalStore.normalisedEmail(rawEmail)
        let changed = try store.database.write { sql in
            try sql.execute("UPDATE accounts SET is_admin = 1 WHERE email = ?", [.text(email)])
        }
        guard changed == 1 else { throw PortalStoreError.unknownAccount }
    }

    // MARK: Counting users (T12)

    /// Notes that a device of an account synced now (a pull), writing at most once a minute per
    /// device so that pulls with nothing new stay reads.
    public func recordActivity(account: UUID, device: UUID) throws {
        let now = store.now
        guard store.lastActivity.shouldRecord(device, at: now) else { return }
        _ = try store.database.write { sql in
            try sql.execute(
                "UPDATE accounts SET last_sync_at = ? WHERE id = ? AND (last_sync_at IS NULL OR last_sync_at < ?)",
                [.integer(now), PortalValue(account), .integer(now)])
            try sql.execute(
                "UPDATE devices SET last_seen_at = ? WHERE account_id = ? AND id = ? AND last_seen_at < ?",
                [.integer(now), PortalValue(account), PortalValue(device), .integer(now)])
        }
    }

    /// The Argon2id hash of a new password, once it is 8 to 1024 characters and at most 4096
    /// bytes of UTF-8 (`field` names it in the refusal).
    func passwordHash(_ password: String, field: String = "password") throws -> String {
        guard password.utf8.count <= 4 * 1_024, (8...1_024).contains(password.count) else {
            throw PortalStoreError.invalid(
                field: field,
                message: "must be 8 to 1024 characters long and at most 4096 bytes of UTF-8 "
                    + "(got \(password.count) characters, \(password.utf8.count) bytes)")
        }
        return try store.passwords.make(password)
    }

    /// How many accounts and devices there are, how many synced lately, and the App Store's units.
    public func stats() throws -> PortalStats {
        let now = store.now
        let day: Int64 = 86_400_000
        return try store.database.read { sql in
            func count(_ query: String, _ arguments: [PortalValue] = []) throws -> Int {
                Int(try sql.queryFirst(query, arguments)?.int64(0) ?? 0)
            }
            func units(_ kind: SalesUnitKind, since: String = "") throws -> Int64 {
                try sql.queryFirst(
                    "SELECT COALESCE(SUM(units), 0) FROM app_store_units WHERE kind = ? AND day >= ?",
                    [.text(kind.rawValue), .text(since)])?.int64(0) ?? 0
            }
            let active = "SELECT COUNT(*) FROM accounts WHERE last_sync_at >= ?"
            return PortalStats(
                accounts: try count("SELECT COUNT(*) FROM accounts"),
                devices: try count("SELECT COUNT(*) FROM devices"),
                activeLastDay: try count(active, [.integer(now - day)]),
                activeLast7Days: try count(active, [.integer(now - 7 * day)]),
                activeLast30Days: try count(active, [.integer(now - 30 * day)]),
                downloads: try units(.download),
                downloadsLast30Days: try units(
                    .download, since: LicenceStore.utcDay(PortalClock.date(now - 30 * day))),
                redownloads: try units(.redownload), updates: try units(.update),
                lastSalesDay: try sql.queryFirst("SELECT MAX(day) FROM app_store_units", [])?.optionalText(0))
        }
    }
}
