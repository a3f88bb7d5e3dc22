import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import PortalStore
import SecureHashing
import SyncClient
import TestSupport
import Testing

/// Giving back the space of deleted photos and videos (T4; docs/portal.md "Collecting content"):
/// the quota at once, the bytes after the grace period, never bytes a live record still names.
@Suite("Collecting media content nobody names", .timeLimit(.minutes(2)))
struct MediaCollectionTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MediaMetadataTests/Fixtures")

    /// A device's media store, importer and sync with its content folder.
    struct MediaDevice {
        let device: TestDevice
        let store: MediaStore

        init(_ device: TestDevice) throws {
            self.device = device
            store = try MediaStore(diary: device.diary)
        }

        func importPhoto(_ name: String) throws -> MediaAsset {
            try MediaImporter(store: store).importMedia(MediaSource(url: fixtures.appendingPathComponent(name))).asset
        }

        @discardableResult
        func sync() async throws -> SyncReport {
            let root = store.root
            return try await device.sync.sync(device.queue, contentURL: { MediaStore.contentURL(root, $0) })
        }
    }

    @Test(
        "Given a photo deleted on the phone, when it syncs, then its quota comes back at once, its bytes stay for a restore, and go after 90 days; a restore after that uploads them again",
        arguments: Backend.available)
    func deletedPhotoLifecycle(backend: Backend) async throws {
        let first = try PortalHarness(backend)
        let pike = try Data(contentsOf: Self.fixtures.appendingPathComponent("photo_exif_full.jpg"))
        let perch = try Data(contentsOf: Self.fixtures.appendingPathComponent("photo_south_west_below_sea.jpg"))
        var limited = first.store
        limited.mediaQuotaBytes = Int64(max(pike.count, perch.count) + 100)
        let portal = try PortalHarness(sharing: first, store: limited)
        let (phoneDevice, tabletDevice) = try await portal.phoneAndTablet()
        let phone = try MediaDevice(phoneDevice)
        let tablet = try MediaDevice(tabletDevice)
        let account = try #require(try phone.device.diary.sync.account()).accountId

        let pikePhoto = try phone.importPhoto("photo_exif_full.jpg")
        #expect(try await phone.sync().mediaUploaded == 1)
        let perchPhoto = try tablet.importPhoto("photo_south_west_below_sea.jpg")
        #expect(try await tablet.sync().mediaWaiting == 1, "over the quota while the pike photo is live")
        #expect(try portal.store.media.size(account: account, sha256: perchPhoto.sha256) == nil)

        try phone.device.diary.trash.put(.media, pikePhoto.id)
        try await phone.sync()
        #expect(try await tablet.sync().mediaWaiting == 0, "deleting the pike photo gave its quota back at once")
        #expect(try portal.store.media.size(account: account, sha256: perchPhoto.sha256) == Int64(perch.count))

        let early = try portal.store.media.collect()
        #expect(early.collected == 0)
        #expect(try portal.store.media.size(account: account, sha256: pikePhoto.sha256) == Int64(pike.count))

        // A restore within the grace period offers the bytes again; the portal still holds them.
        try phone.device.diary.trash.restore(pikePhoto.id)
        #expect(try phone.device.diary.sync.mediaAwaitingUpload().map(\.sha256).contains(pikePhoto.sha256))
        try await phone.sync()
        #expect(try phone.device.diary.sync.mediaAwaitingUpload().isEmpty)
        #expect(try portal.store.media.collect() == MediaCollection(), "offering it again counted it again at once")

        try phone.device.diary.trash.put(.media, pikePhoto.id)
        try await phone.sync()
        #expect(try portal.store.media.collect().unreferenced == 1)
        portal.clock.advance(by: PortalMediaStore.mediaGracePeriod + 3_600)
        let late = try portal.store.media.collect()
        #expect(late.collected == 1)
        #expect(late.collectedBytes == Int64(pike.count))
        #expect(try portal.store.media.size(account: account, sha256: pikePhoto.sha256) == nil)
        #expect(try portal.store.media.size(account: account, sha256: perchPhoto.sha256) == Int64(perch.count))
        #expect(try portal.store.media.collect() == MediaCollection(), "nothing left to do")

        // The phone still has the photo in its Trash; restored now (with room made for it), it
        // uploads the bytes again.
        for device in [phone.device, tablet.device] {
            device.clock.advance(by: PortalMediaStore.mediaGracePeriod + 3_600)
            try await portal.signIn(device, email: "anna@example.org")
        }
        try tablet.device.diary.trash.put(.media, perchPhoto.id)
        try await tablet.sync()
        try phone.device.diary.trash.restore(pikePhoto.id)
        #expect(try await phone.sync().mediaWaiting == 0)
        #expect(try portal.store.media.size(account: account, sha256: pikePhoto.sha256) == Int64(pike.count))
    }

    @Test(
        "Given bytes uploaded without any record naming them, when more are asked for, then they still count against the quota",
        arguments: Backend.available)
    func unnamedBytesCount(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        var store = portal.store
        store.mediaQuotaBytes = 1_000
        let account = try store.accounts.signUp(email: "anna@example.org", password: "correct horse")
        let bytes = Data(repeating: 7, count: 800)
        let first = try store.media.createUpload(
            account: account, sha256: SHA256Digest.hex(of: bytes), length: 800, assetId: nil)
        try store.media.appendUpload(first.id, account: account, offset: 0, data: bytes)
        #expect(try store.media.collect().unreferenced == 1)
        #expect(throws: MediaError.self, "no record ever named them: they were not deleted media") {
            try store.media.createUpload(
                account: account, sha256: String(repeating: "ab", count: 32), length: 800, assetId: nil)
        }
    }

    @Test(
        "Given content collected but whose bytes could not be deleted, when the same bytes are uploaded again before the next run, then that run keeps them",
        arguments: Backend.available)
    func garbageSurvivesACrash(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let failing = FaultyBlobStore(wrapping: portal.store.blobs)
        let store = PortalStore(
            database: portal.store.database, blobs: failing, clock: portal.clock.function,
            passwords: testPasswordHashing)
        let account = try store.accounts.signUp(email: "anna@example.org", password: "correct horse")
        let bytes = Data("a photo of a perch, or its bytes".utf8)
        let sha = SHA256Digest.hex(of: bytes)
        func upload() throws {
            let upload = try store.media.createUpload(
                account: account, sha256: sha, length: Int64(bytes.count), assetId: nil)
            if !upload.isComplete { try store.media.appendUpload(upload.id, account: account, offset: 0, data: bytes) }
        }
        try upload()
        #expect(try store.media.collect().unreferenced == 1, "no record names it")
        portal.clock.advance(by: PortalMediaStore.mediaGracePeriod + 3_600)

        failing.failNextRemoval()
        let failed = try store.media.collect()
        #expect(failed.failures.count == 1)
        #expect(failed.failures.first?.contains(account.uuidString.lowercased()) == true)
        #expect(try store.media.size(account: account, sha256: sha) == nil, "the row went in the first step")
        #expect(try store.blobs.size(account: account, sha256: sha) == Int64(bytes.count), "the bytes did not")

        try upload()
        #expect(try store.media.collect().collected == 0)
        #expect(try store.media.read(account: account, sha256: sha, offset: 0, count: 100) == bytes)

        portal.clock.advance(by: PortalMediaStore.mediaGracePeriod + 3_600)
        #expect(try store.media.collect().collected == 1)
        #expect(try store.blobs.size(account: account, sha256: sha) == nil, "gone once nothing named it for 90 days")
    }
}

