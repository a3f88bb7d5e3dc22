/// The kinds of user object the diary stores, as the outbox, the Trash and sync name them.
///
/// `media` is a photo or video (T4, T16, T17). It goes to the Trash and the outbox like the
/// others, but sync does not push it yet: the portal's record kinds (`RecordKind`) do not include
/// it until the media part of sync lands, so its outbox entries wait (see docs/media.md).
///
/// `report` is a saved custom report (T18): it goes to the Trash and comes back like the others,
/// but stays on this device — sync does not carry it until the portal stores reports (the site
/// issue), so it never enters the outbox (``isSynced``).
public enum EntityType: String, Codable, Sendable, CaseIterable {
    case spot, trip, `catch`, media, report

    /// Whether changes are queued for the portal.
    public var isSynced: Bool { self != .report }

    /// Whether photos and videos can belong to it.
    public var holdsMedia: Bool { self == .spot || self == .trip || self == .catch }

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
