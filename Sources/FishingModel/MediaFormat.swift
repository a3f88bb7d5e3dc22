/// Whether a media file is a still photo or a video.
///
/// The app files every captured (T16) or imported (T17) item under one of these kinds in its media
/// store (T4), and picks the viewer from it.
public enum MediaKind: String, Sendable, Codable {
    case photo
    case video
}

/// The container format of a media file, recognised from its bytes and never from its file name.
///
/// Serves T4, T16 and T17: the app decides how to store, label and show a captured or imported
/// file from this. `.heic` stands for every HEIF still-image container (brands `heic`, `heix`,
/// `mif1`, `msf1`, …), AVIF included, because their metadata lives in the same boxes.
public enum MediaFormat: String, Sendable, Codable {
    case jpeg
    case heic
    case png
    case mp4
    case mov

    /// `.photo` for JPEG, HEIC and PNG; `.video` for MP4 and MOV.
    public var kind: MediaKind {
        switch self {
        case .jpeg, .heic, .png: .photo
        case .mp4, .mov: .video
        }
    }

    /// The upper-case name used in error messages, such as "JPEG".
    public var name: String { rawValue.uppercased() }
}
