import FishingModel
import Foundation
import Geodesy

/// A trip's track on the ellipsoid (issue 34 §3; T9, T10): what it measures, and where along it
/// the angler was at a moment, which puts each catch on the trip's map.
extension TripTrack {
    /// Length, time and time moving (``Track/measure(_:times:)``).
    public var measures: Track.Measures {
        Track.measure(coordinates, times: isTimed ? points.map { $0.time!.timeIntervalSince1970 } : nil)
    }

    /// The points as coordinates.
    public var coordinates: [Coordinate] { points.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) } }

    /// Where the track was at `time`, between the two points around it (a straight line over the
    /// few metres between fixes); nil for a track without times or a moment outside it.
    public func position(at time: Date) -> Coordinate? {
        guard isTimed, let first = points.first?.time, let last = points.last?.time, first <= time, time <= last else {
            return nil
        }
        let after = points.firstIndex { $0.time! >= time } ?? points.count - 1
        let b = points[after]
        guard after > 0, b.time! > time else { return Coordinate(latitude: b.latitude, longitude: b.longitude) }
        let a = points[after - 1]
        let share = time.timeIntervalSince(a.time!) / b.time!.timeIntervalSince(a.time!)
        return Coordinate(
            latitude: a.latitude + share * (b.latitude - a.latitude),
            longitude: a.longitude + share * (b.longitude - a.longitude))
    }
}
