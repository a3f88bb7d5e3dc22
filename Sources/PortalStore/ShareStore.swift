import FishingModel
import Foundation
import SecureHashing
import SyncProtocol

/// Links to shared catches (issue 34 §4; T9, T17): an angler makes one from a device, lists and
/// revokes them; anyone with the link sees the card and the photo until it expires or is revoked.
/// The store keeps the card the device made (its place already at the chosen precision, checked
/// here) and a photo the portal has stripped; it never reads the catch's record for a link.
public struct ShareStore: Sendable {
    let store: PortalStore

    /// What a link's token leads to.
    public enum Link: Sendable, Equatable {
        case live(SharedCatch, hasPhoto: Bool)
        /// Revoked, expired, or its account deleted: the page says the link is gone.
        case gone
    }

    /// Links an account may hold (revoked ones included until it deletes its account).
    public static let maximumPerAccount = 10_000
    /// Photos an account's links may hold at once (at most 1 MiB each); revoking a link, or its
    /// expiry, frees its photo.
    public static let maximumPhotos = 500
}

extension PortalStore {
    /// Links to shared catches.
    public var shares: ShareStore { ShareStore(store: self) }
}

extension ShareStore {
    /// Makes the link `request` describes, with `photo` (already stripped of metadata). The same
    /// request again answers with the same link; another card under the same id is refused.
    /// `path` makes a link's path from its token (the site's route).
    public func create(
        account: UUID, _ request: ShareRequest, photo: [UInt8]?, path: (String) -> String
    ) throws -> ShareSummary {
        if let (field, message) = request.card.problem {
            throw PortalStoreError.invalid(field: "card.\(field)", message: message)
        }
        if let photo, photo.count > ShareRequest.maximumPhotoBytes {
            throw PortalStoreError.invalid(
                field: "photo",
                message: "is \(photo.count) bytes; at most \(ShareRequest.maximumPhotoBytes) are allowed")
        }
        let now = store.now
        let expires = request.expiresAt.map { PortalClock.milliseconds($0) }
        if let expires, expires <= now || expires > now + Int64(ShareRequest.longestLife * 1000) {
            throw PortalStoreError.invalid(
                field: "expiresAt",
                message: "must be after now and at most \(Int(ShareRequest.longestLife / 86_400)) days ahead")
        }
        let card = try Self.text(of: request.card)
        let token = String(RandomToken.make().prefix(32))
        try store.database.write { sql in
            if let row = try sql.queryFirst(
                "SELECT catch_id, card FROM shares WHERE account_id = ? AND id = ?",
                [PortalValue(account), PortalValue(request.id)])
            {
                guard try row.uuid(0) == request.catchId, try row.text(1) == card else {
                    throw PortalStoreError.invalid(field: "id", message: "is already the id of another link")
                }
                return
            }
            let held = try sql.queryFirst(
                "SELECT COUNT(*), COUNT(photo) FROM shares WHERE account_id = ?", [PortalValue(account)])
            if try held?.int64(0) ?? 0 >= Int64(Self.maximumPerAccount) {
                throw PortalStoreError.invalid(
                    field: "id",
                    message: "the account holds \(Self.maximumPerAccount) links; revoke or delete some first")
            }
            if photo != nil, try held?.int64(1) ?? 0 >= Int64(Self.maximumPhotos) {
                throw PortalStoreError.invalid(
                    field: "photo",
                    message:
                        "the account's links hold \(Self.maximumPhotos) photos; withdraw some links or share without a photo"
                )
            }
            try sql.execute(
                """
                INSERT INTO shares(account_id, id, catch_id, token, card, photo, created_at, expires_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [
                    PortalValue(account), PortalValue(request.id), PortalValue(request.catchId), .text(token),
                    .text(card), PortalValue(photo.map { Data($0).base64EncodedString() }), .integer(now),
                    PortalValue(expires),
                ])
        }
        guard let made = try summaries(account: account, id: request.id, path: path).first else {
            throw PortalStoreError.corrupt("the link just made is missing")
        }
        return made
    }

    /// The account's links, the newest first.
    public func list(account: UUID, path: (String) -> String) throws -> [ShareSummary] {
        try summaries(account: account, id: nil, path: path)
    }

    /// Revokes a link: its page is gone at once and its photo is deleted. Revoking it again does
    /// nothing; throws `notFound` when the account has no such link.
    public func revoke(account: UUID, id: UUID) throws {
        try store.database.write { sql in
            let found = try sql.queryFirst(
                "SELECT revoked_at FROM shares WHERE account_id = ? AND id = ?",
                [PortalValue(account), PortalValue(id)])
            guard let found else { throw PortalStoreError.notFound("link \(id.uuidString.lowercased())") }
            guard try found.optionalInt64(0) == nil else { return }
            try sql.execute(
                "UPDATE shares SET revoked_at = ?, photo = NULL WHERE account_id = ? AND id = ?",
                [.integer(store.now), PortalValue(account), PortalValue(id)])
        }
    }

    /// Deletes the photos of links that have expired (the hourly upkeep); returns how many.
    @discardableResult
    public func deleteExpiredPhotos() throws -> Int {
        let now = store.now
        return try store.database.write { sql in
            try sql.execute(
                "UPDATE shares SET photo = NULL WHERE photo IS NOT NULL AND expires_at IS NOT NULL AND expires_at <= ?",
                [.integer(now)])
        }
    }

    /// What the link with `token` shows, or nil when no link has it.
    public func link(token: String) throws -> Link? {
        guard let row = try linkRow(token: token, column: "s.photo IS NOT NULL") else { return nil }
        guard try row.bool(1) else { return .gone }
        return .live(try Self.card(try row.text(0)), hasPhoto: try row.bool(2))
    }

    /// The photo of a live link, or nil.
    public func photo(token: String) throws -> [UInt8]? {
        guard let row = try linkRow(token: token, column: "s.photo"), try row.bool(1),
            let text = try row.optionalText(2)
        else { return nil }
        guard let bytes = Data(base64Encoded: text) else { throw PortalStoreError.corrupt("a shared photo") }
        return [UInt8](bytes)
    }

    // MARK: Internals

    /// The card, whether the link is live, and `column`, for a token of the right shape.
    private func linkRow(token: String, column: String) throws -> PortalRow? {
        guard token.utf8.count == 32,
            token.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
        else { return nil }
        let now = store.now
        return try store.database.read { sql in
            try sql.queryFirst(
                """
                SELECT s.card,
                    CASE WHEN s.revoked_at IS NULL AND (s.expires_at IS NULL OR s.expires_at > ?)
                        AND a.deleted_at IS NULL THEN 1 ELSE 0 END,
                    \(column)
                FROM shares s JOIN accounts a ON a.id = s.account_id WHERE s.token = ?
                """, [.integer(now), .text(token)])
        }
    }

    private func summaries(account: UUID, id: UUID?, path: (String) -> String) throws -> [ShareSummary] {
        try store.database.read { sql in
            try sql.query(
                """
                SELECT id, catch_id, token, card, photo IS NOT NULL, created_at, expires_at, revoked_at
                FROM shares WHERE account_id = ?\(id == nil ? "" : " AND id = ?") ORDER BY created_at DESC, id
                """, [PortalValue(account)] + (id.map { [PortalValue($0)] } ?? [])
            ).map { row in
                let card = try Self.card(try row.text(3))
                return ShareSummary(
                    id: try row.uuid(0), catchId: try row.uuid(1),
                    path: path(try row.text(2)), species: card.species, precision: card.precision,
                    hasPhoto: try row.bool(4), createdAt: PortalClock.date(try row.int64(5)),
                    expiresAt: try row.optionalInt64(6).map(PortalClock.date),
                    revokedAt: try row.optionalInt64(7).map(PortalClock.date))
            }
        }
    }

    static func text(of card: SharedCatch) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(card), as: UTF8.self)
    }

    static func card(_ text: String) throws -> SharedCatch {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode(SharedCatch.self, from: Data(text.utf8))
        } catch {
            throw PortalStoreError.corrupt("a shared card: \(error)")
        }
    }
}
