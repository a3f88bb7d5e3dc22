import Foundation

/// One device or browser of an account as the account page and `GET /v1/devices` show it (T3,
/// issue 16): the answer of ``PortalAPI/devices``, so both sides share it.
public struct DeviceSummary: Sendable, Equatable, Codable {
    public var id: UUID
    public var name: String
    public var createdAt: Date
    /// Its last sign-in, push or pull (pulls are noted at most once a minute).
    public var lastSeenAt: Date
    /// Sessions not revoked and not expired: zero once signed out everywhere.
    public var liveSessions: Int

    public init(id: UUID, name: String, createdAt: Date, lastSeenAt: Date, liveSessions: Int) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
        self.liveSessions = liveSessions
    }
}
