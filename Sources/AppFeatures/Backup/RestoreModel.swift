import DiaryBackup
import DiaryStore
import FishingModel
import Foundation
import Observation

/// "Restore from a backup" on the Anglers screen (issue 34 §2; T2, T15), the first screen on a new
/// device: choose a backup (Files, iCloud Drive, any document provider), see whose it is and when
/// it was made, name the new angler — the backup's name, or another when that one is taken — and
/// restore it. Every byte is checked before it becomes a profile; a damaged file or a name in use
/// is said and leaves nothing behind. A backup never merges into a profile that exists.
@MainActor
@Observable
public final class RestoreModel: DeclaresControls {
    public static let choose = Control("restore.choose", .button)
    public static let nameField = Control("restore.name", .field)
    public static let pinField = Control("restore.pin", .field)
    public static let restore = Control("restore.restore", .button)
    public static let cancel = Control("restore.cancel", .button)
    public static let controls = [choose, nameField, pinField, restore, cancel]

    /// A backup file chosen, what its first member says, and the platform's hold on the file
    /// (its security scope, released when the restore is done or cancelled).
    public struct Chosen {
        public let file: URL
        public let header: BackupHeader
        let access: AnyObject?
    }

    /// The system's file browser is up.
    public var isChoosing = false
    public private(set) var chosen: Chosen?
    /// The new angler's name and optional PIN.
    public var name = ""
    public var pin = ""
    public private(set) var isWorking = false
    public private(set) var problem: String?
    /// The profile the last restore made.
    public private(set) var restored: Profile?

    private let storage: SerialAccess<DeviceStorage>
    private let language: Language
    private let catalog: Catalog
    /// Runs after a restore made a profile (the Anglers list reloads and selects it).
    public var onRestored: @MainActor (Profile) async -> Void = { _ in }

    public init(storage: SerialAccess<DeviceStorage>, language: Language, catalog: Catalog = .shared) {
        self.storage = storage
        self.language = language
        self.catalog = catalog
    }

    private var problems: ProblemMessages { ProblemMessages(language: language, catalog: catalog) }

    /// A file the angler chose: reads whose backup it is (its header only; the rest is checked as
    /// it is restored) and proposes a name no angler here has: the backup's own, else "Anna
    /// (restored)", numbered when that is taken too. `access` keeps the file readable meanwhile.
    public func choose(_ file: URL, access: AnyObject? = nil) async {
        cancel()
        do {
            let header = try await Task.detached { try BackupReader.header(of: file) }.value
            let restored = catalog.text("restore.defaultName", language, ["name": header.profileName])
            let candidates = [header.profileName, restored] + (2...9).map { "\(restored) \($0)" }
            let free = try await storage.run { storage in
                candidates.first { (try? storage.profile(named: $0)) == nil } ?? restored
            }
            chosen = Chosen(file: file, header: header, access: access)
            name = free
            problem = nil
        } catch {
            problem = problems.text(error)
        }
    }

    /// What the chosen backup is, whose and when, and what restoring it does.
    public var description: String? {
        guard let header = chosen?.header else { return nil }
        return catalog.text(
            "restore.chosen", language,
            [
                "name": header.profileName,
                "date": DiaryDates(language: language).day(
                    header.createdAt, offset: TimeZone.current.secondsFromGMT(for: header.createdAt)),
            ])
    }

    public var canRestore: Bool {
        chosen != nil && !isWorking && !name.trimmingCharacters(in: .whitespaces).isEmpty
    }

    /// Restores the chosen backup as a new profile of ``name`` (and ``pin``).
    public func restoreChosen() async {
        guard canRestore, let chosen else { return }
        isWorking = true
        defer { isWorking = false }
        let draft = ProfileDraft(
            displayName: name, pin: pin.isEmpty ? nil : pin, units: chosen.header.units)
        let (storage, file, name) = (self.storage, chosen.file, draft.displayName ?? "")
        do {
            guard try await storage.run({ (try? $0.profile(named: name)) == nil }) else {
                problem = catalog.text("restore.nameTaken", language, ["name": name])
                return
            }
            let restore = try await storage.run { try $0.beginRestore(draft) }
            do {
                _ = try await Task.detached { try BackupReader.restore(file, into: restore) }.value
            } catch {
                _ = try? await storage.run { $0.abandonRestore(restore) }
                throw error
            }
            let profile = try await storage.run { try $0.finishRestore(restore) }
            restored = profile
            cancel()
            await onRestored(profile)
        } catch {
            problem = problems.text(error)
        }
    }

    /// Forgets the chosen file (and releases it).
    public func cancel() {
        chosen = nil
        (name, pin, problem) = ("", "", nil)
    }
}
