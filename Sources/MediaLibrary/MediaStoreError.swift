import MediaMetadata

/// Why the media store could not import, export or keep a photo or video, in words an angler can
/// act on (T4, T16, T17). A refused import changes nothing: no file, no row.
public enum MediaStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file to import cannot be opened or read.
    case unreadableSource(path: String, reason: String)
    /// The file is not a photo or video the diary can read (JPEG, HEIC, PNG, MP4, MOV).
    case unsupportedMedia(name: String, problem: MediaMetadataError)
    /// The asset's bytes are not on this device.
    case contentMissing(sha256: String)
    /// The stored bytes no longer hash to the asset's SHA-256.
    case contentDamaged(sha256: String, found: String)
    /// An export would overwrite an existing file.
    case destinationExists(path: String)
    /// Reading or writing the store's own files failed (a full disk, a permission).
    case io(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadableSource(let path, let reason): "cannot read \(path): \(reason)"
        case .unsupportedMedia(let name, let problem):
            "\(name) is not a photo or video the diary can store (JPEG, HEIC, PNG, MP4, MOV): \(problem)"
        case .contentMissing(let sha256): "the bytes of this photo or video (\(sha256)) are not on this device"
        case .contentDamaged(let sha256, let found):
            "the stored bytes of \(sha256) are damaged: they now hash to \(found)"
        case .destinationExists(let path): "\(path) already exists; choose another name or remove it first"
        case .io(let path, let reason): "\(path): \(reason)"
        }
    }
}
