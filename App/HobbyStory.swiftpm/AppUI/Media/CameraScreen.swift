import MediaLibrary
import SwiftUI
import UIKit
import UniformTypeIdentifiers

/// The system camera for one photo or video (T16), reporting to its ``CameraPresenter``.
struct CameraScreen: UIViewControllerRepresentable {
    let presenter: CameraPresenter

    func makeUIViewController(context: Context) -> UIImagePickerController {
        let camera = UIImagePickerController()
        camera.sourceType = .camera
        camera.mediaTypes = [presenter.mode == .photo ? UTType.image.identifier : UTType.movie.identifier]
        camera.cameraCaptureMode = presenter.mode == .photo ? .photo : .video
        camera.videoQuality = .typeHigh
        camera.delegate = context.coordinator
        return camera
    }

    func updateUIViewController(_ uiViewController: UIImagePickerController, context: Context) {}

    func makeCoordinator() -> Delegate { Delegate(presenter: presenter) }

    /// Hears the camera's answer.
    final class Delegate: NSObject, UIImagePickerControllerDelegate, UINavigationControllerDelegate {
        let presenter: CameraPresenter

        init(presenter: CameraPresenter) { self.presenter = presenter }

        func imagePickerController(
            _ picker: UIImagePickerController,
            didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]
        ) {
            presenter.received(info)
        }

        func imagePickerControllerDidCancel(_ picker: UIImagePickerController) { presenter.request.dismiss() }
    }
}
