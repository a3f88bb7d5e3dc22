import DiaryStore
import FishingModel
import Foundation

/// A photo or video ready to be imported: a file on this device, the name it had where it came
/// from, and the spot, trip or catch it is for, if any. What the camera (T16) and the photo
/// library (T17) hand to the one ``MediaImporter`` pipeline.
public struct MediaSource: Sendable, Equatable {
    public var url: URL
    public var originalName: String
    public var target: MediaTarget?

    /// A source for the file at `url`; the original name defaults to the file's name.
    public init(url: URL, originalName: String? = nil, target: MediaTarget? = nil) {
        self.url = url
        self.originalName = originalName ?? url.lastPathComponent
        self.target = target
    }
}

/// What the angler asks the camera for (T16).
public enum CaptureMode: String, Sendable, CaseIterable {
    case photo, video
}

/// "Take a photo or video" (T16). The iPhone and iPad layer implements it with AVFoundation and
/// writes the result to a file; the CLI implements it with a file the angler names. Either way
/// the source goes through ``MediaImporter/importMedia(_:)``.
public protocol CameraCapture: Sendable {
    /// Captures one photo or video for `target`; nil when the angler cancels.
    func capture(_ mode: CaptureMode, for target: MediaTarget?) async throws -> MediaSource?
}

/// Why a photo or video could not be taken or picked (T16, T17); each front end says how to fix it.
public enum CaptureProblem: Error, Equatable, Sendable {
    /// The angler turned the camera off for the app (or a profile on the device restricts it).
    case cameraDenied
    /// The device has no camera (the simulator, some iPads' rear camera for video).
    case cameraUnavailable
    /// Items picked in the library whose bytes could not be read (an iCloud original unreachable).
    case unreadablePicks(count: Int)
}

/// "Pick from the library" (T17). The iPhone and iPad layer implements it with PhotosUI and
/// copies each pick to a file; the CLI implements it with the files named on its command line.
/// Either way the sources go through ``MediaImporter/importMedia(_:)``.
public protocol PhotoLibraryPicker: Sendable {
    /// Lets the angler choose up to `limit` photos and videos for `target`; empty when cancelled.
    func pick(limit: Int, for target: MediaTarget?) async throws -> [MediaSource]
}
