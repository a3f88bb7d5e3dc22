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
        let account = try portal.store.accounts.signUp(email: email, password: "correct horse")
        let device = UUID()
        let session = try portal.store.accounts.signIn(
            email: email, password: "correct horse", deviceId: device, deviceName: "script")
        return (account, device, session.token)
    }

    func createUpload(_ portal: PortalHarness, token: String, length: String, sha256: String) async throws
        -> HTTPClientResponse
    {
        try await portal.client.send(
            .post, PortalEndpoint.createUpload.pattern,
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
        #expect(try portal.store.media.size(account: account, sha256: String(repeating: "b", count: 64)) == nil)
        let overflowing = try await createUpload(
            portal, token: token, length: "9223372036854775808", sha256: String(repeating: "c", count: 64))
        #expect(overflowing.status == .badRequest, "a number past Int64 is not a length")
    }

    @Test("Given every Upload-Length near the edges, when the quota is checked, then it never overflows")
    func quotaArithmetic() {
        #expect(!PortalMediaStore.fits(Int64.max, used: 1, quota: 1 << 30))
        #expect(!PortalMediaStore.fits(1, used: Int64.max, quota: 1 << 30))
        #expect(PortalMediaStore.fits(0, used: 1 << 30, quota: 1 << 30))
        #expect(!PortalMediaStore.fits(1, used: 1 << 30, quota: 1 << 30))
        #expect(PortalMediaStore.fits(Int64.max - 5, used: 5, quota: Int64.max))
    }

    @Test(
        "Given a zero-length upload, when created, then it is complete at once; a wrong digest for it is refused",
        arguments: Backend.available)
    func zeroLengthUpload(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (account, _, token) = try self.account(portal)
        let created = try await createUpload(portal, token: token, length: "0", sha256: PortalMediaStore.emptySHA256)
        #expect(created.status == .ok)
        #expect(created.headers["Upload-Offset"] == "0")
        #expect(try portal.store.media.size(account: account, sha256: PortalMediaStore.emptySHA256) == 0)
        let download = try await portal.client.send(
            .get, PortalEndpoint.media.target(["sha256": PortalMediaStore.emptySHA256]),
            headers: ["Authorization": "Bearer \(token)"])
        #expect(download.status == .ok && download.body.isEmpty)
        let wrong = try await createUpload(portal, token: token, length: "0", sha256: String(repeating: "d", count: 64))
        #expect(wrong.status == .badRequest)
        #expect(wrong.problem?.detail.contains(PortalMediaStore.emptySHA256) == true)
    }

    @Test(
        "Given many pairs of appends racing at one offset, when both land, then exactly one is acknowledged and the stored bytes are its bytes"
    )
    func racingAppends() throws {
        let blobs = try FileMediaBlobStore(root: try temporaryFolder("racing-blobs"))
        for round in 0..<50 {
            let upload = "race-\(round)"
            let outcomes = Mutex<[UInt8: Bool]>([:])
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let data = Data(repeating: UInt8(0x41 + index), count: 200_000)
                let acknowledged = (try? blobs.append(data, upload: upload, at: 0)) == 200_000
                outcomes.withLock { $0[UInt8(0x41 + index)] = acknowledged }
            }
            let results = outcomes.withLock { $0 }
            let winners = results.filter(\.value).map(\.key)
            #expect(winners.count == 1, "round \(round): \(results)")
            #expect(try blobs.receivedBytes(upload: upload) == 200_000)
            if let winner = winners.first {
                let stored = try Data(contentsOf: blobs.root.appendingPathComponent("uploads/\(upload).part"))
                #expect(
                    stored == Data(repeating: winner, count: 200_000),
                    "round \(round): the stored bytes are the winner's")
            }
        }
    }

    @Test(
        "Given two PATCHes of a whole upload racing at offset 0, when they land, then at most one is stored, and only the declared content",
        arguments: Backend.available)
    func racingPatches(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (account, _, _) = try self.account(portal)
        for round in 0..<20 {
            let declared = Data([UInt8(round)]) + Data(repeating: 0x41, count: 299_999)
            let other = Data([UInt8(round)]) + Data(repeating: 0x42, count: 299_999)
            let upload = try portal.store.media.createUpload(
                account: account, sha256: SHA256Digest.hex(of: declared), length: 300_000, assetId: nil)
            let stored = Mutex<[Data]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                let data = index == 0 ? declared : other
                if (try? portal.store.media.appendUpload(upload.id, account: account, offset: 0, data: data))?
                    .isComplete
                    == true
                {
                    stored.withLock { $0.append(data) }
                }
            }
            let completed = stored.withLock { $0 }
            #expect(completed.count <= 1 && completed.allSatisfy { $0 == declared }, "round \(round)")
            #expect(
                try portal.store.media.size(account: account, sha256: SHA256Digest.hex(of: declared))
                    == (completed.isEmpty ? nil : 300_000))
        }
    }

    @Test(
        "Given mutation ids 0, negative, repeated in a batch, or below the last applied without an outcome, when pushed, then none is acknowledged without a stored outcome",
        arguments: Backend.available)
    func mutationIds(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (account, device, _) = try self.account(portal)
        let zero = try portal.store.records.push(
            [catchMutation(0), catchMutation(-5)], account: account, device: device)
        #expect(zero.results.map(\.status) == [.rejected, .rejected])
        #expect(zero.results.allSatisfy { $0.reason?.contains("must be positive") == true })

        #expect(throws: PortalStoreError.self) {
            try portal.store.records.push([catchMutation(3), catchMutation(3)], account: account, device: device)
        }
        #expect(try portal.store.records.pull(after: SyncCursor(seq: 0), limit: 10, account: account).count == 0)

        let later = UUID()
        let gap = UUID()
        let ten = try portal.store.records.push([catchMutation(10, record: later)], account: account, device: device)
        #expect(ten.results.map(\.status) == [.applied])
        let five = try portal.store.records.push([catchMutation(5, record: gap)], account: account, device: device)
        #expect(five.results.map(\.status) == [.applied], "an id in a gap is decided, not called a duplicate")
        let again = try portal.store.records.push([catchMutation(5, record: gap)], account: account, device: device)
        #expect(again.results.map(\.status) == [.duplicate], "a retry of it is the duplicate of a stored outcome")
        let ids = try portal.store.records.pull(after: SyncCursor(seq: 0), limit: 10, account: account).response()
            .changes.map(
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
        let answer = try portal.store.records.push(
            [catchMutation(1, fields: ["notes": .text(heavy)])], account: account, device: device)
        #expect(answer.results.first?.status == .rejected)
        #expect(answer.results.first?.reason == "field notes is 2000001 bytes of UTF-8; at most 80000 are allowed")
        #expect(try portal.store.records.pull(after: SyncCursor(seq: 0), limit: 10, account: account).count == 0)
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
        let first = try portal.store.records.push(batch, account: account, device: device)
        let replay = try portal.store.records.push(batch, account: account, device: device)
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
        _ = try portal.store.records.push(mutations, account: account, device: device)
        var cursor = SyncCursor(seq: 0)
        var seen: [UUID] = []
        var pages = 0
        while true {
            let page = try portal.store.records.pull(after: cursor, limit: 1_000, account: account, pageBytes: 200_000)
            let bytes = page.json().reduce(0) { $0 + $1.count }
            #expect(page.count <= 4 && bytes < 200_000 + 60_000 + 1_000, "page \(pages) is \(bytes) bytes")
            seen += try page.response().changes.map(\.id)
            pages += 1
            guard page.hasMore else { break }
            cursor = page.cursor
        }
        #expect(seen == mutations.map(\.id))
        #expect(pages >= 8)
        let single = try portal.store.records.pull(
            after: SyncCursor(seq: 0), limit: 1_000, account: account, pageBytes: 10)
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
        #expect(try portal.store.media.size(account: account, sha256: SHA256Digest.hex(of: data)) == Int64(data.count))
        let options = try await portal.client.send(.options, PortalEndpoint.createUpload.pattern)
        #expect(options.headers["Tus-Checksum-Algorithm"] == "sha1,sha256")
    }
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
            database: harness.store.database,
            blobs: FaultyBlobStore(wrapping: harness.store.blobs, failingAppends: true),
            clock: harness.clock.function, passwords: testPasswordHashing)
        let portal = HTTPTestClient(
            PortalApplication(store: store, logger: Logger(category: "http", sink: log)).application())
        let data = Data(count: 1_000)
        let created = try await portal.send(
            .post, PortalEndpoint.createUpload.pattern,
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

extension HostileClientTests {
    @Test(
        "Given a finished upload, when HEAD asks for it, then it reports the whole length; HEAD on media logs no error and sends no body",
        arguments: Backend.available)
    func finishedUploadAndMediaHead(backend: Backend) async throws {
        let harness = try PortalHarness(backend)
        let (_, _, token) = try account(harness)
        let log = MemoryLogSink()
        let portal = HTTPTestClient(
            PortalApplication(store: harness.store, logger: Logger(category: "http", sink: log)).application())
        let data = Data(repeating: 7, count: 600_000)
        let sha = SHA256Digest.hex(of: data)
        let bearer: HTTPHeaders = ["Authorization": "Bearer \(token)", "Tus-Resumable": "1.0.0"]
        var create = bearer
        create["Upload-Length"] = "600000"
        create["Upload-Metadata"] = "sha256 \(Data(sha.utf8).base64EncodedString())"
        let location = try #require(
            try await portal.send(.post, PortalEndpoint.createUpload.pattern, headers: create).headers["Location"])
        var patch = bearer
        patch["Upload-Offset"] = "0"
        patch["Content-Type"] = "application/offset+octet-stream"
        #expect(try await portal.send(.patch, location, headers: patch, body: data).status == .noContent)
        let head = try await portal.send(.head, location, headers: bearer)
        #expect(head.status == .ok)
        #expect(head.headers["Upload-Offset"] == "600000" && head.headers["Upload-Length"] == "600000")
        patch["Upload-Offset"] = "600000"
        let again = try await portal.send(.patch, location, headers: patch)
        #expect(
            again.status == .noContent && again.headers["Upload-Offset"] == "600000",
            "a lost last answer is learnt again")
        let server = try HTTPServer.start(
            PortalApplication(store: harness.store, logger: Logger(category: "http", sink: log)).application())
        let mediaHead = try await HTTPSocketClient(port: server.port).send(
            .head, PortalEndpoint.media.target(["sha256": sha]), headers: ["Authorization": "Bearer \(token)"])
        #expect(mediaHead.status == .ok && mediaHead.body.isEmpty)
        #expect(mediaHead.headers["Content-Length"] == "600000")
        await server.stop()
        #expect(!log.records.contains { $0.level >= .error }, "\(log.records.filter { $0.level >= .error })")
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
        let mutations = try device.diary.outbox.outgoingMutations(limit: 10)
        let first = try #require(mutations.first)
        let settled = try device.diary.outbox.applyPushResults(
            [
                MutationResult(mutationId: first.mutationId, status: .applied, seq: 1),
                MutationResult(mutationId: first.mutationId, status: .duplicate),
                MutationResult(mutationId: 99_999, status: .applied, seq: 2),
            ], for: mutations)
        #expect(settled == 0)
        #expect(try device.diary.outbox.pending().count == mutations.count)
    }
}

