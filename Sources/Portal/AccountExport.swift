import FishingModel
import Foundation
import HTTPServer
import PortalStore
import SyncProtocol
import TarArchive

/// "Export everything" (issue 16 §1): a tar archive, streamed, of the account's records as JSON
/// (as its devices synced them) and the bytes of every photo and video the portal holds. Each
/// JSON file is spooled to a temporary file first (a tar member's size comes before its bytes),
/// so neither a large diary nor a long video is ever held in memory.
enum AccountExport {
    static let folder = "hobbystory-export"
    static let files: [(RecordKind, String)] = [
        (.spot, "spots.json"), (.trip, "trips.json"), (.catch, "catches.json"), (.media, "media.json"),
        (.report, "reports.json"),
    ]

    static func response(account: UUID, email: String, store: PortalStore, at now: Date) -> HTTPResponse {
        let day = LicenceStore.utcDay(now)
        return HTTPResponse(
            headers: [
                "Content-Type": "application/x-tar", "Cache-Control": "private, no-store",
                "Content-Disposition": "attachment; filename=\"hobbystory-export-\(day).tar\"",
            ],
            body: .stream(contentLength: nil) { writer in
                try await write(account: account, email: email, store: store, at: now, to: writer)
            })
    }

    static func write(account: UUID, email: String, store: PortalStore, at now: Date, to writer: HTTPBodyWriter)
        async throws
    {
        let spool = FileManager.default.temporaryDirectory.appendingPathComponent("hobbystory-export-\(UUID())")
        try FileManager.default.createDirectory(at: spool, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: spool) }
        let readme = """
            The Hobby Story — Fishing: everything the portal holds for \(email), exported \(LicenceStore.utcDay(now)).
            spots.json, trips.json, catches.json, media.json, reports.json (saved reports): every live record
            as your devices synced it
            (id, modifiedAt in milliseconds since 1970 UTC, fields). media/: the photos and videos, named by
            their SHA-256. Records in the Trash are not included.

            """
        try await member("README.txt", Data(readme.utf8), at: now, to: writer)
        for (kind, name) in files {
            let file = spool.appendingPathComponent(name)
            try spoolRecords(kind, account: account, store: store, into: file)
            let size = Int64(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0)
            try await writer.write(try TarArchive.header(name: "\(folder)/\(name)", size: size, modified: now))
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            while let piece = try handle.read(upToCount: 1 << 20), !piece.isEmpty { try await writer.write(piece) }
            try await writer.write(TarArchive.padding(after: size))
        }
        for item in try store.diary.mediaContents(account: account) {
            guard let size = try store.media.size(account: account, sha256: item.sha256) else { continue }
            let name = "\(folder)/media/\(item.sha256).\(item.format.isEmpty ? "bin" : String(item.format.prefix(8)))"
            try await writer.write(try TarArchive.header(name: name, size: size, modified: item.capturedAt ?? now))
            var offset: Int64 = 0
            while offset < size {
                let piece = try store.media.read(
                    account: account, sha256: item.sha256, offset: offset, count: Int(min(1 << 20, size - offset)))
                guard !piece.isEmpty else { throw CocoaError(.fileReadCorruptFile) }
                try await writer.write(piece)
                offset += Int64(piece.count)
            }
            try await writer.write(TarArchive.padding(after: size))
        }
        try await writer.write(TarArchive.end)
    }

    private static func member(_ name: String, _ data: Data, at now: Date, to writer: HTTPBodyWriter) async throws {
        try await writer.write(try TarArchive.header(name: "\(folder)/\(name)", size: Int64(data.count), modified: now))
        try await writer.write(data)
        try await writer.write(TarArchive.padding(after: Int64(data.count)))
    }

    /// Writes the live records of `kind` as a JSON array to `file`, a record at a time.
    private static func spoolRecords(_ kind: RecordKind, account: UUID, store: PortalStore, into file: URL) throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        var buffer = "["
        var first = true
        try store.records.forEachLiveRecord(account: account, kind: kind) { id, modifiedAt, fields in
            buffer += first ? "\n" : ",\n"
            first = false
            buffer += "{\"id\":\"\(id)\",\"modifiedAt\":\(modifiedAt),\"fields\":\(fields)}"
            if buffer.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(buffer.utf8))
                buffer = ""
            }
        }
        buffer += "\n]\n"
        try handle.write(contentsOf: Data(buffer.utf8))
    }
}
