import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import Observation

/// Which photos and videos a full-screen viewer pages through, and the one it opens on: those
/// of a spot, trip (with its catches') or catch, or the whole diary (issue 30 §3).
public struct MediaViewing: Hashable, Sendable {
    public var target: MediaTarget?
    public var assetId: UUID

    public init(target: MediaTarget?, assetId: UUID) {
        self.target = target
        self.assetId = assetId
    }
}

/// What a photo or video shows, as its viewer names it: the fish of its catch and the spot, or
/// its trip or spot.
public struct MediaSubject: Sendable, Equatable {
    public var title: String
    public var place: String?

    public init(title: String, place: String?) {
        self.title = title
        self.place = place
    }
}

/// A photo or video full screen (issue 30 §3, T4, T16, T17): swipe to the next or previous one,
/// pinch or double-tap to zoom a photo, play a video, share the file under its own name, delete
/// to the Trash with an undo (UI5); bytes on another device are fetched when the angler asks.
@MainActor
@Observable
public final class MediaViewerModel: SafeguardsDestructiveActions {
    public static let previous = Control("mediaViewer.previous", .button)
    public static let next = Control("mediaViewer.next", .button)
    public static let share = Control("mediaViewer.share", .button)
    public static let download = Control("mediaViewer.download", .button)
    public static let delete = Control("mediaViewer.delete", .button, safeguard: .undo)
    public static let controls = [previous, next, share, download, delete]

    /// How far a photo zooms in, and where a double tap takes it.
    public static let zoomRange: ClosedRange<Double> = 1...5
    public static let doubleTapZoom = 2.5
    /// How far (in points) a swipe must travel to turn to the next item.
    public static let swipeDistance = 60.0

    public let viewing: MediaViewing
    public private(set) var items: [MediaAsset] = []
    public private(set) var index = 0
    /// The shown photo's zoom: 1 fits the screen; back to 1 on every turn.
    public private(set) var zoom = 1.0
    /// The shown item's bytes under its own name (for the image, the player and the share
    /// sheet); nil while they are on another device.
    public private(set) var file: URL?
    /// The shown item's thumbnail, drawn while the full picture loads.
    public private(set) var thumbnail: URL?
    /// What the shown item is of: its catch ("Northern pike × 2") at its spot, else its trip's
    /// title or spot, else its spot.
    public private(set) var subject: MediaSubject?
    /// True when the viewer has nothing left to show (its last item went to the Trash): it closes.
    public private(set) var isEmpty = false
    public private(set) var problem: String?
    public private(set) var confirmation: PendingConfirmation?
    public private(set) var undoOffer: UndoOffer?

    /// Set once the first load has found the item asked for; later loads keep the place.
    private var hasOpened = false
    private let diary: DiaryQueue
    private let mediaFolder: URL
    private let thumbnails: MediaThumbnails?
    private let downloads: MediaDownloadService?
    private let formatter: MeasureFormatter
    private let catalog: Catalog
    private var language: Language { formatter.language }
    private var problems: ProblemMessages { ProblemMessages(language: language, catalog: catalog) }

    public init(
        diary: DiaryQueue, viewing: MediaViewing, mediaFolder: URL, thumbnails: MediaThumbnails?,
        downloads: MediaDownloadService?, formatter: MeasureFormatter, catalog: Catalog = .shared
    ) {
        self.diary = diary
        self.viewing = viewing
        self.mediaFolder = mediaFolder
        self.thumbnails = thumbnails
        self.downloads = downloads
        self.formatter = formatter
        self.catalog = catalog
    }

    public var current: MediaAsset? { items.indices.contains(index) ? items[index] : nil }
    public var isVideo: Bool { current?.kind == .video }
    public var canGoBack: Bool { index > 0 }
    public var canGoOn: Bool { index + 1 < items.count }

    /// `3 of 12` / `3 из 12`.
    public var positionText: String {
        catalog.text("mediaViewer.position", language, ["index": "\(index + 1)", "count": "\(items.count)"])
    }

    /// The screen's title: what the item shows ("Northern pike"), else where it is in the
    /// gallery ("3 of 12").
    public var titleText: String { subject?.title ?? positionText }

    /// Where and when: `Opera shore · Sat 12 May 2026, 05:40`, the capture time on the clock the
    /// file gave; the file's name when the item belongs to nothing.
    public var captionText: String {
        guard let asset = current else { return "" }
        let dates = DiaryDates(language: language)
        let taken = asset.metadata.capturedAt.map {
            dates.moment($0, offset: asset.metadata.captureUTCOffsetSeconds ?? 0)
        }
        let first = subject == nil ? asset.originalName : subject?.place
        return [first, taken].compactMap { $0 }.joined(separator: " · ")
    }

