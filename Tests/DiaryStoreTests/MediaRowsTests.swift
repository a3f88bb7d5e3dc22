import FishingModel
import Foundation
import MediaMetadata
import SQLiteDB
import SyncProtocol
import Testing

@testable import DiaryStore

/// Photo and video rows (T4): the schema's rules, links, the Trash and the outbox. The bytes are
/// the MediaLibrary's business; here `placeContent` does nothing.
@Suite("Media rows in the diary (T4, UI5)")
struct MediaRowsTests {
    static let photo = MediaMetadata(
        format: .jpeg, capturedAt: Date(timeIntervalSince1970: 1_717_212_615), captureUTCOffsetSeconds: 10_800,
        latitude: 59.9386, longitude: 30.3141, altitude: 12.3, orientation: 6, pixelWidth: 24, pixelHeight: 16)

    static func content(_ fill: Character = "a", metadata: MediaMetadata = photo) -> MediaContent {
        MediaContent(
            sha256: String(repeating: fill, count: 64), byteSize: 1044, originalName: "IMG_0042.JPG",
            metadata: metadata)
    }

    func add(_ f: DiaryFixture, _ fill: Character = "a", to target: MediaTarget? = nil) throws -> MediaAsset {
        try f.diary.media.add(Self.content(fill), linkingTo: target) {}.asset
    }

    func raw(_ f: DiaryFixture) throws -> Database { try Database(path: f.diary.fileURL.path) }

    @Test(
        "Given raw SQL, when a media row breaks a rule, then the database refuses it (and the same row without the break is accepted)",
        arguments: [
            ("original_name", "'fine.jpg'"), ("sha256", "'abc'"), ("sha256", "upper(hex(randomblob(32)))"),
            ("kind", "'video'"), ("format", "'gif'"), ("byte_size", "0"), ("original_name", "' '"),
            ("latitude", "NULL"), ("latitude", "91"), ("altitude", "1e6"), ("orientation", "9"), ("width", "0"),
            ("duration_s", "3"), ("capture_utc_offset_s", "999999"), ("created_at", "NULL"),
        ])
    func rowRules(column: String, value: String) throws {
        let f = try DiaryFixture()
        var columns: [String: String] = [
            "id": "'\(UUID().uuidString.lowercased())'", "sha256": "lower(hex(randomblob(32)))", "kind": "'photo'",
            "format": "'jpeg'", "byte_size": "10", "original_name": "'a.jpg'", "latitude": "1", "longitude": "2",
            "created_at": "0", "updated_at": "0",
        ]
        columns[column] = value
        let sql =
            "INSERT INTO media_assets(\(columns.keys.joined(separator: ","))) VALUES (\(columns.values.joined(separator: ",")))"
        if value == "'fine.jpg'" {
            try raw(f).execute(sql)
            return
        }
        let error = #expect(throws: SQLiteError.self) { try raw(f).execute(sql) }
        #expect(error?.isConstraintViolation == true)
    }

