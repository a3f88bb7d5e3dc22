/// Which version of the sync protocol a client speaks (T3; issue 31 §3), so that an app already
/// on anglers' phones keeps syncing while the portal moves on, and one too old to sync is told to
/// update rather than failing on an answer it cannot read.
///
/// Every request of the app's sync client carries ``header``; a request without it comes from a
/// client of version 1, which predates the header. The portal answers a version below the oldest
/// it still serves with 426 and the problem code `ProblemCode.protocolTooOld`.
///
/// - Version 1: pulls carry every kind of record (the five of ``RecordKind/firstProtocolKinds``).
/// - Version 2: pulls name the kinds the client knows (``PullQuery/kinds``); the portal sends only
///   those, so an app that predates a kind never meets one.
public enum SyncProtocolVersion {
    /// The request header naming the client's version, and the portal's in its answers.
    public static let header = "HobbyStory-Protocol"
    /// The version this build speaks.
    public static let current = 2
    /// The oldest version a portal of this build serves unless told otherwise.
    public static let oldestServed = 1

    /// The version a request's ``header`` value names: 1 when absent; nil when it is not a
    /// positive number of at most four digits.
    public static func parse(_ value: String?) -> Int? {
        guard let value else { return 1 }
        guard (1...4).contains(value.utf8.count), value.utf8.allSatisfy({ (48...57).contains($0) }),
            let version = Int(value), version > 0
        else { return nil }
        return version
    }
}
