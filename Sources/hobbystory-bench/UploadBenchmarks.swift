import DiaryStore
import Foundation
import HTTPServer
import Portal
import PortalStore
import SecureHashing
import SyncClient
import SyncProtocol
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The resumable-upload figures (issue 6 §7) over real loopback sockets: a `megabytes` MB video
/// uploaded whole, beside `cp` of the same file, and uploaded again with ten PATCHes cut off at
/// random points (the socket closed mid-body), counting the bytes the portal read twice.
func benchmarkUpload(megabytes: Int) async throws {
    let media = folder.appendingPathComponent("upload-\(UUID())")
    let metrics = PortalMetrics()
    let database = try SQLitePortalDatabase(folder: media.appendingPathComponent("portal"))
    try database.migrate()
    let store = PortalStore(
        database: database, blobs: try FileMediaBlobStore(root: media.appendingPathComponent("blobs")))
    let server = try HTTPServer.start(
        PortalApplication(store: store, metrics: metrics).application(), configuration: .init(port: 0))
    defer { Task { await server.stop() } }
    _ = try store.accounts.signUp(email: "bench@example.org", password: "benchmark password")
    let token = try store.accounts.signIn(
        email: "bench@example.org", password: "benchmark password", deviceId: UUID(), deviceName: "bench"
    ).token
    let base = URL(string: "http://127.0.0.1:\(server.port)")!

    let length = megabytes << 20
    let (first, firstSHA) = try randomFile(media.appendingPathComponent("first.mp4"), bytes: length, seed: 1)
    let (second, secondSHA) = try randomFile(media.appendingPathComponent("second.mp4"), bytes: length, seed: 2)
    let copy = try time {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/cp")
        process.arguments = [first.path, media.appendingPathComponent("copy.mp4").path]
        try process.run()
        process.waitUntilExit()
    }
    var transfer = MediaTransfer(transport: URLSessionSyncTransport(baseURL: base, timeout: 120))
    transfer.chunkBytes = 8 << 20
    let whole = try await timeAsync { _ = try await transfer.upload(file: first, sha256: firstSHA, token: token) }
    print("upload of a \(megabytes) MB video over loopback (tus, 8 MiB PATCHes, fsync per MiB)")
    print(
        String(
            format: "  upload: %.2f s (%.0f MB/s)   cp of the same file: %.2f s (%.0f MB/s)   ratio %.2f×",
            whole, Double(megabytes) / whole, copy, Double(megabytes) / copy, copy / whole))

    let before = metrics.uploadReceivedBytes
    let cutting = CuttingTransport(
        inner: URLSessionSyncTransport(baseURL: base, timeout: 120), port: server.port, cuts: 10)
    var interrupted = MediaTransfer(transport: cutting, sleep: { _ in })
    interrupted.chunkBytes = 8 << 20
    interrupted.attempts = 30
    let cut = try await timeAsync { _ = try await interrupted.upload(file: second, sha256: secondSHA, token: token) }
    let received = metrics.uploadReceivedBytes - before
    let resent = received - length
    guard try store.media.size(account: try requireAccount(store), sha256: secondSHA) == Int64(length) else {
        print("  the interrupted upload did not complete")
        return
    }
    print(
        String(
            format:
                "  with 10 connections cut mid-PATCH: %.2f s; the portal read %d bytes for %d, %d twice = %.3f chunks   (target < 2 chunks)",
            cut, received, length, resent, Double(resent) / Double(interrupted.chunkBytes)))
    print("")
}

/// The benchmark's account id (the only one in its portal).
private func requireAccount(_ store: PortalStore) throws -> UUID {
    try store.database.read { sql in try UUID(uuidString: sql.query("SELECT id FROM accounts", [])[0].text(0))! }
}

/// A file of `bytes` pseudo-random bytes, written 8 MiB at a time, and its SHA-256.
private func randomFile(_ url: URL, bytes: Int, seed: UInt64) throws -> (URL, String) {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var generator = SplitMix64(seed: seed)
    var digest = SHA256Digest()
    var written = 0
    while written < bytes {
        let count = min(8 << 20, bytes - written)
        var piece = [UInt8](repeating: 0, count: count)
        for index in stride(from: 0, to: count, by: 8) {
            let word = generator.next()
            for offset in 0..<min(8, count - index) {
                piece[index + offset] = UInt8(truncatingIfNeeded: word >> (offset * 8))
            }
        }
        let data = Data(piece)
        digest.update(data)
        try handle.write(contentsOf: data)
        written += count
    }
    return (url, digest.finalizeHex())
}

/// Sends the first `cuts` PATCHes as a real TCP request whose body stops at a random point
/// before the socket is closed; everything else goes through `inner`.
final class CuttingTransport: SyncTransport {
    let inner: URLSessionSyncTransport
    let port: Int
    private let remaining: Mutex<(cuts: Int, generator: SplitMix64)>

    init(inner: URLSessionSyncTransport, port: Int, cuts: Int) {
        self.inner = inner
        self.port = port
        remaining = Mutex((cuts, SplitMix64(seed: 99)))
    }

    func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
        guard request.method == "PATCH", let body = request.body,
            let keep = remaining.withLock({ state -> Int? in
                guard state.cuts > 0 else { return nil }
                state.cuts -= 1
                return Int(state.generator.next() % UInt64(max(1, body.count)))
            })
        else { return try await inner.send(request) }
        var head =
            "\(request.method) \(request.target) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in request.allHeaders { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        writeAndClose(Data(head.utf8) + body.prefix(keep))
        throw SyncTransportError("connection cut after \(keep) of \(body.count) body bytes")
    }

    private func writeAndClose(_ bytes: Data) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return }
        bytes.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let n = Glibc.send(fd, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                if n <= 0 { break }
                sent += n
            }
        }
        // Give the server a moment to read what was sent before the connection goes away.
        usleep(50_000)
    }
}