    @Test(
        "Given a stored photo, when raw SQL changes its bytes' description or deletes it outright, then the database refuses"
    )
    func immutable() throws {
        let f = try DiaryFixture()
        let asset = try add(f)
        let db = try raw(f)
        for assignment in ["sha256 = '\(String(repeating: "b", count: 64))'", "byte_size = 1", "captured_at = 0"] {
            let error = #expect(throws: SQLiteError.self) {
                try db.execute("UPDATE media_assets SET \(assignment) WHERE id = ?", [SQLiteValue(asset.id)])
            }
            #expect(error?.message.contains("never changes") == true)
        }
        #expect(throws: SQLiteError.self) {
            try db.execute("DELETE FROM media_assets WHERE id = ?", [SQLiteValue(asset.id)])
        }
        #expect(try f.diary.media.asset(asset.id) == asset)
    }

    @Test("Given raw SQL, when a link points at a missing or trashed object or is rewritten, then it is refused")
    func linkRules() throws {
        let f = try DiaryFixture()
        let asset = try add(f)
        let item = try f.diary.catches.add(f.catchDraft())
        let db = try raw(f)
        let insert = "INSERT INTO media_links(asset_id, entity_type, entity_id, created_at) VALUES (?, ?, ?, 0)"
        #expect(throws: SQLiteError.self) {
            try db.execute(insert, [SQLiteValue(asset.id), "catch", SQLiteValue(UUID())])
        }
        #expect(throws: SQLiteError.self) {
            try db.execute(insert, [SQLiteValue(asset.id), "media", SQLiteValue(asset.id)])
        }
        try db.execute(insert, [SQLiteValue(asset.id), "catch", SQLiteValue(item.id)])
        #expect(throws: SQLiteError.self) { try db.execute("UPDATE media_links SET entity_type = 'trip'") }
        try f.diary.trash.put(.trip, f.trip.id)
        let error = #expect(throws: SQLiteError.self) {
            try db.execute(insert, [SQLiteValue(asset.id), "spot", SQLiteValue(f.spot.id)])
        }
        #expect(error?.message.contains("the photo or video is in the Trash") == true)
    }

    @Test(
        "Given identical bytes added twice with two targets, when listed, then one asset holds both links and the second add says duplicate"
    )
    func duplicateLinks() throws {
        let f = try DiaryFixture()
        let item = try f.diary.catches.add(f.catchDraft())
        let first = try f.diary.media.add(Self.content(), linkingTo: MediaTarget(.catch, item.id)) {}
        var placed = 0
        let second = try f.diary.media.add(Self.content(), linkingTo: MediaTarget(.spot, f.spot.id)) { placed += 1 }
        #expect(!first.duplicate && second.duplicate)
        #expect(placed == 1, "placing runs for a duplicate too, so lost bytes come back")
        #expect(second.asset.id == first.asset.id)
        #expect(second.asset.links == [MediaTarget(.catch, item.id), MediaTarget(.spot, f.spot.id)])
        #expect(try f.diary.media.assets().map(\.id) == [first.asset.id])
        #expect(try f.diary.media.assets(linkedTo: MediaTarget(.spot, f.spot.id)).map(\.id) == [first.asset.id])
        #expect(try f.diary.media.assets(linkedTo: MediaTarget(.trip, f.trip.id)).isEmpty)
        let pending = try f.diary.outbox.pending().filter { $0.entityType == .media }
        #expect(pending.map(\.entityId) == [first.asset.id])
    }

    @Test("Given a failing placement or a trashed target, when media is added, then nothing is recorded")
    func atomicAdd() throws {
        let f = try DiaryFixture()
        struct DiskFull: Error {}
        #expect(throws: DiskFull.self) { try f.diary.media.add(Self.content(), linkingTo: nil) { throw DiskFull() } }
        try f.diary.trash.put(.spot, f.spot.id)
        let error = #expect(throws: StoreError.self) {
            try f.diary.media.add(Self.content(), linkingTo: MediaTarget(.spot, f.spot.id)) {}
        }
        #expect(error?.description.contains("is in the Trash") == true)
        #expect(try f.diary.media.assets().isEmpty)
        #expect(try f.diary.outbox.pending().allSatisfy { $0.entityType != .media })
    }

    @Test(
        "Given metadata beyond the diary's limits, when stored, then those fields are kept as unknown and the rest as read"
    )
    func outOfRangeMetadata() throws {
        let f = try DiaryFixture()
        var odd = Self.photo
        odd.altitude = 4_000_000
        odd.pixelWidth = 0
        odd.latitude = 59.938_599_999_999_994
        odd.capturedAt = Date(timeIntervalSince1970: -9_000_000_000)
        let asset = try f.diary.media.add(Self.content(metadata: odd), linkingTo: nil) {}.asset
        #expect(asset.metadata.altitude == nil && asset.metadata.pixelWidth == nil)
        #expect(asset.metadata.capturedAt == nil && asset.metadata.captureUTCOffsetSeconds == nil)
        #expect(asset.metadata.latitude == 59.9386 && asset.metadata.pixelHeight == 16)
        let noLongitude = MediaMetadata(format: .mp4, latitude: 10, longitude: 200, altitude: 5, durationSeconds: -1)
        let video = try f.diary.media.add(Self.content("b", metadata: noLongitude), linkingTo: nil) {}.asset
        #expect(video.metadata == MediaMetadata(format: .mp4))
    }

    @Test(
        "Given a catch with its own photo and one shared with the spot, when the catch goes to the Trash, then only its own photo goes with it and comes back with it"
    )
    func trashCascade() throws {
        let f = try DiaryFixture()
        let item = try f.diary.catches.add(f.catchDraft())
        let own = try add(f, "a", to: MediaTarget(.catch, item.id))
        let shared = try add(f, "b", to: MediaTarget(.catch, item.id))
        try f.diary.media.link(shared.id, to: MediaTarget(.spot, f.spot.id))
        let entry = try f.diary.trash.put(.catch, item.id)
        #expect(entry.itemCount == 2)
        #expect(try f.diary.media.asset(own.id).deletedAt != nil)
        #expect(try f.diary.media.assets().map(\.id) == [shared.id])
        try f.diary.trash.restore(item.id)
        #expect(Set(try f.diary.media.assets().map(\.id)) == [own.id, shared.id])
        #expect(try f.diary.outbox.pending().first { $0.entityId == own.id }?.operation == .upsert)
    }

    @Test(
        "Given a photo deleted on its own, when the Trash is emptied, then its row and links go and objects it belonged to stay"
    )
    func emptyTrash() throws {
        let f = try DiaryFixture()
        let item = try f.diary.catches.add(f.catchDraft())
        let photo = try add(f, "a", to: MediaTarget(.catch, item.id))
        let kept = try add(f, "b", to: MediaTarget(.catch, item.id))
        try f.diary.media.link(kept.id, to: MediaTarget(.trip, f.trip.id))
        let entry = try f.diary.trash.put(.media, photo.id)
        #expect(entry.label == "photo IMG_0042.JPG" && entry.itemCount == 1)
        let again = #expect(throws: StoreError.self) { try f.diary.trash.put(.media, photo.id) }
        #expect(again?.description.contains("already in the Trash") == true)
        #expect(throws: StoreError.self) { try f.diary.media.link(photo.id, to: MediaTarget(.spot, f.spot.id)) }
        try f.diary.trash.put(.catch, item.id)
        #expect(try f.diary.trash.empty() == 2)
        #expect(throws: StoreError.self) { try f.diary.media.asset(photo.id) }
        #expect(try f.diary.media.asset(kept.id).links == [MediaTarget(.trip, f.trip.id)])
        #expect(try raw(f).scalar("SELECT count(*) FROM media_links") == .integer(1))
    }

    @Test(
        "Given bytes in the Trash and live under another asset, when unreferenced content is released, then only bytes no row names go"
    )
    func releaseContent() throws {
        let f = try DiaryFixture()
        let trashed = try add(f, "a")
        try f.diary.trash.put(.media, trashed.id)
        _ = try add(f, "b")
        var removed: [String] = []
        let candidates = ["a", "b", "c"].map { String(repeating: $0, count: 64) }
        #expect(try f.diary.media.removeUnreferencedContent(candidates) { removed.append($0) } == 1)
        #expect(removed == [candidates[2]], "a trashed row still refers to its bytes")
    }

    @Test(
        "Given a linked photo, when sync builds a push, then it travels with its columns and links; deleted, it travels as a delete"
    )
    func mediaTravels() throws {
        let f = try DiaryFixture()
        let photo = try add(f)
        let outgoing = try #require(try f.diary.outbox.outgoingMutations(limit: 100).first { $0.id == photo.id })
        #expect(outgoing.kind == .media)
        #expect(outgoing.fields?["sha256"] == .text(photo.sha256))
        #expect(
            outgoing.fields?["links"]
                == .text(
                    photo.links.map { "\($0.type.rawValue):\($0.id.uuidString.lowercased())" }.joined(separator: ",")))
        try f.diary.trash.put(.media, photo.id)
        let deleted = try #require(try f.diary.outbox.outgoingMutations(limit: 100).first { $0.id == photo.id })
        #expect(deleted.operation == .delete && deleted.fields == nil)
        _ = try f.diary.sync.applyPulled(PullResponse(changes: [], cursor: "v1.0", hasMore: false, directoryVersion: 1))
        #expect(try f.diary.trash.entries().map(\.id) == [photo.id], "a pull keeps the Trash batches of photos")
    }

    @Test(
        "Given a version-5 diary with a trashed catch and a drained outbox, when it migrates to the latest version, then the Trash entry restores and mutation ids keep rising"
    )
    func migrationKeepsTrashAndCounter() throws {
        let f = try DiaryFixture()
        let url = f.diary.fileURL.deletingLastPathComponent().appendingPathComponent("v5.sqlite")
        let old = try Database(path: url.path)
        let gate = try DirectoryWriteGate(database: old)
        try DiaryMigrations.migrator.migrate(old, upTo: 5)
        try DirectoryStore(database: old, gate: gate).install(
            [.species: [try #require(try f.diary.directoryEntry(.species, id: "esox-lucius"))]], version: 1)
        let spot = UUID()
        let trip = UUID()
        let item = UUID()
        let batch = UUID().uuidString.lowercased()
        try old.executeScript(
            """
            INSERT INTO spots(id, name, latitude, longitude, created_at, updated_at) VALUES ('\(spot.uuidString.lowercased())', 'Old', 1, 2, 0, 0);
            INSERT INTO trips(id, spot_id, start_at, utc_offset_s, created_at, updated_at) VALUES ('\(trip.uuidString.lowercased())', '\(spot.uuidString.lowercased())', 0, 0, 0, 0);
            INSERT INTO catches(id, trip_id, species_id, caught_at, utc_offset_s, local_time, created_at, updated_at)
            VALUES ('\(item.uuidString.lowercased())', '\(trip.uuidString.lowercased())', 'esox-lucius', 60000, 0, 197001010001, 0, 0);
            INSERT INTO trash(batch_id, entity_type, entity_id, label, item_count, deleted_at) VALUES ('\(batch)', 'catch', '\(item.uuidString.lowercased())', 'Pike', 1, 5);
            UPDATE catches SET deleted_at = 5, trash_batch = '\(batch)';
            INSERT INTO outbox(entity_type, entity_id, operation, changed_at) VALUES ('spot', 'x', 'upsert', 0), ('trip', 'y', 'upsert', 0);
            DELETE FROM outbox;
            """)
        let diary = try Diary(profile: f.diary.profile, fileURL: url, sharedDirectoryURL: nil)
        #expect(try diary.schemaVersion() == DiaryMigrations.migrator.latestVersion)
        #expect(try old.query("PRAGMA foreign_key_check").isEmpty)
        #expect(try diary.trash.entries().map(\.id) == [item])
        try diary.trash.restore(item)
        #expect(try diary.outbox.pending().map(\.mutationId) == [3], "ids 1 and 2 were used before the migration")
    }
}
