/// The kinds of user object the diary stores, as the outbox, the Trash and sync name them.
///
/// Every kind goes to the Trash, the outbox and the portal alike (T3): `media` is a photo or
/// video (T4, T16, T17; its bytes travel apart, docs/media.md), `report` a saved custom report
/// (T18), which the site runs too (issue 16). The cases are in parents-first order, the order
/// pulled records are applied in.
public enum EntityType: String, Codable, Sendable, CaseIterable {
    case spot, trip, `catch`, media, report

    /// Whether photos and videos can belong to it.
    public var holdsMedia: Bool { self == .spot || self == .trip || self == .catch }

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
