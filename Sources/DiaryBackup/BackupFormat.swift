import DiaryStore
import FishingModel
import Foundation

/// The backup archive (issue 34 §2; T2, T3, T4): one POSIX tar file any `tar` can list, holding
///
///     hobbystory-backup.json   what it is: format, version, when, the profile's name and units
///     diary.sqlite             the whole diary as of one moment (every record, its history, the
///                              Trash, settings, saved reports, unsent changes; signed out)
///     media/<sha256>           each photo and video, named by the SHA-256 of its bytes
///     manifest.json            last: every member before it with its size and SHA-256, and what
///                              the diary holds (``DiaryFileSummary``)
///
/// A reader checks every byte against the manifest before trusting any of it. Version 1 is the
/// first; a later build reads every earlier version (the diary inside migrates as it opens).
public enum BackupFormat {
    public static let name = "hobbystory-backup"
    public static let version = 1

    static let headerMember = "hobbystory-backup.json"
    static let diaryMember = "diary.sqlite"
    static let mediaPrefix = "media/"
    static let manifestMember = "manifest.json"

    /// The largest members a reader accepts: bounds on what a damaged or hostile file can make
    /// it hold in memory (the two JSON members) or write (the others).
    static let headerLimit = 64 << 10
    static let manifestLimit = 64 << 20
    static let diaryLimit: Int64 = 64 << 30
    static let mediaLimit: Int64 = 64 << 30

    /// The member name of the photo or video with these bytes.
    static func mediaMember(_ sha256: String) -> String { mediaPrefix + sha256 }

    /// The SHA-256 a media member's name states, when it is one.
    static func mediaContent(ofMember name: String) -> String? {
        guard name.hasPrefix(mediaPrefix) else { return nil }
        let digest = String(name.dropFirst(mediaPrefix.count))
        return digest.count == 64 && digest.allSatisfy({ "0123456789abcdef".contains($0) }) ? digest : nil
    }
}

/// The first member: what the archive is.
public struct BackupHeader: Codable, Sendable, Equatable {
    public var format: String
    public var version: Int
    public var createdAt: Date
    /// The build that made it ("hobbystory 1.4.0").
    public var madeBy: String
    public var profileName: String
    public var units: Units
}

/// The last member: every member before it and what the diary holds.
public struct BackupManifest: Codable, Sendable, Equatable {
    public struct Member: Codable, Sendable, Equatable, Hashable {
        public var name: String
        public var size: Int64
        public var sha256: String
    }

    /// A photo or video the diary names whose bytes are not in the archive, and why.
    public struct Unavailable: Codable, Sendable, Equatable {
        public var sha256: String
        public var reason: String
    }

    public var members: [Member]
    public var diary: DiaryFileSummary
    /// Photos and videos not on the device that made the backup (not yet downloaded from the
    /// portal) or damaged there; the portal keeps a synced one.
    public var unavailableMedia: [Unavailable]

    /// The photos and videos in the archive.
    public var media: [Member] { members.filter { BackupFormat.mediaContent(ofMember: $0.name) != nil } }

    /// Their bytes.
    public var mediaBytes: Int64 { media.reduce(0) { $0 + $1.size } }
}

/// What a backup holds, as its verification or restore found it.
public struct BackupContents: Sendable, Equatable {
    public var header: BackupHeader
    public var manifest: BackupManifest
    /// The archive's size in bytes.
    public var archiveBytes: Int64
}

/// JSON as the archive's two JSON members hold it: dates in ISO 8601, keys sorted.
enum BackupJSON {
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    static func decode<T: Decodable>(_ type: T.Type, _ data: Data, member: String) throws(BackupError) -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do { return try decoder.decode(type, from: data) } catch {
            throw BackupError(.unreadableMember, member, "\(error)")
        }
    }
}
