import DiaryServices
import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import MediaMetadata
import SyncClient

/// The CLI's camera (T16): the photo or video "taken" is a file the angler names.
struct FileCamera: CameraCapture {
    let file: URL

    func capture(_ mode: CaptureMode, for target: MediaTarget?) async throws -> MediaSource? {
        MediaSource(url: file, target: target)
    }
}

/// The CLI's photo library (T17): the files named on the command line.
struct FileLibraryPicker: PhotoLibraryPicker {
    let files: [URL]

    func pick(limit: Int, for target: MediaTarget?) async throws -> [MediaSource] {
        files.prefix(limit).map { MediaSource(url: $0, target: target) }
    }
}

extension HobbyStoryCLI {
    static let mediaTargetOptions = OptionSpec(values: ["catch", "trip", "spot"])

    /// `media import|list|export` (T4, T16, T17; docs/media.md).
    static let mediaCommands: [Command] = [
        Command(name: "media import", operands: ["FILE"], repeatsLastOperand: true, spec: mediaTargetOptions) { c in
            let target = try c.mediaTarget()
            let picker = FileLibraryPicker(files: c.operands.map { URL(fileURLWithPath: $0) })
            let sources = try c.waitForSync { try await picker.pick(limit: Int.max, for: target) }
            let importer = MediaImporter(store: try c.mediaStore())
            if sources.count == 1 {
                let addition = try importer.importMedia(sources[0])
                c.output(c.json(addition), text: c.text(addition))
                return
            }
            // Several files: each failure is reported and the others still go in.
            var imported: [MediaAddition] = []
            var firstFailure: ExitCode?
            for source in sources {
                do {
                    imported.append(try importer.importMedia(source))
                } catch {
                    let code = c.cli.report(error, command: "media import")
                    firstFailure = firstFailure ?? code
                }
            }
            c.outputList(imported, empty: "Nothing imported.", json: c.json, text: c.text)
            if let firstFailure { throw AlreadyReported(exitCode: firstFailure) }
        },
        Command(name: "media list", spec: mediaTargetOptions) { c in
            let assets = try c.mediaStore().diary.media.assets(linkedTo: try c.mediaTarget())
            c.outputList(assets, empty: "No photos or videos yet.", json: c.json, text: c.text)
        },
        Command(name: "media export", operands: ["ID"], spec: OptionSpec(values: ["to"])) { c in
            guard let path = c.text("to") else { throw UsageError("media export needs --to PATH") }
            let store = try c.mediaStore()
            let id = try c.id(c.operands[0], .media)
            try c.fetchIfMissing([try store.diary.media.asset(id)], from: store)
            let written = try store.export(id, to: URL(fileURLWithPath: path))
            let asset = try store.diary.media.asset(id)
            c.output(
                .object([
                    "id": .string(id.uuidString.lowercased()), "path": .string(written.path),
                    "byteSize": .integer(asset.byteSize),
                ]),
                text: "Exported \(c.text(asset)) to \(written.path)")
        },
        Command(name: "media prefetch") { c in
            let store = try c.mediaStore()
            let missing = try store.diary.media.assets().filter { !store.hasContent($0) }
            try c.fetchIfMissing(missing, from: store)
            c.output(
                .object(["downloaded": .integer(Int64(missing.count))]),
                text: "Downloaded \(missing.count) photo(s) and video(s) from the portal.")
        },
    ]
}

extension CommandContext {
    /// Downloads from the portal the bytes of `assets` this device does not hold (other devices'
    /// photos and videos arrive as rows; their bytes come when opened, or by `media prefetch`).
    func fetchIfMissing(_ assets: [MediaAsset], from store: MediaStore) throws {
        let service = MediaDownloadService(
            diary: try diaryQueue(), mediaRoot: store.root, transport: portalTransports(timeout: .seconds(60)))
        _ = try waitForSync { try await service.fetchMissing(assets) }
    }

    /// The target of `--catch`, `--trip` or `--spot` (at most one), if any.
    func mediaTarget() throws -> MediaTarget? {
        let given = [RecordKind.catch, .trip, .spot].filter { arguments.has($0.rawValue) }
        guard given.count <= 1 else {
            throw UsageError("give at most one of --catch, --trip and --spot")
        }
        guard let type = given.first, let text = text(type.rawValue) else { return nil }
        return MediaTarget(type, try id(text, type))
    }

    /// Fills a new catch from the photo at `path` (issue 6 §2): its time when `--time` is absent,
    /// and, when `--trip` is absent, the latest live trip at the saved spot within 500 m of where
    /// it was taken that covers that time. Problems become validation issues on `tripId`.
    func prefill(_ draft: inout CatchDraft, fromPhoto path: String) throws {
        let url = URL(fileURLWithPath: path)
        let service = PhotoCatchService(diary: try diaryQueue(), now: cli.now)
        let current = draft
        let findTrip = !arguments.has("trip")
        let suggestion = try waitForSync { try await service.suggest(for: current, photoAt: url, findTrip: findTrip) }
        draft = suggestion.draft
        guard let problem = suggestion.tripProblem else { return }
        let fix =
            if case .noTripCovers = problem { "give --trip or add the trip first" } else { "give --trip" }
        parseIssues.append(
            ValidationIssue(field: MediaField.tripId, value: url.lastPathComponent, message: "\(problem); \(fix)"))
    }

    /// The photo a new catch is logged from, read through the CLI's camera (the same pipeline as
    /// `media import`); ``CatchService`` imports it and links it to the catch.
    func photoSource(_ path: String) throws -> MediaSource? {
        let camera = FileCamera(file: URL(fileURLWithPath: path))
        return try waitForSync { try await camera.capture(.photo, for: nil) }
    }

    /// Adds catches as the app does: the catch, its conditions, the photo it was logged from.
    func catchService() throws -> CatchService {
        CatchService(diary: try diaryQueue(), conditions: try conditionsService())
    }
}
