import Foundation

/// The spot, trip or catch a photo or video belongs to (T4). One asset can belong to several.
public struct MediaTarget: Hashable, Sendable, Codable {
    public var type: RecordKind
    public var id: UUID

    public init(_ type: RecordKind, _ id: UUID) {
        self.type = type
        self.id = id
    }
}

/// A photo or video in the diary (T4), captured with the camera (T16) or imported from the
/// device's memory (T17): the row describing bytes kept under their SHA-256 in the profile's
/// media folder, what the bytes say about themselves, and the objects it belongs to.
public struct MediaAsset: Sendable, Equatable, Identifiable {
    public var id: UUID
    /// 64 lowercase hex digits: the content address of the bytes.
    public var sha256: String
    public var byteSize: Int64
    /// The file name the photo or video had where it came from.
    public var originalName: String
    /// Format, capture time and place, pixel size, orientation and duration, as read at import.
    public var metadata: MediaMetadata
    /// The spots, trips and catches it belongs to, oldest link first.
    public var links: [MediaTarget]
    public var createdAt: Date
    public var updatedAt: Date
    /// Set while the asset is in the Trash (UI5).
    public var deletedAt: Date?

    public var kind: MediaKind { metadata.kind }

    public init(
        id: UUID, sha256: String, byteSize: Int64, originalName: String, metadata: MediaMetadata, links: [MediaTarget],
        createdAt: Date, updatedAt: Date, deletedAt: Date? = nil
    ) {
        (self.id, self.sha256, self.byteSize, self.originalName) = (id, sha256, byteSize, originalName)
        (self.metadata, self.links, self.createdAt, self.updatedAt, self.deletedAt) =
            (metadata, links, createdAt, updatedAt, deletedAt)
    }
}
