import AppFeatures
import MediaLibrary
import PhotosUI
import SwiftUI

/// Shows the system camera and the photo library picker over whatever screen asked for them
/// (T16, T17): the presenters hold the question, this binds their presentations.
struct MediaCaptureScreens: ViewModifier {
    let camera: CameraPresenter
    @Bindable var library: LibraryPresenter
    @Bindable var cameraRequest: PresentedRequest<Result<MediaSource?, any Error>>
    @Bindable var libraryRequest: PresentedRequest<Result<[MediaSource], any Error>>

    init(camera: CameraPresenter, library: LibraryPresenter) {
        self.camera = camera
        self.library = library
        cameraRequest = camera.request
        libraryRequest = library.request
    }

    func body(content: Content) -> some View {
        content
            .fullScreenCover(isPresented: $cameraRequest.isPresented, onDismiss: { cameraRequest.dismiss() }) {
                CameraScreen(presenter: camera).ignoresSafeArea()
            }
            .photosPicker(
                isPresented: $libraryRequest.isPresented, selection: $library.selection,
                maxSelectionCount: library.limit, selectionBehavior: .ordered, matching: .any(of: [.images, .videos])
            )
            .onChange(of: libraryRequest.isPresented) { _, shown in
                if !shown { Task { await library.pickerClosed() } }
            }
    }
}
