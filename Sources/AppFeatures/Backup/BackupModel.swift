import DiaryBackup
import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import Observation

/// "Back up the diary" on Settings' Data page (issue 34 §2; T2, T3, T4): the whole diary — every
/// record with its history, the Trash, settings, saved reports, unsent changes — and every photo
/// and video in one archive (``BackupWriter``), then handed to the share sheet, which saves it to
/// Files, iCloud Drive or any document provider, or sends it on. Saving never waits: the diary is
/// copied on its queue in a moment and the media are streamed off the main actor meanwhile.
@MainActor
@Observable
public final class BackupModel: DeclaresControls {
    public static let backUp = Control("backup.create", .button)
    public static let share = Control("backup.share", .button)
    public static let controls = [backUp, share]

    /// The backup made last: its file (in the app's temporary folder, replaced by the next) and
    /// what it holds.
    public struct Made: Sendable, Equatable {
        public let file: URL
        public let contents: BackupContents
    }

    public private(set) var isWorking = false
    public private(set) var made: Made?
    public private(set) var problem: String?

    private let diary: DiaryQueue
    private let folder: URL
    private let madeBy: String
    private let language: Language
    private let now: @Sendable () -> Date

    /// `folder` holds the backup until the share sheet has taken it.
    public init(
        diary: DiaryQueue, folder: URL, madeBy: String, language: Language,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.diary = diary
        self.folder = folder
        self.madeBy = madeBy
        self.language = language
        self.now = now
    }

    /// Makes a new backup, replacing the one made before.
    public func backUp() async {
        guard !isWorking else { return }
        isWorking = true
        defer { isWorking = false }
        let (madeBy, time, folder) = (self.madeBy, now(), self.folder)
        problem = await ProblemMessages(language: language).problem {
            let (profile, diaryURL) = try await self.diary.read { ($0.profile, $0.fileURL) }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent(Self.fileName(profile.displayName, time))
            if let previous = self.made?.file { try? FileManager.default.removeItem(at: previous) }
            try? FileManager.default.removeItem(at: file)
            self.made = nil
            let snapshot = BackupWriter.snapshotURL(for: file)
            defer { try? FileManager.default.removeItem(at: snapshot) }
            try await self.diary.read { try $0.writeBackupCopy(to: snapshot) }
            let contents = try await Task.detached {
                try BackupWriter.create(
                    snapshot: snapshot, profile: profile, mediaRoot: MediaStore.folder(forDiaryAt: diaryURL), to: file,
                    madeBy: madeBy, now: time)
            }.value
            self.made = Made(file: file, contents: contents)
        }
    }

    /// "Anna 2026-12-07.hsbackup": whose and when, in a name any file system takes.
    static func fileName(_ profile: String, _ time: Date) -> String {
        FileNames.dated(profile, time, extension: "hsbackup")
    }

    /// What the last backup holds, in the angler's words: when it was made, its trips, catches,
    /// photos and videos and size, that it waits to be saved or sent, and those of its photos and
    /// videos that were not on this device.
    public func summary(_ catalog: Catalog = .shared) -> String? {
        guard let made else { return nil }
        let diary = made.contents.manifest.diary
        let megabytes = String(format: "%.1f", Double(made.contents.archiveBytes) / 1e6)
        var text = catalog.text(
            "backup.made", language,
            [
                "date": DiaryDates(language: language).moment(
                    made.contents.header.createdAt,
                    offset: TimeZone.current.secondsFromGMT(for: made.contents.header.createdAt)),
                "trips": catalog.text("backup.trips", language, count: diary.live[RecordKind.trip.rawValue] ?? 0),
                "catches": catalog.text("backup.catches", language, count: diary.live[RecordKind.catch.rawValue] ?? 0),
                "media": catalog.text("backup.media", language, count: made.contents.manifest.media.count),
                "size": megabytes,
            ])
        let missing = made.contents.manifest.unavailableMedia.count
        if missing > 0 { text += " " + catalog.text("backup.unavailable", language, count: missing) }
        return text
    }
}
