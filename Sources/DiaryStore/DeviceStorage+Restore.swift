import FishingModel
import Foundation

/// A backup being restored into a new profile (issue 34 §2): the profile it will become,
/// checked before anything is unpacked, and the folder the diary and its media are unpacked into,
/// outside `profiles/`, so nothing lists or opens it until ``DeviceStorage/finishRestore(_:)``.
public struct ProfileRestore: Sendable {
    public let profile: Profile
    /// Where the backup's `diary.sqlite` and `media/` go.
    public let folder: URL
    let pinHash: String?

    /// The unpacked diary's file.
    public var diaryURL: URL { folder.appendingPathComponent("diary.sqlite") }
}

extension DeviceStorage {
    /// Where restores in progress unpack.
    var restoringFolder: URL { root.appendingPathComponent("restoring") }

    /// Starts restoring a backup as a new profile of `draft`: its name must be free and its PIN is
    /// hashed now, so a backup is never unpacked for a profile that could not be made.
    public func beginRestore(_ draft: ProfileDraft) throws -> ProfileRestore {
        let (profile, pinHash) = try newProfile(draft)
        let folder = restoringFolder.appendingPathComponent(profile.id.uuidString.lowercased())
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return ProfileRestore(profile: profile, folder: folder, pinHash: pinHash)
    }

    /// Makes the unpacked diary a profile of this device: SQLite checks every page of it, it is
    /// brought to this build's schema and given this device's own sync identity
    /// (``Diary/forgetPreviousDevice()``), and only then is its folder moved into `profiles/`
    /// and the profile registered. Nothing is merged into another profile; on any failure the
    /// unpacked folder is removed and no profile appears.
    @discardableResult
    public func finishRestore(_ restore: ProfileRestore) throws -> Profile {
        do {
            _ = try Diary.summary(ofFileAt: restore.diaryURL)
            try {
                let diary = try Diary(
                    profile: restore.profile, fileURL: restore.diaryURL, sharedDirectoryURL: sharedDirectoryURL,
                    placeLabeler: placeLabeler, now: now)
                try diary.forgetPreviousDevice()
            }()
            let destination = folder(of: restore.profile)
            try FileManager.default.moveItem(at: restore.folder, to: destination)
            do {
                try register(restore.profile, pinHash: restore.pinHash)
            } catch {
                try? FileManager.default.removeItem(at: destination)
                throw error
            }
        } catch {
            abandonRestore(restore)
            throw error
        }
        log.info("profile restored from a backup", ["profile": restore.profile.id.uuidString.lowercased()])
        return restore.profile
    }

    /// Removes what a restore unpacked (a refused or cancelled backup).
    public func abandonRestore(_ restore: ProfileRestore) {
        try? FileManager.default.removeItem(at: restore.folder)
    }

    /// Removes what restores left a day or more ago (a crash or a killed process mid-restore);
    /// younger folders may be another process's restore in progress.
    func sweepAbandonedRestores() {
        let horizon = now().addingTimeInterval(-86_400)
        let folders =
            (try? FileManager.default.contentsOfDirectory(
                at: restoringFolder, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
        for folder in folders {
            let modified = (try? folder.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
            if (modified ?? .distantPast) < horizon { try? FileManager.default.removeItem(at: folder) }
        }
    }
}
