import Foundation
import HTTPServer
import PortalStore
import SecureHashing
import SyncClient
import SyncProtocol
import Synchronization
import TestSupport
import Testing

/// Cuts PATCH bodies short: the portal receives a prefix of the chunk as a stream that then
/// fails (a dropped connection), and the client gets a network error. Counts delivered bytes.
final class InterruptingTransport: SyncTransport {
    let client: HTTPTestClient
    private let state: Mutex<(random: SeededRandom, interruptions: Int, delivered: Int64)>

    init(client: HTTPTestClient, interruptions: Int, seed: UInt64) {
        self.client = client
        state = Mutex((SeededRandom(seed: seed), interruptions, 0))
    }

    var deliveredBytes: Int64 { state.withLock { $0.delivered } }
    var interruptionsLeft: Int { state.withLock { $0.interruptions } }

    struct ConnectionReset: Error {}

    func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
        guard request.method == "PATCH", let body = request.body else {
            return try await InProcessTransport.deliver(
                request, to: client, body: request.body.map(HTTPBody.buffered) ?? .empty)
        }
        let cut: Int? = state.withLock { state in
            guard state.interruptions > 0, body.count > 1 else {
                state.delivered += Int64(body.count)
                return nil
            }
            state.interruptions -= 1
            let kept = Int(state.random.next() % UInt64(body.count))
            state.delivered += Int64(kept)
            return kept
        }
        guard let cut else {
            return try await InProcessTransport.deliver(request, to: client, body: .buffered(body))
        }
        let prefix = body.prefix(cut)
        let sent = Mutex(false)
        let stream = HTTPBodyStream(expectedLength: body.count) {
            if sent.withLock({ done in
                defer { done = true }
                return done
            }) {
                throw ConnectionReset()
            }
            return Data(prefix)
        }
        _ = try? await InProcessTransport.deliver(request, to: client, body: .stream(stream))
        throw SyncTransportError("connection reset after \(cut) of \(body.count) bytes")
    }
}

@Suite("Media uploads (tus 1.0) and ranged downloads", .timeLimit(.minutes(2)))
struct MediaUploadTests {
    func randomFile(_ bytes: Int, seed: UInt64) throws -> (URL, String) {
        var random = SeededRandom(seed: seed)
        var bytesOut = [UInt8](repeating: 0, count: bytes)
        for index in 0..<bytes { bytesOut[index] = UInt8(truncatingIfNeeded: random.next()) }
        let data = Data(bytesOut)
        let url = try temporaryFolder("media").appendingPathComponent("video.mp4")
        try data.write(to: url)
        return (url, SHA256Digest.hex(of: data))
    }

    func token(_ portal: PortalHarness, _ email: String) throws -> (UUID, String) {
        let account = try portal.store.accounts.signUp(email: email, password: "correct horse")
        let session = try portal.store.accounts.signIn(
            email: email, password: "correct horse", deviceId: UUID(), deviceName: "t")
        return (account, session.token)
    }

    @Test(
        "Given a 12 MiB video, when uploaded in 1 MiB chunks and downloaded, then the bytes arrive whole and a second upload sends nothing",
        arguments: Backend.available)
    func uploadAndDownload(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (account, token) = try self.token(portal, "anna@example.org")
        let (file, sha) = try randomFile(12 << 20, seed: 1)
        var transfer = MediaTransfer(transport: portal.transport(), sleep: { _ in })
        transfer.chunkBytes = 1 << 20
        let report = try await transfer.upload(file: file, sha256: sha, token: token)
        #expect(report.bytesOffered == 12 << 20)
        #expect(try portal.store.media.size(account: account, sha256: sha) == 12 << 20)
        let again = try await transfer.upload(file: file, sha256: sha, token: token)
        #expect(again.alreadyHeld && again.bytesOffered == 0)

        let copy = file.deletingLastPathComponent().appendingPathComponent("copy.mp4")
        try await transfer.download(sha256: sha, to: copy, token: token)
        #expect(try Data(contentsOf: copy) == Data(contentsOf: file))
    }

