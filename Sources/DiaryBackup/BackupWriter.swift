import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import SecureHashing
import TarArchive

/// Makes a backup of one diary (issue 34 §2): a copy of the diary as of one moment, every photo
/// and video its records name, and the manifest of their digests, streamed into a new archive
/// written beside `destination` and renamed into place only when whole and flushed — an
/// interrupted backup leaves no file that looks like one. Memory stays bounded: files are
/// copied a piece at a time.
public enum BackupWriter {
    /// Writes the backup of `diary` (whose media are in the `media` folder beside it) to
    /// `destination`, which must not exist. `madeBy` names the build.
    @discardableResult
    public static func create(
        diary: Diary, to destination: URL, madeBy: String, now: Date = Date()
    ) throws -> BackupContents {
        let snapshot = snapshotURL(for: destination)
        defer { try? FileManager.default.removeItem(at: snapshot) }
        try diary.writeBackupCopy(to: snapshot)
        return try create(
            snapshot: snapshot, profile: diary.profile, mediaRoot: MediaStore.folder(forDiaryAt: diary.fileURL),
            to: destination, madeBy: madeBy, now: now)
    }

    /// Where the diary's copy for a backup to `destination` goes: a hidden file beside it.
    public static func snapshotURL(for destination: URL) -> URL {
        destination.deletingLastPathComponent().appendingPathComponent(
            ".\(destination.lastPathComponent).\(UUID().uuidString.prefix(8)).diary")
    }

    /// Writes the backup of a diary already copied to `snapshot` (``Diary/writeBackupCopy(to:)``,
    /// taken where the diary is used — the app's queue — while the long part, the media, runs
    /// elsewhere) whose photos and videos are in `mediaRoot`.
    @discardableResult
    public static func create(
        snapshot: URL, profile: Profile, mediaRoot: URL, to destination: URL, madeBy: String, now: Date = Date()
    ) throws -> BackupContents {
        do {
            return try write(
                snapshot: snapshot, profile: profile, mediaRoot: mediaRoot, to: destination, madeBy: madeBy, now: now)
        } catch let error as TarError {
            throw BackupError(error)
        }
    }

    private static func write(
        snapshot: URL, profile: Profile, mediaRoot: URL, to destination: URL, madeBy: String, now: Date
    ) throws -> BackupContents {
        guard !FileManager.default.fileExists(atPath: destination.path) else {
            throw BackupError(.destinationExists, destination.path, "")
        }
        let partial = destination.deletingLastPathComponent().appendingPathComponent(
            ".\(destination.lastPathComponent).\(UUID().uuidString.prefix(8)).partial")
        defer { try? FileManager.default.removeItem(at: partial) }
        let summary = try Diary.summary(ofFileAt: snapshot)
        let header = BackupHeader(
            format: BackupFormat.name, version: BackupFormat.version, createdAt: now, madeBy: madeBy,
            profileName: profile.displayName, units: profile.units)

        let writer = try TarWriter(creating: partial)
        var members: [BackupManifest.Member] = []
        let headerData = try BackupJSON.encode(header)
        try writer.add(name: BackupFormat.headerMember, data: headerData, modified: now)
        members.append(
            .init(
                name: BackupFormat.headerMember, size: Int64(headerData.count), sha256: SHA256Digest.hex(of: headerData)
            ))
        members.append(try add(snapshot, as: BackupFormat.diaryMember, to: writer, modified: now))

        var unavailable: [BackupManifest.Unavailable] = []
        for sha256 in summary.mediaContents {
            let file = MediaStore.contentURL(mediaRoot, sha256)
            guard FileManager.default.fileExists(atPath: file.path) else {
                unavailable.append(.init(sha256: sha256, reason: "not on this device"))
                continue
            }
            let member = try add(file, as: BackupFormat.mediaMember(sha256), to: writer, modified: now)
            guard member.sha256 == sha256 else {
                // Bytes that changed on disk since they were stored: a restore would refuse the
                // member, so the backup stops here, naming it, and its unfinished file is removed.
                throw BackupError(.digestMismatch, member.name, "the stored photo or video on this device is damaged")
            }
            members.append(member)
        }
        let manifest = BackupManifest(members: members, diary: summary, unavailableMedia: unavailable)
        try writer.add(name: BackupFormat.manifestMember, data: try BackupJSON.encode(manifest), modified: now)
        try writer.finish()
        guard rename(partial.path, destination.path) == 0 else {
            throw BackupError(.io, destination.path, String(cString: strerror(errno)))
        }
        return BackupContents(header: header, manifest: manifest, archiveBytes: BackupReader.size(of: destination))
    }

    /// Copies a file into the archive, digesting it on the way.
    private static func add(_ file: URL, as name: String, to writer: TarWriter, modified: Date) throws
        -> BackupManifest.Member
    {
        var digest = SHA256Digest()
        let size = try writer.add(name: name, contentsOf: file, modified: modified) { digest.update($0) }
        return .init(name: name, size: size, sha256: digest.finalizeHex())
    }
}
