import FishingModel

/// Where the diary keeps each kind of record.
extension RecordKind {
    /// Whether the weather, moon and field of its place and time are stored with it (T14).
    var hasConditions: Bool { self == .trip || self == .catch }

    var table: String {
        switch self {
        case .spot: "spots"
        case .trip: "trips"
        case .catch: "catches"
        case .media: "media_assets"
        case .report: "saved_reports"
        }
    }
}
