import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import SecureHashing
import TarArchive

/// Reads a backup in one streaming pass (issue 34 §2): checks that it is one, takes each member
/// in pieces while digesting it, and trusts nothing until every byte matched the manifest and
/// the diary inside matched what the manifest says it holds. ``verify(_:)`` writes nothing but
/// a scratch copy of the diary (to let SQLite check it); ``restore(_:into:)`` unpacks into a
/// restore's folder, which ``DeviceStorage/finishRestore(_:)`` then makes a profile.
public enum BackupReader {
    /// Checks the backup at `url` whole, without restoring it.
    public static func verify(_ url: URL) throws -> BackupContents {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hobbystory-verify-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        return try read(url, diaryTo: scratch.appendingPathComponent(BackupFormat.diaryMember), mediaRoot: nil)
    }

    /// Unpacks the backup at `url` into `restore`'s folder: the diary and every photo and video,
    /// each checked against its digest as it lands.
    public static func restore(_ url: URL, into restore: ProfileRestore) throws -> BackupContents {
        try read(url, diaryTo: restore.diaryURL, mediaRoot: MediaStore.folder(forDiaryAt: restore.diaryURL))
    }

    /// Restores the backup at `url` as a new profile of `draft` in `storage`, whole or not at all:
    /// the name is checked before anything is unpacked, and what a refused backup unpacked is
    /// removed (``DeviceStorage/beginRestore(_:)``, ``DeviceStorage/finishRestore(_:)``).
    public static func restore(_ url: URL, as draft: ProfileDraft, in storage: DeviceStorage) throws
        -> (profile: Profile, contents: BackupContents)
    {
        let restore = try storage.beginRestore(draft)
        let contents: BackupContents
        do { contents = try self.restore(url, into: restore) } catch {
            storage.abandonRestore(restore)
            throw error
        }
        return (try storage.finishRestore(restore), contents)
    }

    /// What the backup at `url` says it is, from its first member alone (the name a restore
    /// gives the new profile); nothing else is checked yet.
    public static func header(of url: URL) throws -> BackupHeader {
        do { return try readHeader(try TarReader(url: url)).header } catch let error as TarError {
            throw BackupError(error)
        }
    }

