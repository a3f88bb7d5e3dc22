import Foundation
import HTTPServer
import PortalStore
import SecureHashing
import SyncProtocol

/// Photos and videos on the portal (T4): resumable uploads following tus 1.0 (core, creation,
/// checksum with `sha256`, expiration) under `/v1/uploads`, and downloads with HTTP Range under
/// `/v1/media/<sha256>`. Only the owning account reaches its uploads and content.
struct MediaEndpoints: Sendable {
    let media: PortalMediaStore
    let metrics: PortalMetrics

    static let tusVersion = "1.0.0"
    /// Bytes buffered before they are appended (and fsynced) while a PATCH streams in.
    static let appendBytes = 1 << 20
    /// The largest PATCH that carries an `Upload-Checksum`: it is held whole until verified.
    static let verifiedChunkBytes = 64 << 20

    /// The tus endpoints and downloads; `OPTIONS /v1/uploads`, the tus discovery request, is
    /// answered without authentication.
    func add(to routes: inout PortalRoutes) {
        routes.open(.uploadOptions, body: nil, discover)
        routes.signedIn(.createUpload, createUpload)
        routes.signedIn(.uploadOffset, body: nil, uploadOffset)
        routes.signedIn(.appendUpload, body: .streamed(maximumBytes: 1 << 40), appendUpload)
        routes.signedIn(.media, download)
    }

    func discover(_: HTTPRequest, _: RequestContext) -> HTTPResponse {
        HTTPResponse(
            status: .noContent,
            headers: [
                "Tus-Resumable": Self.tusVersion, "Tus-Version": Self.tusVersion,
                "Tus-Extension": "creation,checksum,expiration",
                "Tus-Checksum-Algorithm": DigestAlgorithm.allCases.map(\.rawValue).joined(separator: ","),
            ])
    }

    func createUpload(_ request: HTTPRequest, _: RequestContext, principal: PortalPrincipal) throws -> HTTPResponse {
        try Self.requireTus(request)
        guard let lengthText = request.headers["Upload-Length"], let length = Int64(lengthText), length >= 0 else {
            throw HTTPError.badRequest(
                code: .invalidUploadLength, "Upload-Length must be a whole number of bytes")
        }
        let metadata = try Self.uploadMetadata(request.headers["Upload-Metadata"] ?? "")
        guard let sha256 = metadata["sha256"] else {
            throw HTTPError.badRequest(code: .missingSha256, "Upload-Metadata must carry the content's sha256")
        }
        let asset = metadata["asset"].flatMap(UUID.init(uuidString:))
        let upload = try media.createUpload(
            account: principal.accountId, sha256: sha256, length: length, assetId: asset)
        if upload.isComplete {
            return HTTPResponse(
                status: .ok,
                headers: [
                    "Tus-Resumable": Self.tusVersion, "Upload-Offset": String(length),
                    "Location": PortalEndpoint.media.target(["sha256": upload.sha256]),
                ])
        }
        return HTTPResponse(
            status: .created,
            headers: [
                "Tus-Resumable": Self.tusVersion, "Location": PortalEndpoint.appendUpload.target(["id": upload.id]),
                "Upload-Expires": Self.httpDate(upload.expiresAt),
            ])
    }

    func uploadOffset(_ request: HTTPRequest, _ context: RequestContext, principal: PortalPrincipal) throws
        -> HTTPResponse
    {
        try Self.requireTus(request)
        let upload = try media.upload(try context.parameters.require("id"), account: principal.accountId)
        return HTTPResponse(
            status: .ok,
            headers: [
                "Tus-Resumable": Self.tusVersion, "Upload-Offset": String(upload.offset),
                "Upload-Length": String(upload.length), "Upload-Expires": Self.httpDate(upload.expiresAt),
                "Cache-Control": "no-store",
            ])
    }

    func appendUpload(_ request: HTTPRequest, _ context: RequestContext, principal: PortalPrincipal) async throws
        -> HTTPResponse
    {
        try Self.requireTus(request)
        guard request.headers["Content-Type"]?.lowercased() == "application/offset+octet-stream" else {
            throw HTTPError(
                .unsupportedMediaType, code: .unsupportedMediaType,
                detail: "a PATCH carries Content-Type: application/offset+octet-stream")
        }
        guard let offsetText = request.headers["Upload-Offset"], let offset = Int64(offsetText), offset >= 0 else {
            throw HTTPError.badRequest(
                code: .invalidUploadOffset, "Upload-Offset must be a whole number of bytes")
        }
        let id = try context.parameters.require("id")
        let state = try media.upload(id, account: principal.accountId)
        guard state.offset == offset else {
            throw MediaError.offsetMismatch(expected: state.offset, received: offset)
        }
        let body = try request.body.limited(to: Int(state.length - state.offset))
        let final: UploadState
        if let checksum = request.headers["Upload-Checksum"] {
            final = try await Self.appendVerified(
                body, checksum: checksum, id: id, offset: offset, account: principal.accountId, media: media,
                metrics: metrics)
        } else {
            final = try await Self.appendStreaming(
                body, id: id, offset: offset, account: principal.accountId, media: media, metrics: metrics)
        }
        return HTTPResponse(
            status: .noContent,
            headers: [
                "Tus-Resumable": Self.tusVersion, "Upload-Offset": String(final.offset),
                "Upload-Expires": Self.httpDate(final.expiresAt),
            ])
    }

