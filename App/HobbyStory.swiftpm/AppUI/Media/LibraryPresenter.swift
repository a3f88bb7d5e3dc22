import AppFeatures
import CoreTransferable
import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import Observation
import PhotosUI
import UniformTypeIdentifiers

/// The photo library behind the core's `PhotoLibraryPicker` (T17): the root view presents
/// PhotosUI's picker (no library permission is needed: the picker runs outside the app); when it
/// closes, each chosen item is copied to a file in a ``CaptureFolder`` and the files go to the
/// import pipeline in the order chosen (with `.ordered` selection). Items that cannot be read are counted in ``unreadable``.
@Observable
@MainActor
public final class LibraryPresenter: PhotoLibraryPicker {
    public let request = PresentedRequest<Result<[MediaSource], any Error>>()
    public var selection: [PhotosPickerItem] = []
    public private(set) var limit = 50
    /// How many chosen items of the last pick could not be read.
    public private(set) var unreadable = 0
    private var target: MediaTarget?

    public init() {}

    public func pick(limit: Int, for target: MediaTarget?) async throws -> [MediaSource] {
        selection = []
        unreadable = 0
        self.limit = limit
        self.target = target
        return try await request.ask(otherwise: .success([])).get()
    }

    /// The picker closed: copies what was chosen and answers; nothing chosen answers nothing.
    func pickerClosed() async {
        guard request.isWaiting else { return }
        let items = selection
        selection = []
        guard !items.isEmpty else { return request.dismiss() }
        var sources: [MediaSource] = []
        for item in items {
            if let file = try? await item.loadTransferable(type: PickedFile.self) {
                sources.append(MediaSource(url: file.url, target: target))
            } else {
                unreadable += 1
            }
        }
        request.answer(
            sources.isEmpty ? .failure(CaptureProblem.unreadablePicks(count: unreadable)) : .success(sources))
    }
}

/// A photo or video as the picker hands it over: a file the system removes once the import
/// closure returns, so it is copied at once to a hand-over folder of its own (names repeat).
struct PickedFile: Transferable {
    let url: URL

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(importedContentType: .item) { received in
            let url = try CaptureFolder().fresh().appendingPathComponent(received.file.lastPathComponent)
            try FileManager.default.copyItem(at: received.file, to: url)
            return PickedFile(url: url)
        }
    }
}
