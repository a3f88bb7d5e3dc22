import Foundation

/// Writes a ustar archive to a file as a stream (issue 34 §2): members from files are copied in
/// pieces of ``TarReader/pieceSize``, each piece shown to the caller (to digest it) as it goes,
/// so memory stays bounded whatever the files weigh. ``finish()`` writes the end blocks and
/// flushes the file to disk; the caller renames it into place.
public final class TarWriter {
    private let handle: FileHandle

    /// Creates `url` (which must not exist) and writes to it.
    public init(creating url: URL) throws(TarError) {
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: url.path)
        else { throw TarError(.unreadable, name: "", detail: "cannot create \(url.path)") }
        self.handle = handle
    }

    deinit { try? handle.close() }

    /// A member holding `data`.
    public func add(name: String, data: Data, modified: Date) throws(TarError) {
        try write(TarArchive.header(name: name, size: Int64(data.count), modified: modified), name)
        try write(data, name)
        try write(TarArchive.padding(after: Int64(data.count)), name)
    }

    /// A member holding the bytes of the file at `url`, each piece passed to `observe` as it is
    /// written; its size is the file's when opened, and a file that changes size meanwhile is
    /// refused rather than archived torn. Returns the size.
    @discardableResult
    public func add(name: String, contentsOf url: URL, modified: Date, observe: (Data) -> Void = { _ in })
        throws(TarError) -> Int64
    {
        let source: FileHandle
        let size: Int64
        do {
            source = try FileHandle(forReadingFrom: url)
            size = Int64(try source.seekToEnd())
            try source.seek(toOffset: 0)
        } catch {
            throw TarError(.unreadable, name: name, detail: "\(url.lastPathComponent): \(error.localizedDescription)")
        }
        defer { try? source.close() }
        try write(TarArchive.header(name: name, size: size, modified: modified), name)
        var written: Int64 = 0
        while written < size {
            let piece: Data
            do {
                piece = try source.read(upToCount: Int(min(Int64(TarReader.pieceSize), size - written))) ?? Data()
            } catch {
                throw TarError(.unreadable, name: name, detail: error.localizedDescription)
            }
            guard !piece.isEmpty else { throw TarError(.truncated, name: name, detail: "the file shrank while read") }
            observe(piece)
            try write(piece, name)
            written += Int64(piece.count)
        }
        try write(TarArchive.padding(after: size), name)
        return size
    }

    /// Ends the archive and makes it durable.
    public func finish() throws(TarError) {
        try write(TarArchive.end, "")
        do { try handle.synchronize() } catch {
            throw TarError(.unreadable, name: "", detail: "could not flush the archive: \(error.localizedDescription)")
        }
    }

    private func write(_ data: Data, _ name: String) throws(TarError) {
        do { try handle.write(contentsOf: data) } catch {
            throw TarError(.unreadable, name: name, detail: "could not write: \(error.localizedDescription)")
        }
    }
}
