// A stand-in for Apple's ActivityKit, written from Apple's public documentation for the app's
// Live Activity to type-check on Linux (see Platform/StandIns/README.md). Linux has no Lock Screen:
// no activity runs, and asking for one fails as if the angler had turned Live Activities off.
import Foundation

/// What a Live Activity shows: its fixed attributes, with the state that changes as a nested type
/// (Apple: `ActivityAttributes`).
public protocol ActivityAttributes: Decodable, Encodable {
    associatedtype ContentState: Decodable, Encodable, Hashable
}

/// The state a Live Activity shows, with when it goes out of date (Apple: `ActivityContent`).
public struct ActivityContent<State> where State: Decodable, State: Encodable, State: Hashable {
    public let state: State
    public let staleDate: Date?
    let relevanceScore: Double

    public init(state: State, staleDate: Date?, relevanceScore: Double = 0.0) {
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
    }
}

extension ActivityContent: Sendable where State: Sendable {}

/// A Live Activity the app started, to update and end (Apple: `Activity`, not `Sendable`). Linux
/// starts none: `activities` is empty and `request` throws `ActivityAuthorizationError.denied`.
public final class Activity<Attributes: ActivityAttributes> {
    public let id: String
    public let attributes: Attributes
    private let current: ActivityContent<Attributes.ContentState>

    private init(id: String, attributes: Attributes, content: ActivityContent<Attributes.ContentState>) {
        self.id = id
        self.attributes = attributes
        current = content
    }

    /// The state the activity shows.
    public var content: ActivityContent<Attributes.ContentState> { current }

    /// Starts a Live Activity; on Linux there is none to start.
    public static func request(
        attributes: Attributes, content: ActivityContent<Attributes.ContentState>, pushType: PushType? = nil
    ) throws -> Activity<Attributes> {
        throw ActivityAuthorizationError.denied
    }

    /// The app's Live Activities of these attributes; none on Linux.
    public static var activities: [Activity<Attributes>] { [] }

    /// Shows a new state.
    public func update(_ content: ActivityContent<Attributes.ContentState>) async {}

    /// Ends the activity, showing its last state until the policy removes it.
    public func end(
        _ content: ActivityContent<Attributes.ContentState>?, dismissalPolicy: ActivityUIDismissalPolicy = .default
    )
        async
    {}
}

/// When the system removes an activity that ended (Apple: `ActivityUIDismissalPolicy`).
public struct ActivityUIDismissalPolicy {
    let removal: Date?
    let immediately: Bool

    public static var `default`: ActivityUIDismissalPolicy {
        ActivityUIDismissalPolicy(removal: nil, immediately: false)
    }
    public static var immediate: ActivityUIDismissalPolicy {
        ActivityUIDismissalPolicy(removal: nil, immediately: true)
    }
    public static func after(_ date: Date) -> ActivityUIDismissalPolicy {
        ActivityUIDismissalPolicy(removal: date, immediately: false)
    }
}

/// How an activity's updates come by push notification (Apple: `PushType`).
public struct PushType {
    let name: String

    /// Updates pushed to the activity's own token.
    public static var token: PushType { PushType(name: "token") }
}

/// Why a Live Activity could not start (Apple: `ActivityAuthorizationError`).
public enum ActivityAuthorizationError: Error {
    case attributesTooLarge
    case denied
    case globalMaximumExceeded
    case malformedActivityIdentifier
    case missingProcessIdentifier
    case persistenceFailure
    case reconnectNotPermitted
    case unentitled
    case visibility
}

/// Whether the angler lets the app start Live Activities (Apple: `ActivityAuthorizationInfo`);
/// never on Linux.
public final class ActivityAuthorizationInfo {
    public init() {}

    /// Whether the app may start a Live Activity: false on Linux.
    public var areActivitiesEnabled: Bool { false }
}