@Suite("tus with a client this project did not write", .timeLimit(.minutes(2)))
struct ThirdPartyTusClientTests {
    @Test(
        "Given tuspy with SHA-1 checksums, when it uploads half a file, stops, and a new uploader resumes from the portal's offset, then the content is stored whole",
        arguments: Backend.available)
    func tuspyUploadsAndResumes(backend: Backend) async throws {
        let harness = try PortalHarness(backend)
        let account = try harness.store.accounts.signUp(email: "tus@example.org", password: "correct horse")
        let token = try harness.store.accounts.signIn(
            email: "tus@example.org", password: "correct horse", deviceId: UUID(), deviceName: "tuspy"
        ).token
        var random = SeededRandom(seed: 21)
        let data = Data((0..<1_500_000).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        let file = try temporaryFolder("tuspy").appendingPathComponent("clip.mov")
        try data.write(to: file)
        let server = try HTTPServer.start(PortalApplication(store: harness.store).application())
        let run = try externalCommand([
            "python3", packageRoot.appendingPathComponent("tools/tus_conformance.py").path,
            "http://127.0.0.1:\(server.port)", token, file.path,
        ])
        await server.stop()
        let errors = String(decoding: run.errors, as: UTF8.self)
        try #require(
            run.status == 0,
            "tools/tus_conformance.py failed (scripts/install-deps.sh installs tuspy==1.1.0): \(errors.suffix(600))")
        let report = try JSONSerialization.jsonObject(with: run.output) as? [String: Any]
        #expect(report?["resumedAt"] as? Int == 750_000, "the resumed uploader found the portal's offset")
        #expect(report?["offset"] as? Int == data.count)
        #expect(try harness.store.media.size(account: account, sha256: SHA256Digest.hex(of: data)) == Int64(data.count))
    }
}
