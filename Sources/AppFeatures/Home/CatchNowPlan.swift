import FishingModel
import Foundation
import Geodesy
import MediaLibrary

/// Where "Catch now" puts the catch (issue 13 §3 Home): decided before the angler's second tap,
/// shown in the sheet, and kept honest — the open trip, or a new trip at the nearest saved spot,
/// or a new spot at the angler's position.
public enum CatchNowPlan: Sendable, Equatable {
    /// The trip going on now.
    case openTrip(Trip)
    /// A new trip, starting now, at a saved spot within 500 m of here.
    case newTrip(at: Spot, meters: Double)
    /// A new spot here and a new trip at it.
    case newSpot(Coordinate)
    /// No trip is going on and the position is unknown: the angler picks a spot (a third tap).
    case needsSpot

    /// The plan for `now`: the latest live trip covering it; else, with a position, the nearest
    /// saved spot within ``CatchPrefill/spotRadiusMeters``, else a new spot there.
    static func make(trips: [Trip], spots: [Spot], here: Coordinate?, now: Date) -> CatchNowPlan {
        let open = trips.filter { $0.deletedAt == nil && $0.startAt <= now && ($0.endAt.map { now <= $0 } ?? true) }
        if let trip = open.max(by: { $0.startAt < $1.startAt }) { return .openTrip(trip) }
        guard let here else { return .needsSpot }
        let nearest = spots.filter { $0.deletedAt == nil }
            .map {
                (
                    $0,
                    Geodesic.inverse(from: here, to: Coordinate(latitude: $0.latitude, longitude: $0.longitude)).meters
                )
            }
            .filter { $0.1 <= CatchPrefill.spotRadiusMeters }
            .min { $0.1 < $1.1 }
        if let (spot, meters) = nearest { return .newTrip(at: spot, meters: meters) }
        return .newSpot(here)
    }
}
