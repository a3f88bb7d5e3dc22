import Foundation
import SecureHashing
import StoreVerification

/// App Attest on the portal (T13, issue 17): one-time challenges, the attested key of each
/// device, and the counter of its assertions — moved only forward, by a compare-and-set, so a
/// replayed or rolled-back assertion never passes, not even two at once.
/// One area of the ``PortalStore``, sharing its connection.
public struct AttestationStore: Sendable {
    let store: PortalStore
}

extension PortalStore {
    /// App Attest keys, challenges and assertion counters.
    public var attestation: AttestationStore { AttestationStore(store: self) }
}

extension AttestationStore {
    /// How long a challenge may wait for its attestation.
    static let challengeLifetime: Int64 = 5 * 60_000
    /// Challenges one device may hold at once (older ones are dropped).
    static let challengesPerDevice = 5

    /// A new random challenge for `device` to attest its key with.
    public func issueChallenge(account: UUID, device: UUID) throws -> Data {
        let challenge = Data((0..<32).map { _ in UInt8.random(in: .min ... .max) })
        try storeChallenge(challenge, account: account, device: device)
        return challenge
    }

    /// Keeps `challenge` for `device` (tests give a fixture's), dropping expired ones and the
    /// device's oldest beyond ``challengesPerDevice``.
    public func storeChallenge(_ challenge: Data, account: UUID, device: UUID) throws {
        let now = store.now
        let (accountValue, deviceValue) = (PortalValue(account), PortalValue(device))
        try store.database.write { sql in
            try sql.execute("DELETE FROM attest_challenges WHERE expires_at <= ?", [.integer(now)])
            try sql.execute(
                """
                DELETE FROM attest_challenges WHERE account_id = ? AND device_id = ? AND challenge NOT IN (
                    SELECT challenge FROM attest_challenges WHERE account_id = ? AND device_id = ?
                    ORDER BY expires_at DESC LIMIT \(Self.challengesPerDevice - 1))
                """, [accountValue, deviceValue, accountValue, deviceValue])
            try sql.execute(
                "INSERT INTO attest_challenges(challenge, account_id, device_id, expires_at) VALUES (?, ?, ?, ?)",
                [
                    .text(MessageDigest.hex(Array(challenge))), accountValue, deviceValue,
                    .integer(now + Self.challengeLifetime),
                ])
        }
    }

    /// Stores the key `verify` attests, when `challenge` is one this portal gave `device` and has
    /// not expired; the challenge is used up either way, so it cannot be tried twice.
    public func attest(
        account: UUID, device: UUID, challenge: Data,
        verify: (Data) throws(StoreVerificationError) -> AttestedKey
    ) throws -> AttestedKey {
        let now = store.now
        let used = try store.database.write { sql in
            try sql.execute(
                "DELETE FROM attest_challenges WHERE challenge = ? AND account_id = ? AND device_id = ? AND expires_at > ?",
                [.text(MessageDigest.hex(Array(challenge))), PortalValue(account), PortalValue(device), .integer(now)])
        }
        guard used == 1 else {
            throw LicenceRefusal(
                .unknownChallenge, "the challenge is not one this portal gave this device, or it expired; ask again")
        }
        let key = try verify(challenge)
        try store.database.write { sql in
            try sql.execute(
                """
                INSERT INTO device_attestations(account_id, device_id, key_id, public_key, environment, counter,
                    attested_at) VALUES (?, ?, ?, ?, ?, 0, ?)
                ON CONFLICT (account_id, device_id) DO UPDATE SET key_id = excluded.key_id,
                    public_key = excluded.public_key, environment = excluded.environment, counter = 0,
                    attested_at = excluded.attested_at
                """,
                [
                    PortalValue(account), PortalValue(device), .text(key.keyId.base64EncodedString()),
                    .text(key.publicKey.base64EncodedString()), .text(key.environment), .integer(now),
                ])
            try store.licences.recordLicenceEvent(
                "attested", purchase: nil, account: account, device: device, detail: key.environment, now: now, sql)
        }
        return key
    }

    /// The attested key of `device` and its last accepted assertion counter; nil when it has none.
    public func attestedKey(account: UUID, device: UUID) throws -> (publicKey: Data, counter: UInt32)? {
        try store.database.read { sql in
            guard
                let row = try sql.queryFirst(
                    "SELECT public_key, counter FROM device_attestations WHERE account_id = ? AND device_id = ?",
                    [PortalValue(account), PortalValue(device)]),
                let key = Data(base64Encoded: try row.text(0))
            else { return nil }
            return (key, UInt32(clamping: try row.int64(1)))
        }
    }

    /// Moves the device's counter from `previous` to `counter`; false when another request moved
    /// it first (the same assertion sent twice at once).
    public func advanceAssertionCounter(account: UUID, device: UUID, from previous: UInt32, to counter: UInt32)
        throws -> Bool
    {
        try store.database.write { sql in
            try sql.execute(
                "UPDATE device_attestations SET counter = ? WHERE account_id = ? AND device_id = ? AND counter = ?",
                [.integer(Int64(counter)), PortalValue(account), PortalValue(device), .integer(Int64(previous))])
        } == 1
    }

    /// Records signals of tampering a device reported (never used against its data), each at
    /// most once an hour per device, so a device reporting in a loop cannot flood the history.
    public func recordTamperSignals(_ signals: [String], account: UUID, device: UUID) throws {
        guard !signals.isEmpty else { return }
        let now = store.now
        try store.database.write { sql in
            for signal in Set(signals).sorted() {
                let recent = try sql.queryFirst(
                    """
                    SELECT 1 FROM licence_events WHERE account_id = ? AND device_id = ? AND kind = 'signal'
                    AND detail = ? AND at > ?
                    """, [PortalValue(account), PortalValue(device), .text(signal), .integer(now - 3_600_000)])
                guard recent == nil else { continue }
                try store.licences.recordLicenceEvent(
                    "signal", purchase: nil, account: account, device: device, detail: signal, now: now, sql)
            }
        }
    }
}
