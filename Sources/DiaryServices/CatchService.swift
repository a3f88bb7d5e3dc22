import DiaryStore
import FishingModel
import Foundation
import MediaLibrary

/// Adding a catch, the same for the app's catch editor and `hobbystory catch add` (T2, T14, T16,
/// T17; issue 32 §2): the catch is saved in one transaction — refused whole, naming every invalid
/// field, when the draft breaks a rule —, then its conditions are asked for (never holding up the
/// save: in the background, or awaited within a short budget, what is missing staying queued),
/// then the photo it was logged from is imported and linked to it.
public struct CatchService: Sendable {
    public let diary: DiaryQueue
    /// Fetches the conditions of a catch just saved; nil when this device has no weather service.
    public let conditions: ConditionsService?
    /// Draws a linked photo's thumbnail right after the import; nil draws none.
    public let thumbnails: MediaThumbnails?

    public init(diary: DiaryQueue, conditions: ConditionsService?, thumbnails: MediaThumbnails? = nil) {
        self.diary = diary
        self.conditions = conditions
        self.thumbnails = thumbnails
    }

    /// When the conditions of a new catch are fetched.
    public enum ConditionsTiming: Sendable {
        /// In a task of their own: the screen that saved the catch moves on at once.
        case inBackground
        /// Before ``add(_:photo:conditions:)`` returns, within the conditions' short budget (the
        /// command line prints what it saved, conditions included).
        case awaited
    }

    /// What adding a catch did: the catch saved, and the photo linked to it — or why the photo
    /// could not be (the catch is saved either way; adding the photo again may be tried).
    public struct Addition: Sendable {
        public var item: Catch
        public var photo: MediaAddition?
        public var photoFailure: (any Error)?
    }

    /// Saves `draft` as a new catch, asks for its conditions, then imports `photo` (if any) and
    /// links it to the catch. Throws ``ValidationError`` (nothing saved) when the draft breaks a rule.
    public func add(_ draft: CatchDraft, photo: MediaSource? = nil, conditions timing: ConditionsTiming)
        async throws -> Addition
    {
        let item = try await diary.write { try $0.catches.add(draft) }
        switch timing {
        case .inBackground: conditions?.recordInBackground(of: .catch, item.id)
        case .awaited: try await conditions?.recordConditions(of: .catch, item.id)
        }
        return await linking(photo, to: item)
    }

    /// Saves `draft` over catch `id` (its conditions stay those of when it was caught), then
    /// imports `photo` (if any) and links it. Throws ``ValidationError`` (nothing saved) when the
    /// draft breaks a rule.
    public func update(_ id: UUID, to draft: CatchDraft, photo: MediaSource? = nil) async throws -> Addition {
        await linking(photo, to: try await diary.write { try $0.catches.update(id) { $0 = draft } })
    }

    private func linking(_ photo: MediaSource?, to item: Catch) async -> Addition {
        var addition = Addition(item: item)
        guard var photo else { return addition }
        photo.target = MediaTarget(.catch, item.id)
        do {
            addition.photo = try await diary.importMedia(photo, thumbnails: thumbnails)
        } catch {
            addition.photoFailure = error
        }
        return addition
    }
}

extension DiaryQueue {
    /// Imports one photo or video (T16, T17): copied, hashed and read off the diary's queue, then
    /// recorded in one short write; its thumbnail is drawn right after (issue 30 §3), so a grid
    /// never waits for it — a drawing that fails leaves the tile to show its kind.
    @discardableResult
    public func importMedia(_ source: MediaSource, thumbnails: MediaThumbnails?) async throws -> MediaAddition {
        let folder = try await read { MediaStore.folder(forDiaryAt: $0.fileURL) }
        let prepared = try await MediaImporter.prepareInBackground(source, in: folder)
        let addition = try await write { try MediaImporter(store: try MediaStore(diary: $0)).commit(prepared) }
        _ = try? await thumbnails?.thumbnail(addition.asset)
        return addition
    }
}
