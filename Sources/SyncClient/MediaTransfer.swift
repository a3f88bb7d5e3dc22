import Foundation
import HTTPProblem
import SecureHashing
import SyncProtocol

/// What one upload cost (T4, "large uploads never restart from zero").
public struct UploadReport: Sendable, Equatable {
    public var length: Int64
    /// Bytes handed to the network in PATCH bodies, including the unsent rest of a PATCH that an
    /// interruption cut short (the portal keeps every byte that reached it).
    public var bytesOffered: Int64
    public var requests: Int
    /// The portal already held this content; nothing was sent.
    public var alreadyHeld: Bool
}

/// Moves photo and video bytes between a device and the portal (T4): tus 1.0 uploads that resume
/// from the portal's offset after any interruption, and downloads that resume with HTTP Range.
/// Files are read and written a chunk at a time, so memory stays flat whatever their size.
public struct MediaTransfer: Sendable {
    public let transport: any SyncTransport
    /// Bytes per PATCH.
    public var chunkBytes = 4 << 20
    /// Consecutive failed exchanges (without progress) before giving up until the next sync.
    public var attempts = 5
    public var initialBackoff: Duration = .milliseconds(200)
    /// The sync protocol version spoken (``SyncProtocolVersion``), as the sync client's.
    public var protocolVersion = SyncProtocolVersion.current
    let sleep: @Sendable (Duration) async -> Void

    public init(
        transport: any SyncTransport,
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    ) {
        self.transport = transport
        self.sleep = sleep
    }

    /// Uploads `file` whose SHA-256 is `sha256`. `location` is an upload already begun (from a
    /// previous run, kept by the caller through `started`); it is resumed when the portal still
    /// has it, and a new one is created otherwise.
    public func upload(
        file: URL, sha256: String, assetId: UUID? = nil, token: String, location: String? = nil,
        started: (String) async throws -> Void = { _ in }
    ) async throws(SyncError) -> UploadReport {
        let length = try fileLength(file)
        var report = UploadReport(length: length, bytesOffered: 0, requests: 0, alreadyHeld: false)
        var location = location
        var failures = 0
        while true {
            do {
                if location == nil {
                    report.requests += 1
                    var metadata = "sha256 \(Data(sha256.utf8).base64EncodedString())"
                    if let assetId {
                        metadata += ",asset \(Data(assetId.uuidString.lowercased().utf8).base64EncodedString())"
                    }
                    let created = try await exchange(
                        SyncHTTPRequest(
                            method: "POST", target: PortalEndpoint.createUpload.target(), token: token,
                            headers: tus(["Upload-Length": String(length), "Upload-Metadata": metadata])))
                    if created.status == 200 {
                        report.alreadyHeld = true
                        return report
                    }
                    guard created.status == 201, let path = created.headers["location"] else {
                        throw SyncError.unreadableAnswer("an upload was created without a Location")
                    }
                    location = path
                    do { try await started(path) } catch { throw SyncError.storage("\(error)") }
                }
                guard let path = location else { continue }
                report.requests += 1
                let head = try await exchange(
                    SyncHTTPRequest(method: "HEAD", target: path, token: token, headers: tus([:])))
                if head.status == 404 {
                    location = nil
                    continue
                }
                guard let offset = head.headers["upload-offset"].flatMap(Int64.init) else {
                    throw SyncError.unreadableAnswer("HEAD \(path) gave no Upload-Offset")
                }
                if offset >= length {
                    return report
                }
                let chunk = try readChunk(file, offset: offset, count: Int(min(Int64(chunkBytes), length - offset)))
                report.requests += 1
                report.bytesOffered += Int64(chunk.count)
                let patched = try await exchange(
                    SyncHTTPRequest(
                        method: "PATCH", target: path, body: chunk, token: token,
                        headers: tus([
                            "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream",
                        ])
                    ))
                failures = 0
                if patched.status == 204, patched.headers["upload-offset"].flatMap(Int64.init) == length {
                    return report
                }
            } catch {
                try await backOff(after: error, failures: &failures)
            }
        }
    }

    /// Downloads the account's content `sha256` into `destination` (see
    /// ``download(_:sha256:to:token:)``).
    public func download(sha256: String, to destination: URL, token: String) async throws(SyncError) {
        try await download(
            PortalEndpoint.media.target(["sha256": sha256]), sha256: sha256, to: destination, token: token)
    }