    /// Loads the items, opening on the one asked for (or the first, if it has gone).
    public func load() async throws {
        let target = viewing.target
        items = try await diary.read { try $0.media.assets(linkedTo: target, withItsCatches: true) }
        if !hasOpened, let first = items.firstIndex(where: { $0.id == viewing.assetId }) {
            index = first
        }
        hasOpened = true
        index = min(index, max(items.count - 1, 0))
        isEmpty = items.isEmpty
        await show()
    }

    public func showNext() async {
        guard canGoOn else { return }
        index += 1
        await show()
    }

    public func showPrevious() async {
        guard canGoBack else { return }
        index -= 1
        await show()
    }

    /// A horizontal swipe of `width` points ended: leftwards past ``swipeDistance`` shows the
    /// next item, rightwards the previous; a zoomed photo pans instead.
    public func swiped(width: Double) async {
        guard zoom == 1, abs(width) >= Self.swipeDistance else { return }
        if width < 0 { await showNext() } else { await showPrevious() }
    }

    /// A pinch by `factor` (1.2 spreads the fingers), kept within ``zoomRange``.
    public func magnify(by factor: Double) {
        guard !isVideo, factor.isFinite, factor > 0 else { return }
        zoom = min(max(zoom * factor, Self.zoomRange.lowerBound), Self.zoomRange.upperBound)
    }

    /// A double tap: in to ``doubleTapZoom``, or back to fit.
    public func toggleZoom() {
        guard !isVideo else { return }
        zoom = zoom == 1 ? Self.doubleTapZoom : 1
    }

    /// Fetches the shown item's bytes from the portal (they were taken on another device).
    public func downloadCurrent() async {
        guard let downloads, let asset = current else { return }
        do {
            _ = try await downloads.fetchMissing([asset])
            await show()
        } catch {
            problem = problems.text(error)
        }
    }

    public func request(_ control: Control) async {
        guard control == Self.delete, let asset = current else { return }
        do {
            undoOffer = try await diary.moveToTrashOfferingUndo(.media, asset.id, language: language, catalog: catalog)
            { [weak self] in
                try await self?.load()
                await self?.reopen(asset.id)
            }
            try await load()
        } catch {
            problem = problems.text(error)
        }
    }

    /// Shows `id` again (after its delete was undone).
    private func reopen(_ id: UUID) async {
        guard let restored = items.firstIndex(where: { $0.id == id }) else { return }
        index = restored
        await show()
    }

    /// What `asset` is of, from its first link that is still in the diary.
    nonisolated private static func subject(
        of asset: MediaAsset, in diary: Diary, formatter: MeasureFormatter, catalog: Catalog
    ) throws -> MediaSubject? {
        for link in asset.links {
            switch link.type {
            case .catch:
                guard let item = try? diary.catches.record(link.id), item.deletedAt == nil else { continue }
                let spot = try? diary.spots.record(try diary.trips.record(item.tripId).spotId)
                let lines = RecordLines(
                    formatter: formatter, entries: try diary.entriesNamed(by: [item]), catalog: catalog)
                return MediaSubject(title: lines.title(of: item), place: spot?.name)
            case .trip:
                guard let trip = try? diary.trips.record(link.id), trip.deletedAt == nil else { continue }
                let spot = (try? diary.spots.record(trip.spotId))?.name
                return MediaSubject(title: trip.title ?? spot ?? "", place: trip.title == nil ? nil : spot)
            case .spot:
                guard let spot = try? diary.spots.record(link.id), spot.deletedAt == nil else { continue }
                return MediaSubject(title: spot.name, place: nil)
            default: continue
            }
        }
        return nil
    }

    /// Resets the zoom and finds the shown item's file, thumbnail and subject.
    private func show() async {
        zoom = 1
        problem = nil
        guard let asset = current else {
            (file, thumbnail, subject) = (nil, nil, nil)
            return
        }
        thumbnail = try? await thumbnails?.thumbnail(asset)
        let (formatter, catalog) = (formatter, catalog)
        subject = try? await diary.read { try Self.subject(of: asset, in: $0, formatter: formatter, catalog: catalog) }
        let folder = mediaFolder
        do {
            file = try await diary.read { _ in try SharedMediaFiles.file(of: asset, in: folder) }
        } catch MediaStoreError.contentMissing {
            file = nil
        } catch {
            file = nil
            problem = problems.text(error)
        }
    }
}
