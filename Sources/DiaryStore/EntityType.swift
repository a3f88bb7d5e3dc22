/// The kinds of user object the diary stores, as the outbox, the Trash and sync name them.
///
/// `media` is a photo or video (T4, T16, T17). It goes to the Trash and the outbox like the
/// others, but sync does not push it yet: the portal's record kinds (`RecordKind`) do not include
/// it until the media part of sync lands, so its outbox entries wait (see docs/media.md).
public enum EntityType: String, Codable, Sendable, CaseIterable {
    case spot, trip, `catch`, media

    var table: String {
        switch self {
        case .spot: "spots"
        case .trip: "trips"
        case .catch: "catches"
        case .media: "media_assets"
        }
    }
}