    func download(_ request: HTTPRequest, _ context: RequestContext, principal: PortalPrincipal) throws
        -> HTTPResponse
    {
        let sha256 = try context.parameters.require("sha256").lowercased()
        guard let size = try media.size(account: principal.accountId, sha256: sha256) else {
            throw HTTPError.notFound("no media with that SHA-256 in this account")
        }
        let account = principal.accountId
        return try RangedDownload.response(
            request, size: size, headers: ["Content-Type": "application/octet-stream", "ETag": "\"\(sha256)\""],
            what: "media"
        ) { offset, count in
            try media.read(account: account, sha256: sha256, offset: offset, count: count)
        }
    }

    /// Appends the body as it arrives, a mebibyte at a time, so an interrupted PATCH keeps every
    /// byte that reached the portal and the next one resumes after it.
    private static func appendStreaming(
        _ body: HTTPBody, id: String, offset: Int64, account: UUID, media: PortalMediaStore, metrics: PortalMetrics
    ) async throws -> UploadState {
        var position = offset
        var pending = Data()
        var state = try media.upload(id, account: account)
        func flush() throws {
            guard !pending.isEmpty else { return }
            state = try media.appendUpload(id, account: account, offset: position, data: pending)
            position += Int64(pending.count)
            pending.removeAll(keepingCapacity: true)
        }
        do {
            for try await chunk in body.chunks {
                metrics.count("uploadReceived", chunk.count)
                pending.append(chunk)
                if pending.count >= appendBytes { try flush() }
            }
        } catch {
            try flush()
            throw error
        }
        try flush()
        return state
    }

    /// With `Upload-Checksum: sha1|sha256 <base64>`, the PATCH is read whole (a chunk of at most
    /// ``verifiedChunkBytes``), checked, and appended only when it matches (tus checksum
    /// extension, which requires `sha1`; 460 otherwise).
    private static func appendVerified(
        _ body: HTTPBody, checksum: String, id: String, offset: Int64, account: UUID, media: PortalMediaStore,
        metrics: PortalMetrics
    ) async throws -> UploadState {
        let parts = checksum.split(separator: " ")
        guard parts.count == 2, let algorithm = DigestAlgorithm(rawValue: parts[0].lowercased()),
            let expected = Data(base64Encoded: String(parts[1])), expected.count == algorithm.byteCount
        else {
            throw HTTPError.badRequest(
                code: .unsupportedChecksum,
                "Upload-Checksum must be `sha1 <base64 digest>` or `sha256 <base64 digest>`")
        }
        let data = try await body.collect(upTo: verifiedChunkBytes)
        metrics.count("uploadReceived", data.count)
        guard MessageDigest.digest(of: data, algorithm) == Array(expected) else {
            throw HTTPError(
                checksumMismatch, code: .checksumMismatch,
                detail: "the body's SHA-256 does not match Upload-Checksum; nothing was appended")
        }
        return try media.appendUpload(id, account: account, offset: offset, data: data)
    }

    private static func requireTus(_ request: HTTPRequest) throws {
        guard request.headers["Tus-Resumable"] == tusVersion else {
            throw HTTPError(
                .preconditionFailed, code: .tusVersion, detail: "this portal speaks tus \(tusVersion)",
                headers: ["Tus-Version": tusVersion])
        }
    }

    /// `key base64,key base64` → decoded values (keys without values map to "").
    static func uploadMetadata(_ header: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for pair in header.split(separator: ",") {
            let parts = pair.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
            guard let key = parts.first.map(String.init), !key.isEmpty else { continue }
            if parts.count == 1 {
                result[key] = ""
                continue
            }
            guard let data = Data(base64Encoded: String(parts[1])), let value = String(data: data, encoding: .utf8)
            else {
                throw HTTPError.badRequest(
                    code: .invalidUploadMetadata, "Upload-Metadata value of \(key.prefix(40)) is not base64")
            }
            result[key] = value
        }
        return result
    }

    /// tus's answer to a checksum that does not match.
    static let checksumMismatch = HTTPStatus(code: 460, reasonPhrase: "Checksum Mismatch")

    private static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