/// A blob store that fails on purpose: its next removal (as if the portal stopped between the
/// two steps of collecting content), or every append (a full or failed disk).
final class FaultyBlobStore: MediaBlobStore, @unchecked Sendable {
    struct Crash: Error, CustomStringConvertible {
        var description: String { "EIO writing /srv/portal/media (a fault the test injected)" }
    }
    private let inner: any MediaBlobStore
    private let failingAppends: Bool
    private let lock = NSLock()
    private var failingRemoval = false

    init(wrapping inner: any MediaBlobStore, failingAppends: Bool = false) {
        self.inner = inner
        self.failingAppends = failingAppends
    }

    func failNextRemoval() { lock.withLock { failingRemoval = true } }

    func receivedBytes(upload: String) throws -> Int64 { try inner.receivedBytes(upload: upload) }
    func append(_ data: Data, upload: String, at offset: Int64) throws -> Int64 {
        if failingAppends { throw Crash() }
        return try inner.append(data, upload: upload, at: offset)
    }
    func digest(upload: String) throws -> String? { try inner.digest(upload: upload) }
    func commit(upload: String, account: UUID, sha256: String) throws {
        try inner.commit(upload: upload, account: account, sha256: sha256)
    }
    func discard(upload: String) throws { try inner.discard(upload: upload) }
    func size(account: UUID, sha256: String) throws -> Int64? { try inner.size(account: account, sha256: sha256) }
    func read(account: UUID, sha256: String, offset: Int64, count: Int) throws -> Data {
        try inner.read(account: account, sha256: sha256, offset: offset, count: count)
    }
    func remove(account: UUID, sha256: String) throws {
        let fail = lock.withLock {
            defer { failingRemoval = false }
            return failingRemoval
        }
        if fail { throw Crash() }
        try inner.remove(account: account, sha256: sha256)
    }
}