    /// Downloads the bytes at `target` (media, a map pack's file) into `destination` a chunk at a
    /// time with Range requests, resuming a previous partial download (`destination` + `.part`):
    /// an interruption costs at most the chunk in flight. The digest is checked before the file
    /// moves into place.
    public func download(_ target: String, sha256: String, to destination: URL, token: String?)
        async throws(SyncError)
    {
        let part = destination.appendingPathExtension("part")
        do {
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw SyncError.storage("cannot create \(destination.deletingLastPathComponent().path): \(error)")
        }
        var failures = 0
        while true {
            let have = (try? fileLength(part)) ?? 0
            do {
                let response = try await exchange(
                    SyncHTTPRequest(
                        method: "GET", target: target, token: token,
                        headers: ["Range": "bytes=\(have)-\(have + Int64(chunkBytes) - 1)"]))
                failures = 0
                switch response.status {
                case 404:
                    throw SyncError.refused(
                        status: 404, code: .notFound, detail: "the portal has nothing at \(target)")
                case 416:
                    try finishDownload(part, destination, sha256)
                    return
                case 206:
                    try append(response.body, to: part, restart: false)
                    let total = response.headers["content-range"]?.split(separator: "/").last.flatMap { Int64($0) }
                    if let total, have + Int64(response.body.count) < total { continue }
                default:
                    try append(response.body, to: part, restart: true)
                }
                try finishDownload(part, destination, sha256)
                return
            } catch {
                try await backOff(after: error, failures: &failures)
            }
        }
    }

    /// True when the account already holds the content with this digest.
    public func isHeld(sha256: String, token: String) async throws(SyncError) -> Bool {
        let response = try await exchange(
            SyncHTTPRequest(method: "HEAD", target: PortalEndpoint.media.target(["sha256": sha256]), token: token))
        return response.status == 200
    }

    // MARK: Internals

    /// After a failed exchange: waits before the next try when the portal was merely unavailable
    /// and attempts remain; otherwise throws (a refusal, a local failure, or too many failures).
    private func backOff(after error: any Error, failures: inout Int) async throws(SyncError) {
        guard let error = error as? SyncError else { throw SyncError.storage("\(error)") }
        guard case .portalUnavailable = error else { throw error }
        failures += 1
        if failures >= attempts { throw error }
        await sleep(initialBackoff * (1 << min(failures - 1, 6)))
    }

    private func tus(_ headers: [String: String]) -> [String: String] {
        headers.merging(["Tus-Resumable": "1.0.0"]) { a, _ in a }
    }

    /// One exchange: network failures and 5xx are `portalUnavailable` (retried by the loops
    /// above); 401 asks to sign in again; other 4xx are refusals, except those the callers handle.
    private func exchange(_ request: SyncHTTPRequest) async throws(SyncError) -> SyncHTTPResponse {
        var request = request
        request.protocolVersion = protocolVersion
        let response: SyncHTTPResponse
        do {
            response = try await transport.send(request)
        } catch {
            throw SyncError.portalUnavailable(error.description)
        }
        // What the callers look at themselves: no such upload or content (404), an offset that
        // moved (409), a range past the end (416).
        if [404, 409, 416].contains(response.status) { return response }
        switch PortalAnswer(status: response.status) {
        case .success: return response
        case .signInAgain: throw SyncError.signInRequired("the portal no longer accepts this session")
        case .updateApp: throw SyncError.updateRequired(SyncError.refused(response).detail)
        case .entitlement, .refusedContent, .refused: throw SyncError.refused(response).error
        case .retryLater: throw SyncError.portalUnavailable("HTTP \(response.status)")
        }
    }

    private func fileLength(_ url: URL) throws(SyncError) -> Int64 {
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            return (attributes[.size] as? NSNumber)?.int64Value ?? 0
        } catch {
            throw SyncError.storage("cannot read \(url.path): \(error.localizedDescription)")
        }
    }

    private func readChunk(_ url: URL, offset: Int64, count: Int) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        return try handle.read(upToCount: count) ?? Data()
    }

    private func append(_ data: Data, to url: URL, restart: Bool) throws {
        if restart || !FileManager.default.fileExists(atPath: url.path) {
            guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                throw SyncError.storage("cannot create \(url.path)")
            }
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: data)
        try handle.synchronize()
    }

    private func finishDownload(_ part: URL, _ destination: URL, _ sha256: String) throws {
        let handle = try FileHandle(forReadingFrom: part)
        var digest = SHA256Digest()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { digest.update(chunk) }
        try handle.close()
        let actual = digest.finalizeHex()
        guard actual == sha256.lowercased() else {
            try? FileManager.default.removeItem(at: part)
            throw SyncError.unreadableAnswer("the downloaded bytes hash to \(actual), not \(sha256)")
        }
        if FileManager.default.fileExists(atPath: destination.path) {
            try FileManager.default.removeItem(at: destination)
        }
        try FileManager.default.moveItem(at: part, to: destination)
    }
}
