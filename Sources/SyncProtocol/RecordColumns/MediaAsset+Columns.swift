import FishingModel
import Foundation

extension MediaAsset {
    /// The field a photo's or video's links travel in beside its columns: the spots, trips and
    /// catches it belongs to, as `type:id` joined by commas (a set when merged, ``RecordMerge``).
    public static let linksField = "links"

    /// A photo's or video's columns (T4, T16, T17); its links travel beside them as `links`.
    public static let columns = RecordColumns<MediaAsset>(
        .media,
        blank: MediaAsset(
            id: .blank, sha256: "", byteSize: 0, originalName: "", metadata: MediaMetadata(format: .jpeg), links: [],
            createdAt: .blank, updatedAt: .blank),
        [
            .column("id", \.id),
            .column("sha256", \.sha256),
            .derived("kind") { .text($0.kind.rawValue) },
            .column("format", \.metadata.format),
            .column("byte_size", \.byteSize),
            .column("original_name", \.originalName),
            .column("captured_at", \.metadata.capturedAt, merge: .when),
            .column("capture_utc_offset_s", \.metadata.captureUTCOffsetSeconds, merge: .when),
            .column("latitude", \.metadata.latitude, merge: .position),
            .column("longitude", \.metadata.longitude, merge: .position),
            .column("altitude", \.metadata.altitude, merge: .position),
            .column("orientation", \.metadata.orientation),
            .column("width", \.metadata.pixelWidth),
            .column("height", \.metadata.pixelHeight),
            .column("duration_s", \.metadata.durationSeconds),
            .column("created_at", \.createdAt),
            .column("updated_at", \.updatedAt),
            .deviceOnly("deleted_at", \.deletedAt),
        ])
}
