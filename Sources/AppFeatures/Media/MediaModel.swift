import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import Observation

/// Photos and videos (T4, T16, T17): the gallery of a trip, a catch or a spot (or all) as a grid
/// of thumbnails (issue 30 §3) opening the full-screen viewer, taking a photo or video with the
/// camera or choosing from the library — both through the one import pipeline, with progress
/// per file; the viewer deletes to the Trash with an undo offer (UI5). Bytes another device took
/// come from the portal when the angler asks.
@MainActor
@Observable
public final class MediaModel: DeclaresControls {
    public static let takePhoto = Control("media.takePhoto", .button)
    public static let takeVideo = Control("media.takeVideo", .button)
    public static let chooseFromLibrary = Control("media.library", .button)
    public static let open = Control("media.open", .link)
    public static let download = Control("media.download", .button)
    public static let controls = [takePhoto, takeVideo, chooseFromLibrary, open, download]

    /// How far an import has gone: files done of files chosen, and those that failed with why.
    public struct ImportProgress: Sendable, Equatable {
        public var done: Int
        public var total: Int
        public var failures: [String]
    }

    public let target: MediaTarget?
    public private(set) var assets: [MediaAsset] = []
    /// The assets as the grid shows them, with their thumbnails.
    public private(set) var tiles: [MediaTile] = []
    /// The assets whose bytes are on another device.
    public private(set) var missing: Set<UUID> = []
    public private(set) var progress: ImportProgress?
    public private(set) var problem: String?

    private let diary: DiaryQueue
    private let camera: any CameraCapture
    private let library: any PhotoLibraryPicker
    private let downloads: MediaDownloadService?
    private let thumbnails: MediaThumbnails?
    private let language: Language
    private let catalog: Catalog
    private var problems: ProblemMessages { ProblemMessages(language: language, catalog: catalog) }

    public init(
        diary: DiaryQueue, target: MediaTarget?, camera: any CameraCapture, library: any PhotoLibraryPicker,
        downloads: MediaDownloadService?, thumbnails: MediaThumbnails? = nil, language: Language,
        catalog: Catalog = .shared
    ) {
        self.thumbnails = thumbnails
        self.diary = diary
        self.target = target
        self.camera = camera
        self.library = library
        self.downloads = downloads
        self.language = language
        self.catalog = catalog
    }

    public func load() async throws {
        let target = target
        assets = try await diary.read { try $0.media.assets(linkedTo: target, withItsCatches: true) }
        missing = Set((downloads?.missing(assets) ?? []).map(\.id))
        tiles = await MediaTile.tiles(assets, thumbnails: thumbnails)
    }

    public func observe() async {
        for await change in diary.changes() where change.contains(.media) { try? await load() }
    }

    public func capture(_ mode: CaptureMode) async {
        do {
            guard let source = try await camera.capture(mode, for: target) else { return }
            await importSources([source])
        } catch {
            problem = problems.text(error)
        }
    }

    /// Lets the angler choose up to `limit` photos and videos and imports them one by one.
    public func chooseFromLibrary(limit: Int = 50) async {
        do {
            await importSources(try await library.pick(limit: limit, for: target))
        } catch {
            problem = problems.text(error)
        }
    }

    /// Fetches the bytes of the assets that are on another device.
    public func downloadMissing() async {
        guard let downloads else { return }
        do {
            try await downloads.fetchMissing(assets.filter { missing.contains($0.id) })
            try await load()
        } catch {
            problem = problems.text(error)
        }
    }

    /// Imports each source through the media pipeline — the copy off the diary's queue, then a
    /// short commit on it — so saves on other screens never wait for a video; a failure is
    /// listed and the rest go on.
    private func importSources(_ sources: [MediaSource]) async {
        guard !sources.isEmpty else { return }
        progress = ImportProgress(done: 0, total: sources.count, failures: [])
        for source in sources {
            do {
                try await diary.importMedia(source, thumbnails: thumbnails)
            } catch {
                progress?.failures.append("\(source.originalName): \(problems.text(error))")
            }
            progress?.done += 1
        }
        try? await load()
    }
}
