import Foundation
import Geodesy

/// A position the device reported while a trip's track records (issue 34 §3; T10).
public struct PositionFix: Sendable, Equatable {
    public var coordinate: Coordinate
    /// How far off the position may be, in metres; negative when the device says it is invalid.
    public var accuracyMeters: Double
    public var time: Date

    public init(coordinate: Coordinate, accuracyMeters: Double, time: Date) {
        self.coordinate = coordinate
        self.accuracyMeters = accuracyMeters
        self.time = time
    }
}

/// Why the device gives no positions to record.
public enum TrackPositionsProblem: Error, Equatable {
    /// The angler has not allowed the app to read the position (or a profile restricts it).
    case notAllowed
}

/// Where a recording track's positions come from (issue 34 §3): Core Location on the device —
/// live updates, and background activity held only while the sequence is being read — and a list
/// in tests. Reading stops when the task reading it is cancelled.
public protocol TrackPositions: Sendable {
    /// The positions as they come; throws ``TrackPositionsProblem/notAllowed`` when the device
    /// may not read them.
    func fixes() -> AsyncThrowingStream<PositionFix, any Error>
}
