import FishingModel
import Foundation
import MediaMetadata
import SQLiteDB
import SyncProtocol

/// Bytes about to be stored, as an importer measured and read them (T4, T16, T17).
///
/// What the file says beyond the diary's ``Limits`` (an altitude of 4 000 km, a 0-pixel side, a
/// capture time in year 1600) is kept as unknown, as the metadata reader does for values outside
/// their format's range; coordinates are rounded to 1e-7° and the capture time to milliseconds;
/// the original name is trimmed to its last path component and ``Limits/mediaNameLength``
/// characters.
public struct MediaContent: Sendable, Equatable {
    public var sha256: String
    public var byteSize: Int64
    public var originalName: String
    public var metadata: MediaMetadata

    public init(sha256: String, byteSize: Int64, originalName: String, metadata: MediaMetadata) {
        self.sha256 = sha256
        self.byteSize = byteSize
        let name = (originalName as NSString).lastPathComponent.trimmingCharacters(in: .whitespacesAndNewlines)
        self.originalName = name.isEmpty ? "unnamed" : String(name.prefix(Limits.mediaNameLength))
        var m = metadata
        func within<T: Comparable>(_ value: T?, _ range: ClosedRange<T>) -> T? {
            value.flatMap { range ~= $0 ? $0 : nil }
        }
        m.capturedAt = within(m.capturedAt.map(Diary.rounded), Limits.mediaCaptureDates)
        m.captureUTCOffsetSeconds =
            m.capturedAt == nil ? nil : within(m.captureUTCOffsetSeconds, Limits.utcOffsetSeconds)
        if within(m.latitude, Limits.latitude) == nil || within(m.longitude, Limits.longitude) == nil {
            (m.latitude, m.longitude, m.altitude) = (nil, nil, nil)
        }
        // 1e-7° is about a centimetre: drops the noise of EXIF's degree-minute-second rationals.
        m.latitude = m.latitude.map { ($0 * 1e7).rounded() / 1e7 }
        m.longitude = m.longitude.map { ($0 * 1e7).rounded() / 1e7 }
        m.altitude = within(m.altitude, Limits.altitudeM)
        m.orientation = within(m.orientation, 1...8)
        m.pixelWidth = within(m.pixelWidth, Limits.pixelDimension)
        m.pixelHeight = within(m.pixelHeight, Limits.pixelDimension)
        m.durationSeconds = m.kind == .video ? within(m.durationSeconds, Limits.mediaDurationSeconds) : nil
        self.metadata = m
    }
}

/// What adding media did (T4): the stored asset, and whether its bytes were already there as a
/// live asset (`duplicate`), in which case that asset is returned and nothing new was stored.
public struct MediaAddition: Sendable, Equatable {
    public var asset: MediaAsset
    public var duplicate: Bool
}

/// Photos and videos in the diary's database (T4, T16, T17; docs/media.md). The bytes live in
/// files that the `MediaLibrary` module writes; these methods keep the rows, the links and the
/// outbox, and run the file steps that must share a transaction with them.
/// One area of the ``Diary``, sharing its connection.
public struct MediaAssetStore {
    let diary: Diary
}

extension Diary {
    /// The diary's photos and videos as records: adding, linking and reading them.
    public var media: MediaAssetStore { MediaAssetStore(diary: self) }
    static let mediaSQL = RecordSQL(MediaAsset.columns)
}

extension MediaAssetStore {
    /// Stores content as a new asset, or finds the live asset that already has these bytes, and
    /// links it to `target`, all in one immediate transaction.
    ///
    /// `placeContent` runs inside the transaction before any row is written: the importer moves
    /// the bytes into place there unless they already are (a duplicate whose file was lost gets
    /// it back), so another process sweeping unreferenced content, which takes the same write
    /// lock, never sees them without a row. If it or the insert fails, nothing is recorded.
    public func add(
        _ content: MediaContent, linkingTo target: MediaTarget?, placeContent: () throws -> Void
    ) throws -> MediaAddition {
        var issues: [ValidationIssue] = []
        if content.sha256.count != 64
            || !content.sha256.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        {
            issues.append(
                ValidationIssue(
                    field: MediaField.sha256, value: content.sha256, message: "is not 64 lowercase hex digits"))
        }
        if content.byteSize <= 0 {
            issues.append(
                ValidationIssue(field: MediaField.byteSize, value: String(content.byteSize), message: "must be above 0")
            )
        }
        if !issues.isEmpty { throw ValidationError(entity: "media", issues: issues) }
        return try diary.database.transaction {
            let time = diary.currentTime()
            if let target { try requireLive(target) }
            try placeContent()
            if let existing = try diary.database.queryFirst(
                "SELECT id FROM media_assets WHERE sha256 = ? AND deleted_at IS NULL ORDER BY created_at, id LIMIT 1",
                [.text(content.sha256)])
            {
                let id = try existing.uuid(0)
                if let target { try addLink(id, target, at: time) }
                return MediaAddition(asset: try self.asset(id), duplicate: true)
            }
            let id = UUID()
            let asset = MediaAsset(
                id: id, sha256: content.sha256, byteSize: content.byteSize, originalName: content.originalName,
                metadata: content.metadata, links: [], createdAt: time, updatedAt: time)
            try diary.insertRecord(Diary.mediaSQL, asset, id: id, at: time)
            if let target { try addLink(id, target, at: time) }
            diary.log.info("media stored", ["id": id.uuidString.lowercased(), "kind": asset.kind.rawValue])
            return MediaAddition(asset: try self.asset(id), duplicate: false)
        }
    }

