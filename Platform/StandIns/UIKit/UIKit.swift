import Foundation

/// A screen of a UIKit app (Apple: `UIViewController`).
@MainActor open class UIViewController: NSObject {
    public override init() { super.init() }
}

/// A stack of UIKit screens (Apple: `UINavigationController`).
@MainActor open class UINavigationController: UIViewController {}

/// What a navigation controller tells its delegate (Apple: `UINavigationControllerDelegate`).
@MainActor public protocol UINavigationControllerDelegate: NSObjectProtocol {}

/// A picture in memory (Apple: `UIImage`).
@MainActor open class UIImage: NSObject {
    /// The file the picture was read from. Not Apple API: the wireframes draw it.
    public let _wireframeFile: String?

    override public init() {
        _wireframeFile = nil
    }

    /// The picture in the file at `path`, or nil when there is none (Linux: the file is not
    /// decoded; the wireframe draws it).
    public init?(contentsOfFile path: String) {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        _wireframeFile = path
    }

    /// The picture as JPEG, or nil when it cannot be encoded (Linux: never encoded).
    nonisolated public func jpegData(compressionQuality: CGFloat) -> Data? { nil }
}

/// The system's camera screen (Apple: `UIImagePickerController`, used here for its camera).
@MainActor open class UIImagePickerController: UINavigationController {
    public enum SourceType: Int, Sendable {
        case photoLibrary, camera, savedPhotosAlbum
    }
    public enum CameraCaptureMode: Int, Sendable {
        case photo, video
    }
    public enum QualityType: Int, Sendable {
        case typeHigh, typeMedium, typeLow, type640x480, typeIFrame1280x720, typeIFrame960x540
    }
    /// A key of what the picker hands back (Apple: `UIImagePickerController.InfoKey`).
    public struct InfoKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let mediaType = InfoKey(rawValue: "UIImagePickerControllerMediaType")
        public static let originalImage = InfoKey(rawValue: "UIImagePickerControllerOriginalImage")
        public static let mediaURL = InfoKey(rawValue: "UIImagePickerControllerMediaURL")
        public static let mediaMetadata = InfoKey(rawValue: "UIImagePickerControllerMediaMetadata")
    }

    public var sourceType: SourceType = .photoLibrary
    public var mediaTypes: [String] = ["public.image"]
    public var cameraCaptureMode: CameraCaptureMode = .photo
    public var videoQuality: QualityType = .typeMedium
    public var videoMaximumDuration: TimeInterval = 600
    public weak var delegate: (any UIImagePickerControllerDelegate & UINavigationControllerDelegate)?

    /// Whether the device has the source (Linux: none).
    public class func isSourceTypeAvailable(_ sourceType: SourceType) -> Bool { false }
}

/// What the camera screen tells its delegate (Apple: `UIImagePickerControllerDelegate`; its
/// methods are optional there, required here, which Apple's compiler accepts as well).
@MainActor public protocol UIImagePickerControllerDelegate: NSObjectProtocol {
    func imagePickerController(
        _ picker: UIImagePickerController, didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any])
    func imagePickerControllerDidCancel(_ picker: UIImagePickerController)
}

/// The device the app runs on (Apple: `UIDevice`).
@MainActor open class UIDevice: NSObject {
    public static let current = UIDevice()
    /// The device's name as the angler sees it in Settings (a generic name without the
    /// entitlement to read the angler's own).
    open var name: String { "iPhone" }
    open var systemVersion: String { "18.0" }
}

/// A rectangle of the screen that draws and takes touches (Apple: `UIView`).
@MainActor open class UIView: NSObject {
    public override init() { super.init() }
}

/// A colour (Apple: `UIColor`).
open class UIColor: NSObject, @unchecked Sendable {
    let name: String
    init(name: String) { self.name = name }
    public static let systemBlue = UIColor(name: "systemBlue")
}

/// Which keyboard a text entry shows (Apple: `UIKeyboardType`).
public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress,
        decimalPad, twitter, webSearch, asciiCapableNumberPad
}
