import Diagnostics
import DiaryStore
import FishingModel
import Foundation
import HTTPServer
import Portal
import SecureHashing
import SyncProtocol
import Synchronization
import TestSupport
import Testing

@testable import PortalStore

/// What a hostile client found on the portal (T3, T4), each kept as a test that failed before its
/// fix: overflowing numbers, lengths counted the wrong way, changes acknowledged without an
/// outcome, racing uploads, NUL bytes and limits that did nothing.
@Suite("The portal against a hostile client", .timeLimit(.minutes(2)))
struct HostileClientTests {
    /// An account with a session, for requests made by hand.
    func account(_ portal: PortalHarness, _ email: String = "mallory@example.org") throws -> (UUID, UUID, String) {
        let account = try portal.store.signUp(email: email, password: "correct horse")
        let device = UUID()
        let session = try portal.store.signIn(
            email: email, password: "correct horse", deviceId: device, deviceName: "script")
        return (account, device, session.token)
    }

    func createUpload(_ portal: PortalHarness, token: String, length: String, sha256: String) async throws
        -> HTTPClientResponse
    {
        try await portal.client.send(
            .post, SyncRoutes.uploads,
            headers: [
                "Authorization": "Bearer \(token)", "Tus-Resumable": "1.0.0", "Upload-Length": length,
                "Upload-Metadata": "sha256 \(Data(sha256.utf8).base64EncodedString())",
            ])
    }

    func catchMutation(_ id: Int64, record: UUID = UUID(), fields: RecordFields = [:]) -> RecordMutation {
        var all: RecordFields = ["id": .text(record.uuidString.lowercased()), "species_id": .text("esox-lucius")]
        all.merge(fields) { _, new in new }
        return RecordMutation(
            mutationId: id, kind: .catch, id: record, operation: .upsert, modifiedAt: 1_780_000_000_000, baseSeq: 0,
            fields: all)
    }

    @Test(
        "Given an account using some quota, when an upload declares Int64.max bytes, then 413 and the portal lives on",
        arguments: Backend.available)
    func uploadLengthOverflow(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (account, _, token) = try self.account(portal)
        let small = try await createUpload(
            portal, token: token, length: "1000", sha256: String(repeating: "a", count: 64))
        #expect(small.status == .created)
        let huge = try await createUpload(
            portal, token: token, length: String(Int64.max), sha256: String(repeating: "b", count: 64))
        #expect(huge.status == .contentTooLarge)
        #expect(huge.problem?.code == "quota_exceeded")
        #expect(try portal.store.mediaSize(account: account, sha256: String(repeating: "b", count: 64)) == nil)
        let overflowing = try await createUpload(
            portal, token: token, length: "9223372036854775808", sha256: String(repeating: "c", count: 64))
        #expect(overflowing.status == .badRequest, "a number past Int64 is not a length")
    }

    @Test("Given every Upload-Length near the edges, when the quota is checked, then it never overflows")
    func quotaArithmetic() {
        #expect(!PortalStore.fits(Int64.max, used: 1, quota: 1 << 30))
        #expect(!PortalStore.fits(1, used: Int64.max, quota: 1 << 30))
        #expect(PortalStore.fits(0, used: 1 << 30, quota: 1 << 30))
        #expect(!PortalStore.fits(1, used: 1 << 30, quota: 1 << 30))
        #expect(PortalStore.fits(Int64.max - 5, used: 5, quota: Int64.max))
    }

    @Test(
        "Given a zero-length upload, when created, then it is complete at once; a wrong digest for it is refused",
        arguments: Backend.available)
    func zeroLengthUpload(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (account, _, token) = try self.account(portal)
        let created = try await createUpload(portal, token: token, length: "0", sha256: PortalStore.emptySHA256)
        #expect(created.status == .ok)
        #expect(created.headers["Upload-Offset"] == "0")
        #expect(try portal.store.mediaSize(account: account, sha256: PortalStore.emptySHA256) == 0)
        let download = try await portal.client.send(
            .get, "\(SyncRoutes.media)/\(PortalStore.emptySHA256)", headers: ["Authorization": "Bearer \(token)"])
        #expect(download.status == .ok && download.body.isEmpty)
        let wrong = try await createUpload(portal, token: token, length: "0", sha256: String(repeating: "d", count: 64))
        #expect(wrong.status == .badRequest)
        #expect(wrong.problem?.detail.contains(PortalStore.emptySHA256) == true)
    }

