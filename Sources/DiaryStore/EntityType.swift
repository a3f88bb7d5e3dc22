/// The kinds of user object the diary stores, as the outbox, the Trash and sync name them.
public enum EntityType: String, Codable, Sendable, CaseIterable {
    case spot, trip, `catch`

    var table: String {
        switch self {
        case .spot: "spots"
        case .trip: "trips"
        case .catch: "catches"
        }
    }
}