    /// A file's size in bytes (0 when it cannot be read).
    static func size(of url: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    private static func read(_ url: URL, diaryTo diaryURL: URL, mediaRoot: URL?) throws -> BackupContents {
        do {
            return try readArchive(url, diaryTo: diaryURL, mediaRoot: mediaRoot)
        } catch let error as TarError {
            throw BackupError(error)
        }
    }

    private static func readArchive(_ url: URL, diaryTo diaryURL: URL, mediaRoot: URL?) throws -> BackupContents {
        let reader = try TarReader(url: url)
        let (header, headerMember) = try readHeader(reader)
        var read = [headerMember]
        var names: Set = [headerMember.name]
        var manifest: BackupManifest?
        while let member = try reader.next(sizeLimit: .max) {
            guard manifest == nil else {
                throw BackupError(
                    .unexpectedMember, member.name, "after \(BackupFormat.manifestMember), which comes last")
            }
            guard names.insert(member.name).inserted else { throw BackupError(.duplicateMember, member.name, "") }
            if member.name == BackupFormat.manifestMember {
                let data = try reader.contents(limit: BackupFormat.manifestLimit)
                manifest = try BackupJSON.decode(BackupManifest.self, data, member: member.name)
            } else if member.name == BackupFormat.diaryMember {
                try limit(member, BackupFormat.diaryLimit)
                read.append(try unpack(member, from: reader, to: diaryURL))
            } else if let sha256 = BackupFormat.mediaContent(ofMember: member.name) {
                try limit(member, BackupFormat.mediaLimit)
                let unpacked = try unpack(member, from: reader, to: mediaRoot.map { MediaStore.contentURL($0, sha256) })
                guard unpacked.sha256 == sha256 else {
                    throw BackupError(.digestMismatch, member.name, "its bytes are not the ones its name states")
                }
                read.append(unpacked)
            } else {
                throw BackupError(.unexpectedMember, member.name, "not a part of a backup")
            }
        }
        guard let manifest else {
            throw BackupError(.missingMember, BackupFormat.manifestMember, "the archive ends before it")
        }
        guard names.contains(BackupFormat.diaryMember) else {
            throw BackupError(.missingMember, BackupFormat.diaryMember, "every backup holds the diary")
        }
        try check(read, against: manifest)
        let found = try Diary.summary(ofFileAt: diaryURL)
        guard found == manifest.diary else {
            throw BackupError(
                .diaryMismatch, BackupFormat.diaryMember,
                "its schema version, its records of each kind or the photos and videos it names differ from the manifest's"
            )
        }
        let inArchive = Set(read.compactMap { BackupFormat.mediaContent(ofMember: $0.name) })
        let accounted = inArchive.union(manifest.unavailableMedia.map(\.sha256))
        if let lost = manifest.diary.mediaContents.first(where: { !accounted.contains($0) }) {
            throw BackupError(.missingMember, BackupFormat.mediaMember(lost), "the diary names it")
        }
        return BackupContents(header: header, manifest: manifest, archiveBytes: size(of: url))
    }

    /// The first member: the header, checked to be this format in a version this build reads.
    private static func readHeader(_ reader: TarReader) throws -> (header: BackupHeader, member: BackupManifest.Member)
    {
        let first: TarReader.Member?
        do { first = try reader.next(sizeLimit: Int64(BackupFormat.headerLimit)) } catch {
            throw BackupError(.notABackup, "", error.description)
        }
        guard let first, first.name == BackupFormat.headerMember else {
            throw BackupError(.notABackup, "", "it does not begin with \(BackupFormat.headerMember)")
        }
        let data = try reader.contents(limit: BackupFormat.headerLimit)
        let header = try BackupJSON.decode(BackupHeader.self, data, member: first.name)
        guard header.format == BackupFormat.name else { throw BackupError(.notABackup, first.name, header.format) }
        guard header.version <= BackupFormat.version else {
            throw BackupError(
                .newerVersion, first.name, "version \(header.version); this build reads up to \(BackupFormat.version)")
        }
        return (header, .init(name: first.name, size: first.size, sha256: SHA256Digest.hex(of: data)))
    }

    /// Every member read is the manifest's, byte for byte, and the manifest names no other.
    private static func check(_ read: [BackupManifest.Member], against manifest: BackupManifest) throws {
        let stated = Dictionary(manifest.members.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for member in read {
            guard let expected = stated[member.name] else {
                throw BackupError(.unexpectedMember, member.name, "the manifest does not list it")
            }
            guard expected == member else {
                throw BackupError(
                    .digestMismatch, member.name,
                    "\(member.size) bytes with SHA-256 \(member.sha256), the manifest says \(expected.size) bytes with \(expected.sha256)"
                )
            }
        }
        let names = Set(read.map(\.name))
        if let missing = manifest.members.first(where: { !names.contains($0.name) }) {
            throw BackupError(.missingMember, missing.name, "the manifest lists it")
        }
    }

    private static func limit(_ member: TarReader.Member, _ limit: Int64) throws {
        guard member.size <= limit else {
            throw BackupError(.archive, member.name, "\(member.size) bytes, more than a backup's \(limit)")
        }
    }

    /// Reads a member's bytes into `destination` (through a `.part` file renamed when whole),
    /// or only digests them when there is none.
    private static func unpack(_ member: TarReader.Member, from reader: TarReader, to destination: URL?) throws
        -> BackupManifest.Member
    {
        var digest = SHA256Digest()
        var output: FileHandle?
        let partial = destination.map { $0.appendingPathExtension("part") }
        if let partial {
            try FileManager.default.createDirectory(
                at: partial.deletingLastPathComponent(), withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
                throw BackupError(.io, partial.path, "cannot create it")
            }
            output = FileHandle(forWritingAtPath: partial.path)
        }
        defer { try? output?.close() }
        while true {
            let piece = try reader.piece()
            if piece.isEmpty { break }
            digest.update(piece)
            do { try output?.write(contentsOf: piece) } catch {
                throw BackupError(.io, partial?.path ?? member.name, error.localizedDescription)
            }
        }
        if let output, let partial, let destination {
            do {
                try output.synchronize()
                try FileManager.default.moveItem(at: partial, to: destination)
            } catch {
                throw BackupError(.io, destination.path, error.localizedDescription)
            }
        }
        return .init(name: member.name, size: member.size, sha256: digest.finalizeHex())
    }
}