    @Test(
        "Given many pairs of PATCHes racing at one offset, when both land, then exactly one is acknowledged and the stored bytes are its bytes",
        arguments: Backend.available)
    func racingAppends(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (account, _, _) = try self.account(portal)
        for round in 0..<20 {
            let first = Data([UInt8(round)]) + Data(repeating: 0x41, count: 299_999)
            let second = Data([UInt8(round)]) + Data(repeating: 0x42, count: 299_999)
            let winnerBytes = round % 2 == 0 ? first : second
            let upload = try portal.store.createUpload(
                account: account, sha256: SHA256Digest.hex(of: winnerBytes), length: 300_000, assetId: nil)
            let outcomes = Mutex<[Data: Bool]>([:])
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let data = index == 0 ? first : second
                let acknowledged: Bool
                do {
                    _ = try portal.store.appendUpload(upload.id, account: account, offset: 0, data: data)
                    acknowledged = true
                } catch MediaError.offsetMismatch {
                    acknowledged = false
                } catch MediaError.checksumMismatch {
                    acknowledged = true  // stored, then found not to be the declared content
                } catch {
                    acknowledged = false
                }
                outcomes.withLock { $0[data] = acknowledged }
            }
            let results = outcomes.withLock { $0 }
            #expect(results.values.filter { $0 }.count == 1, "round \(round): exactly one PATCH at offset 0 lands")
            if results[winnerBytes] == true {
                #expect(
                    try portal.store.mediaSize(account: account, sha256: SHA256Digest.hex(of: winnerBytes)) == 300_000)
            }
        }
    }

    @Test(
        "Given mutation ids 0, negative, repeated in a batch, or below the last applied without an outcome, when pushed, then none is acknowledged without a stored outcome",
        arguments: Backend.available)
    func mutationIds(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (account, device, _) = try self.account(portal)
        let zero = try portal.store.push([catchMutation(0), catchMutation(-5)], account: account, device: device)
        #expect(zero.results.map(\.status) == [.rejected, .rejected])
        #expect(zero.results.allSatisfy { $0.reason?.contains("must be positive") == true })

        #expect(throws: PortalStoreError.self) {
            try portal.store.push([catchMutation(3), catchMutation(3)], account: account, device: device)
        }
        #expect(try portal.store.pull(after: SyncCursor(seq: 0), limit: 10, account: account).count == 0)

        let later = UUID()
        let gap = UUID()
        let ten = try portal.store.push([catchMutation(10, record: later)], account: account, device: device)
        #expect(ten.results.map(\.status) == [.applied])
        let five = try portal.store.push([catchMutation(5, record: gap)], account: account, device: device)
        #expect(five.results.map(\.status) == [.applied], "an id in a gap is decided, not called a duplicate")
        let again = try portal.store.push([catchMutation(5, record: gap)], account: account, device: device)
        #expect(again.results.map(\.status) == [.duplicate], "a retry of it is the duplicate of a stored outcome")
        let ids = try portal.store.pull(after: SyncCursor(seq: 0), limit: 10, account: account).response().changes.map(
            \.id)
        #expect(Set(ids) == [later, gap])
    }

    @Test(
        "Given a text field of one character made of a million combining marks, when pushed, then it is refused by its UTF-8 bytes",
        arguments: Backend.available)
    func textCountedInBytes(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (account, device, _) = try self.account(portal)
        let heavy = "a" + String(repeating: "\u{0301}", count: 1_000_000)
        #expect(heavy.count == 1)
        let answer = try portal.store.push(
            [catchMutation(1, fields: ["notes": .text(heavy)])], account: account, device: device)
        #expect(answer.results.first?.status == .rejected)
        #expect(answer.results.first?.reason == "field notes is 2000001 bytes of UTF-8; at most 80000 are allowed")
        #expect(try portal.store.pull(after: SyncCursor(seq: 0), limit: 10, account: account).count == 0)
    }

    @Test(
        "Given NUL in a text value or a field name, when pushed twice, then both backends refuse it with the same whole reason",
        arguments: Backend.available)
    func nulBytes(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (account, device, _) = try self.account(portal)
        let batch = [
            catchMutation(1, fields: ["notes": .text("before\u{0}after")]),
            catchMutation(2, fields: ["bad\u{0}name": .text("x")]),
        ]
        let first = try portal.store.push(batch, account: account, device: device)
        let replay = try portal.store.push(batch, account: account, device: device)
        let expected = [
            "field notes contains a NUL character (U+0000), which is not allowed",
            "field name \"bad\\u{0}name\" is not allowed (lowercase letters, digits and _, up to 64)",
        ]
        #expect(first.results.map(\.reason) == expected)
        #expect(replay.results.map(\.reason) == expected, "the stored rejection is replayed whole")
        #expect(replay.results.map(\.status) == [.rejected, .rejected])
    }

    @Test(
        "Given 30 records of 60 kB each, when pulled with a 200 kB page budget, then pages stay within it and following hasMore brings every record once",
        arguments: Backend.available)
    func pullPagesBoundedInBytes(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (account, device, _) = try self.account(portal)
        let notes = String(repeating: "n", count: 20_000)
        let mutations = (1...30).map {
            catchMutation(Int64($0), fields: ["notes": .text(notes), "notes_b": .text(notes), "notes_c": .text(notes)])
        }
        _ = try portal.store.push(mutations, account: account, device: device)
        var cursor = SyncCursor(seq: 0)
        var seen: [UUID] = []
        var pages = 0
        while true {
            let page = try portal.store.pull(after: cursor, limit: 1_000, account: account, pageBytes: 200_000)
            let bytes = page.json().reduce(0) { $0 + $1.count }
            #expect(page.count <= 4 && bytes < 200_000 + 60_000 + 1_000, "page \(pages) is \(bytes) bytes")
            seen += try page.response().changes.map(\.id)
            pages += 1
            guard page.hasMore else { break }
            cursor = page.cursor
        }
        #expect(seen == mutations.map(\.id))
        #expect(pages >= 8)
        let single = try portal.store.pull(after: SyncCursor(seq: 0), limit: 1_000, account: account, pageBytes: 10)
        #expect(single.count == 1 && single.hasMore, "a record larger than the budget still travels, alone")
    }

    @Test(
        "Given a 9 MiB tus chunk with a SHA-1 checksum, when PATCHed, then the upload route's own limit applies and tus's required sha1 is accepted",
        arguments: Backend.available)
    func routeLimitAndSHA1(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (account, _, token) = try self.account(portal)
        var random = SeededRandom(seed: 12)
        let data = Data((0..<(9 << 20)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        let created = try await createUpload(
            portal, token: token, length: String(data.count), sha256: SHA256Digest.hex(of: data))
        let location = try #require(created.headers["Location"])
        func patch(_ checksum: String) async throws -> HTTPClientResponse {
            try await portal.client.send(
                .patch, location,
                headers: [
                    "Authorization": "Bearer \(token)", "Tus-Resumable": "1.0.0", "Upload-Offset": "0",
                    "Content-Type": "application/offset+octet-stream", "Upload-Checksum": checksum,
                ], body: data)
        }
        let wrong = try await patch("sha1 \(Data(count: 20).base64EncodedString())")
        #expect(wrong.status.code == 460)
        let sha1 = Data(MessageDigest.digest(of: data, .sha1)).base64EncodedString()
        let right = try await patch("sha1 \(sha1)")
        #expect(right.status == .noContent)
        #expect(right.headers["Upload-Offset"] == String(data.count))
        #expect(try portal.store.mediaSize(account: account, sha256: SHA256Digest.hex(of: data)) == Int64(data.count))
        let options = try await portal.client.send(.options, SyncRoutes.uploads)
        #expect(options.headers["Tus-Checksum-Algorithm"] == "sha1,sha256")
    }
}

/// A blob store that cannot write (a full or failed disk), for the portal's 500s.
struct UnwritableBlobs: MediaBlobStore {
    struct DiskFailed: Error, CustomStringConvertible {
        var description: String { "EIO writing /srv/portal/media/uploads" }
    }
    let inner: any MediaBlobStore
    func receivedBytes(upload: String) throws -> Int64 { try inner.receivedBytes(upload: upload) }
    func append(_ data: Data, upload: String, at offset: Int64) throws -> Int64 { throw DiskFailed() }
    func digest(upload: String) throws -> String? { try inner.digest(upload: upload) }
    func commit(upload: String, account: UUID, sha256: String) throws {
        try inner.commit(upload: upload, account: account, sha256: sha256)
    }
    func discard(upload: String) throws { try inner.discard(upload: upload) }
    func size(account: UUID, sha256: String) throws -> Int64? { try inner.size(account: account, sha256: sha256) }
    func read(account: UUID, sha256: String, offset: Int64, count: Int) throws -> Data {
        try inner.read(account: account, sha256: sha256, offset: offset, count: count)
    }
    func remove(account: UUID, sha256: String) throws { try inner.remove(account: account, sha256: sha256) }
}

extension HostileClientTests {
    @Test(
        "Given a failing disk, when an upload answers 500, then the portal's log has the error and the access line under the request id the client got, and no token"
    )
    func internalErrorsAreTraceable() async throws {
        let harness = try PortalHarness(.sqlite)
        let (_, _, token) = try account(harness)
        let log = MemoryLogSink()
        let store = PortalStore(
            database: harness.store.database, blobs: UnwritableBlobs(inner: harness.store.blobs),
            clock: harness.clock.function)
        let portal = HTTPTestClient(
            PortalApplication(store: store, logger: Logger(category: "http", sink: log)).application())
        let data = Data(count: 1_000)
        let created = try await portal.send(
            .post, SyncRoutes.uploads,
            headers: [
                "Authorization": "Bearer \(token)", "Tus-Resumable": "1.0.0", "Upload-Length": "1000",
                "Upload-Metadata": "sha256 \(Data(SHA256Digest.hex(of: data).utf8).base64EncodedString())",
            ])
        let failed = try await portal.send(
            .patch, try #require(created.headers["Location"]),
            headers: [
                "Authorization": "Bearer \(token)", "Tus-Resumable": "1.0.0", "Upload-Offset": "0",
                "Content-Type": "application/offset+octet-stream",
            ], body: data)
        #expect(failed.status == .internalServerError)
        let requestID = try #require(failed.problem?.requestId)
        #expect(failed.headers[RequestIDMiddleware.headerName] == requestID)
        let error = log.errors.first { $0.context["requestId"] == requestID }
        #expect(error?.message.contains("EIO") == true)
        let access = log.records.first { $0.metadata["requestId"] == requestID && $0.metadata["route"] != nil }
        #expect(access?.metadata["route"] == "/v1/uploads/:id")
        #expect(access?.metadata["status"] == "500")
        #expect(access?.metadata["accountId"] != nil)
        #expect(!log.records.contains { record in record.metadata.values.contains { $0.contains(token) } })
    }
}

@Suite("The device against answers it cannot match")
struct UnmatchedAnswerTests {
    @Test(
        "Given a push answer with two results for one change, or a result for a change never sent, when applied, then nothing leaves the outbox"
    )
    func ambiguousAnswers() throws {
        let device = try TestDevice(
            name: "phone", clock: TestClock(Date(timeIntervalSince1970: 1_780_000_000)),
            transport: InProcessTransport(client: try PortalHarness(.sqlite).client, faults: nil))
        try device.logTrip(catches: 1)
        let mutations = try device.diary.outgoingMutations(limit: 10)
        let first = try #require(mutations.first)
        let settled = try device.diary.applyPushResults(
            [
                MutationResult(mutationId: first.mutationId, status: .applied, seq: 1),
                MutationResult(mutationId: first.mutationId, status: .duplicate),
                MutationResult(mutationId: 99_999, status: .applied, seq: 2),
            ], for: mutations)
        #expect(settled == 0)
        #expect(try device.diary.pendingChanges().count == mutations.count)
    }
}
