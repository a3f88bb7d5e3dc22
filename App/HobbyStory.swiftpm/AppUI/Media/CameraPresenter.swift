import AVFoundation
import AppFeatures
import DiaryStore
import FishingModel
import Foundation
import MediaLibrary
import UIKit

/// The camera behind the core's `CameraCapture` (T16): checks the device has a camera, asks for
/// permission (iOS shows the purpose strings of the app's Info.plist), shows the system camera
/// (``CameraScreen``, presented by the root view) and hands the photo or video to the import
/// pipeline as a file in a ``CaptureFolder``.
@MainActor
public final class CameraPresenter: CameraCapture {
    public let request = PresentedRequest<Result<MediaSource?, any Error>>()
    public private(set) var mode: CaptureMode = .photo
    private var target: MediaTarget?
    private let folder: CaptureFolder

    public init(folder: CaptureFolder = CaptureFolder()) { self.folder = folder }

    public func capture(_ mode: CaptureMode, for target: MediaTarget?) async throws -> MediaSource? {
        guard UIImagePickerController.isSourceTypeAvailable(.camera) else { throw CaptureProblem.cameraUnavailable }
        guard await Self.access(.video) else { throw CaptureProblem.cameraDenied }
        // A video still records, silently, when the microphone is refused.
        if mode == .video { _ = await Self.access(.audio) }
        self.mode = mode
        self.target = target
        return try await request.ask(otherwise: .success(nil)).get()
    }

    /// What the camera gave: a video's file is moved out of the camera's folder (removed when
    /// the camera closes), a photo written as JPEG.
    func received(_ info: [UIImagePickerController.InfoKey: Any]) {
        request.answer(
            Result {
                let folder = try folder.fresh()
                if let movie = info[.mediaURL] as? URL {
                    let url = folder.appendingPathComponent(
                        CaptureFolder.name(of: .video, at: Date(), pathExtension: movie.pathExtension))
                    try FileManager.default.moveItem(at: movie, to: url)
                    return MediaSource(url: url, target: target)
                }
                guard let image = info[.originalImage] as? UIImage, let jpeg = image.jpegData(compressionQuality: 0.9)
                else { return nil }
                let url = folder.appendingPathComponent(
                    CaptureFolder.name(of: .photo, at: Date(), pathExtension: "jpg"))
                try jpeg.write(to: url, options: .atomic)
                return MediaSource(url: url, target: target)
            })
    }

    private static func access(_ media: AVMediaType) async -> Bool {
        switch AVCaptureDevice.authorizationStatus(for: media) {
        case .authorized: true
        case .notDetermined: await AVCaptureDevice.requestAccess(for: media)
        default: false
        }
    }
}