    /// Links a live asset to another live spot, trip or catch (nothing happens if it already is).
    @discardableResult
    public func link(_ id: UUID, to target: MediaTarget) throws -> MediaAsset {
        try diary.database.transaction {
            let asset = try self.asset(id)
            if asset.deletedAt != nil {
                throw StoreError.inTrash(entity: asset.kind.rawValue, label: asset.originalName)
            }
            try requireLive(target)
            try addLink(id, target, at: diary.currentTime())
            return try self.asset(id)
        }
    }

    /// The asset with this id, live or in the Trash.
    public func asset(_ id: UUID) throws -> MediaAsset {
        var asset = try diary.fetchRecord(Diary.mediaSQL, id)
        asset.links = try links(id)
        return asset
    }

    /// Live assets, newest first: all of them, or those linked to `target` — for a trip with
    /// `withItsCatches`, those linked to its live catches too (its page's photos, issue 30 §3).
    public func assets(linkedTo target: MediaTarget? = nil, withItsCatches: Bool = false) throws -> [MediaAsset] {
        var sql = Diary.mediaSQL.select + " WHERE deleted_at IS NULL"
        var arguments: [SQLiteValue] = []
        if let target {
            sql += " AND id IN (SELECT asset_id FROM media_links WHERE entity_type = ? AND entity_id = ?"
            arguments = [.text(target.type.rawValue), SQLiteValue(target.id)]
            if withItsCatches && target.type == .trip {
                sql +=
                    " OR entity_type = ? AND entity_id IN (SELECT id FROM catches WHERE trip_id = ? AND deleted_at IS NULL)"
                arguments += [.text(RecordKind.catch.rawValue), SQLiteValue(target.id)]
            }
            sql += ")"
        }
        return try diary.database.readTransaction {
            try diary.database.query(sql + " ORDER BY created_at DESC, id", arguments, as: Diary.mediaSQL.record).map {
                asset in
                var asset = asset
                asset.links = try links(asset.id)
                return asset
            }
        }
    }

    /// Removes stored bytes that no asset row (live or in the Trash) refers to any more.
    ///
    /// For each SHA-256 in `candidates` that no row names, `remove` deletes its file, inside one
    /// immediate transaction: an import of the same bytes in another process waits for the
    /// write lock, so it either committed its row first (and the bytes stay) or finds them gone
    /// and puts its own copy in place. Returns how many were removed.
    @discardableResult
    public func removeUnreferencedContent(_ candidates: [String], remove: (String) throws -> Void) throws -> Int {
        try diary.database.transaction {
            var removed = 0
            for sha256 in candidates
            where try diary.database.queryFirst("SELECT 1 FROM media_assets WHERE sha256 = ?", [.text(sha256)]) == nil {
                try remove(sha256)
                removed += 1
            }
            return removed
        }
    }

    // MARK: Internals

    /// Live assets that should follow `leaving` into the Trash: linked to at least one of those
    /// objects, and to no other object that stays live.
    func leavingWith(_ leaving: [(RecordKind, [UUID])]) throws -> [UUID] {
        let leavingTargets = Set(leaving.flatMap { type, ids in ids.map { MediaTarget(type, $0) } })
        var candidates: Set<UUID> = []
        for target in leavingTargets {
            candidates.formUnion(
                try diary.database.query(
                    """
                    SELECT l.asset_id FROM media_links l JOIN media_assets a ON a.id = l.asset_id
                    WHERE l.entity_type = ? AND l.entity_id = ? AND a.deleted_at IS NULL
                    """, [.text(target.type.rawValue), SQLiteValue(target.id)]
                ) { try $0.uuid(0) })
        }
        return try candidates.sorted { $0.uuidString < $1.uuidString }.filter { asset in
            try links(asset).allSatisfy { link in
                try leavingTargets.contains(link) || !diary.isLive(link.type, link.id)
            }
        }
    }

    /// What the angler would recognise in the Trash: "photo IMG_0042.HEIC".
    static func mediaLabel(_ asset: MediaAsset) -> String { "\(asset.kind.rawValue) \(asset.originalName)" }

    private func links(_ id: UUID) throws -> [MediaTarget] {
        try diary.database.query(
            "SELECT entity_type, entity_id FROM media_links WHERE asset_id = ? ORDER BY created_at, entity_type, entity_id",
            [SQLiteValue(id)]
        ) { row in MediaTarget(RecordKind(rawValue: try row.text(0)) ?? .catch, try row.uuid(1)) }
    }

    private func addLink(_ id: UUID, _ target: MediaTarget, at time: Date) throws {
        try diary.database.execute(
            "INSERT OR IGNORE INTO media_links(asset_id, entity_type, entity_id, created_at) VALUES (?, ?, ?, ?)",
            [SQLiteValue(id), .text(target.type.rawValue), SQLiteValue(target.id), SQLiteValue(time)])
        // Links travel with the asset when media syncs: a new one is a change of the asset.
        if diary.database.changes > 0 { try diary.recordChange(.media, id, .upsert, at: time) }
    }

    /// Refuses a target that is not a live spot, trip or catch, in the angler's words.
    private func requireLive(_ target: MediaTarget) throws {
        let idText = target.id.uuidString.lowercased()
        guard target.type.holdsMedia else {
            throw StoreError.refused("a photo or video belongs to a spot, trip or catch, not to another photo or video")
        }
        guard
            let row = try diary.database.queryFirst(
                "SELECT deleted_at FROM \(target.type.table) WHERE id = ?", [SQLiteValue(target.id)])
        else { throw StoreError.notFound(entity: target.type.rawValue, id: idText) }
        if try row.optionalInt64(0) != nil {
            throw StoreError.inTrash(entity: target.type.rawValue, label: idText)
        }
    }
}
