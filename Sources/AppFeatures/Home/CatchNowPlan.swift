import FishingModel
import Foundation
import Geodesy
import MediaLibrary

/// Where "Catch now" puts the catch (issue 13 §3 Home, issue 30 §2.2–2.4; T11, T10): decided at the
/// first tap, shown in the sheet before anything is saved, changeable in one tap, and never a trip
/// from another day.
public struct CatchNowPlan: Sendable, Equatable {
    /// One place a catch can go.
    public enum Destination: Sendable, Equatable {
        /// A trip going on now (``OpenTripRule``).
        case trip(Trip, spot: Spot?)
        /// A new trip, starting now, at a saved spot; `meters` from the angler when the position is known.
        case newTrip(at: Spot, meters: Double?)
        /// A new spot at the angler's position and a new trip at it.
        case newSpot(Coordinate)
    }

    /// A trip the angler never ended that is no longer going on: saving a catch elsewhere ends it
    /// at ``endAt`` (its last catch, or its start when it has none), as the sheet says first.
    public struct LeftOpen: Sendable, Equatable {
        public let trip: Trip
        public let spot: Spot?
        public let endAt: Date
    }

    /// Where the catch goes; nil when no trip is going on and the position is unknown: the angler
    /// picks a spot (a third tap), and nothing is saved before.
    public var destination: Destination?
    /// Every place it could go instead: the trips going on, then a new trip at each saved spot
    /// (nearest first with a position, else most recently fished first), then a new spot here.
    public let choices: [Destination]
    /// The latest trip left open, ended when a catch starts a new trip (see ``LeftOpen``).
    public let leftOpen: LeftOpen?

    /// A trip of the diary with the time of its latest live catch, as the plan weighs it.
    public struct TripActivity: Sendable {
        public let trip: Trip
        public let lastCatchAt: Date?
        public init(trip: Trip, lastCatchAt: Date?) {
            self.trip = trip
            self.lastCatchAt = lastCatchAt
        }
    }

    /// The plan for `now`: the latest trip going on; else, with a position, a new trip at the
    /// nearest saved spot within ``CatchPrefill/spotRadiusMeters``, else a new spot there; without
    /// a position, no destination until the angler picks a spot.
    static func make(trips: [TripActivity], spots: [Spot], here: Coordinate?, now: Date) -> CatchNowPlan {
        let live = spots.filter { $0.deletedAt == nil }
        let spotsById = Dictionary(live.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let rule = OpenTripRule(now: now, here: here)
        let candidates = trips.filter { $0.trip.deletedAt == nil }.sorted { $0.trip.startAt > $1.trip.startAt }
        let going = candidates.filter { rule.isGoingOn($0, at: spotsById[$0.trip.spotId]) }
        let leftOpen = candidates.first {
            $0.trip.endAt == nil && $0.trip.startAt <= now && !rule.isGoingOn($0, at: spotsById[$0.trip.spotId])
        }
        .map { LeftOpen(trip: $0.trip, spot: spotsById[$0.trip.spotId], endAt: $0.lastCatchAt ?? $0.trip.startAt) }
        let distances = here.map { here in
            Dictionary(
                live.map {
                    (
                        $0.id,
                        Geodesic.inverse(from: here, to: Coordinate(latitude: $0.latitude, longitude: $0.longitude))
                            .meters
                    )
                }, uniquingKeysWith: { a, _ in a })
        }
        let lastFished = Dictionary(
            candidates.map { ($0.trip.spotId, $0.trip.startAt) }, uniquingKeysWith: { a, b in max(a, b) })
        let ordered = live.sorted { a, b in
            if let distances, let da = distances[a.id], let db = distances[b.id], da != db { return da < db }
            let (fa, fb) = (lastFished[a.id] ?? .distantPast, lastFished[b.id] ?? .distantPast)
            return fa != fb ? fa > fb : a.name < b.name
        }
        let newTrips = ordered.map { Destination.newTrip(at: $0, meters: distances?[$0.id]) }
        let choices =
            going.map { Destination.trip($0.trip, spot: spotsById[$0.trip.spotId]) } + newTrips
            + (here.map { [Destination.newSpot($0)] } ?? [])
        let destination: Destination?
        if let trip = going.first {
            destination = .trip(trip.trip, spot: spotsById[trip.trip.spotId])
        } else if let here {
            if let nearest = ordered.first, let meters = distances?[nearest.id], meters <= CatchPrefill.spotRadiusMeters
            {
                destination = .newTrip(at: nearest, meters: meters)
            } else {
                destination = .newSpot(here)
            }
        } else {
            destination = nil
        }
        return CatchNowPlan(destination: destination, choices: choices, leftOpen: leftOpen)
    }

    /// Whether saving at the destination ends ``leftOpen`` (a catch starting a new trip does; one
    /// added to the left-open trip itself, or to another trip going on, does not).
    public var endsLeftOpen: Bool {
        guard leftOpen != nil, let destination else { return false }
        if case .trip = destination { return false }
        return true
    }
}

/// When a trip without an end still counts as going on for "Catch now" (issue 30 §2.2): it has
/// started, its latest catch (or its start, before the first) is at most ``quietLimit`` ago, and
/// the angler — when the position and the trip's spot are known — is within ``awayLimitMeters``
/// of its spot. A trip with an end goes on between its start and its end. docs/app.md explains
/// the rule to anglers.
public struct OpenTripRule: Sendable {
    /// Three hours without a catch end a trip for "Catch now": a longer pause is another outing.
    public static let quietLimit: TimeInterval = 3 * 3_600
    /// Farther than this from the trip's spot, the angler is fishing somewhere else.
    public static let awayLimitMeters = 2_000.0

    let now: Date
    let here: Coordinate?

    func isGoingOn(_ activity: CatchNowPlan.TripActivity, at spot: Spot?) -> Bool {
        let trip = activity.trip
        guard trip.startAt <= now else { return false }
        if let end = trip.endAt { return now <= end }
        let lastActive = max(trip.startAt, activity.lastCatchAt ?? trip.startAt)
        guard now.timeIntervalSince(lastActive) <= Self.quietLimit else { return false }
        guard let here, let spot else { return true }
        let meters = Geodesic.inverse(from: here, to: Coordinate(latitude: spot.latitude, longitude: spot.longitude))
            .meters
        return meters <= Self.awayLimitMeters
    }

    /// Where End trip puts a trip's end: now while it goes on, else at its last catch (or its
    /// start, before the first).
    func end(of activity: CatchNowPlan.TripActivity, at spot: Spot?) -> Date {
        let trip = activity.trip
        guard isGoingOn(activity, at: spot) else { return activity.lastCatchAt ?? trip.startAt }
        return max(now, trip.startAt, activity.lastCatchAt ?? trip.startAt)
    }
}