    @Test(
        "Given an upload cut off ten times mid-chunk, when it resumes each time, then less than two chunks are sent again",
        arguments: Backend.available)
    func interruptedUpload(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (account, token) = try self.token(portal, "anna@example.org")
        let (file, sha) = try randomFile(24 << 20, seed: 2)
        let wire = InterruptingTransport(client: portal.client, interruptions: 10, seed: 3)
        var transfer = MediaTransfer(transport: wire, sleep: { _ in })
        transfer.chunkBytes = 2 << 20
        transfer.attempts = 20
        _ = try await transfer.upload(file: file, sha256: sha, token: token)
        #expect(wire.interruptionsLeft == 0, "all ten interruptions happened")
        #expect(wire.deliveredBytes - Int64(24 << 20) < 2 * Int64(transfer.chunkBytes))
        #expect(try portal.store.media.size(account: account, sha256: sha) == 24 << 20)
        let copy = file.deletingLastPathComponent().appendingPathComponent("copy.mp4")
        try await transfer.download(sha256: sha, to: copy, token: token)
        #expect(SHA256Digest.hex(of: try Data(contentsOf: copy)) == sha)
    }

    @Test(
        "Given stored media, when ranges are asked, then 206 with the right bytes, 416 past the end, and another account gets 404",
        arguments: Backend.available)
    func ranges(backend: Backend) async throws {
        let portal = try PortalHarness(backend)
        let (_, token) = try self.token(portal, "anna@example.org")
        let (_, stranger) = try self.token(portal, "boris@example.org")
        let (file, sha) = try randomFile(100_000, seed: 4)
        _ = try await MediaTransfer(transport: portal.transport(), sleep: { _ in }).upload(
            file: file, sha256: sha, token: token)
        let bytes = try Data(contentsOf: file)
        func get(_ range: String?, as bearer: String = token) async throws -> HTTPClientResponse {
            var headers: HTTPHeaders = ["Authorization": "Bearer \(bearer)"]
            if let range { headers["Range"] = range }
            return try await portal.client.send(.get, PortalEndpoint.media.target(["sha256": sha]), headers: headers)
        }
        let first = try await get("bytes=0-99")
        #expect(first.status.code == 206)
        #expect(first.body == bytes.prefix(100))
        #expect(first.headers["Content-Range"] == "bytes 0-99/100000")
        #expect(try await get("bytes=-10").body == bytes.suffix(10))
        #expect(try await get("bytes=99990-").body == bytes.suffix(10))
        #expect(try await get("bytes=50000-50009").body == bytes[50000..<50010])
        let past = try await get("bytes=100000-")
        #expect(past.status.code == 416)
        #expect(past.headers["Content-Range"] == "bytes */100000")
        #expect(try await get("bytes=0-1,5-6").status.code == 200, "several ranges: the whole body")
        #expect(try await get(nil).body == bytes)
        #expect(try await get(nil, as: stranger).status.code == 404)
        #expect(
            try await get("bytes=0-99", as: (token.hasPrefix("0") ? "1" : "0") + String(token.dropFirst())).status.code
                == 401)
    }

    @Test(
        "Given tus rules, when broken, then 412, 409, 415, 460 and 413 with problem codes, and other accounts cannot touch an upload",
        arguments: Backend.available)
    func tusRules(backend: Backend) async throws {
        var portal = try PortalHarness(backend)
        let (account, token) = try self.token(portal, "anna@example.org")
        let (_, stranger) = try self.token(portal, "boris@example.org")
        let auth: HTTPHeaders = ["Authorization": "Bearer \(token)", "Tus-Resumable": "1.0.0"]
        let discovery = try await portal.client.send(.options, PortalEndpoint.createUpload.pattern)
        #expect(discovery.headers["Tus-Extension"] == "creation,checksum,expiration")
        #expect(discovery.headers["Tus-Version"] == "1.0.0")

        let payload = Data("hello, pike".utf8)
        let sha = SHA256Digest.hex(of: payload)
        var create = auth
        create["Upload-Length"] = String(payload.count)
        create["Upload-Metadata"] = "sha256 \(Data(sha.utf8).base64EncodedString())"
        var noTus = create
        noTus["Tus-Resumable"] = nil
        #expect(
            try await portal.client.send(.post, PortalEndpoint.createUpload.pattern, headers: noTus).status.code == 412)
        let created = try await portal.client.send(.post, PortalEndpoint.createUpload.pattern, headers: create)
        #expect(created.status.code == 201)
        let location = try #require(created.headers["Location"])
        #expect(created.headers["Upload-Expires"] != nil)

        var patch = auth
        patch["Content-Type"] = "application/offset+octet-stream"
        patch["Upload-Offset"] = "3"
        #expect(try await portal.client.send(.patch, location, headers: patch, body: payload).status.code == 409)
        patch["Upload-Offset"] = "0"
        var wrongType = patch
        wrongType["Content-Type"] = "application/json"
        #expect(try await portal.client.send(.patch, location, headers: wrongType, body: payload).status.code == 415)
        var badChecksum = patch
        badChecksum["Upload-Checksum"] = "sha256 \(Data(repeating: 0, count: 32).base64EncodedString())"
        #expect(try await portal.client.send(.patch, location, headers: badChecksum, body: payload).status.code == 460)
        var strangers = patch
        strangers["Authorization"] = "Bearer \(stranger)"
        #expect(try await portal.client.send(.patch, location, headers: strangers, body: payload).status.code == 404)
        #expect(try await portal.client.send(.head, location, headers: strangers).status.code == 404)
        var goodChecksum = patch
        goodChecksum["Upload-Checksum"] = "sha256 \(Data(hexDigits(sha)).base64EncodedString())"
        let done = try await portal.client.send(.patch, location, headers: goodChecksum, body: payload)
        #expect(done.status.code == 204)
        #expect(done.headers["Upload-Offset"] == String(payload.count))
        #expect(try portal.store.media.size(account: account, sha256: sha) == Int64(payload.count))

        // A body that does not hash to the declared SHA-256 is refused at the end and discarded.
        let liar = Data("not what was declared".utf8)
        var lying = auth
        lying["Upload-Length"] = String(liar.count)
        lying["Upload-Metadata"] = "sha256 \(Data(String(repeating: "ab", count: 32).utf8).base64EncodedString())"
        let liarLocation = try #require(
            try await portal.client.send(.post, PortalEndpoint.createUpload.pattern, headers: lying).headers["Location"]
        )
        let refused = try await portal.client.send(.patch, liarLocation, headers: patch, body: liar)
        #expect(refused.status.code == 460)
        #expect(refused.problem?.code == "checksum_mismatch")

        // Quota: a small one refuses a large upload with a clear problem.
        var limited = portal.store
        limited.mediaQuotaBytes = 1_000
        portal = try PortalHarness(sharing: portal, store: limited)
        var big = auth
        big["Upload-Length"] = "5000"
        big["Upload-Metadata"] = "sha256 \(Data(String(repeating: "cd", count: 32).utf8).base64EncodedString())"
        let overQuota = try await portal.client.send(.post, PortalEndpoint.createUpload.pattern, headers: big)
        #expect(overQuota.status.code == 413)
        #expect(overQuota.problem?.code == "quota_exceeded")
        #expect(overQuota.problem?.detail.contains("quota") == true)

        // Expiry: an unfinished upload disappears after a day, with its bytes.
        var fresh = auth
        fresh["Upload-Length"] = "10"
        fresh["Upload-Metadata"] = "sha256 \(Data(String(repeating: "ef", count: 32).utf8).base64EncodedString())"
        let pending = try #require(
            try await portal.client.send(.post, PortalEndpoint.createUpload.pattern, headers: fresh).headers["Location"]
        )
        portal.clock.advance(by: PortalMediaStore.uploadLifetime + 60)
        #expect(try await portal.client.send(.head, pending, headers: auth).status.code == 404)
        #expect(try portal.store.media.purgeExpiredUploads() >= 1)
    }

    private func hexDigits(_ hex: String) -> [UInt8] {
        stride(from: 0, to: hex.count, by: 2).map { offset in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16) ?? 0
        }
    }
}
