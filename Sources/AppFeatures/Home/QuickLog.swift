import DiaryStore
import FishingModel
import Foundation
import Geodesy

/// A catch logged in a tap or a sentence (T10, T11; issue 30 §2, issue 33 §5): where it goes now —
/// ``CatchNowPlan`` over the diary's trips and spots and the device's position — and the one
/// transaction that saves it there, ending a trip left open and making the trip and spot it needs.
/// Catch now's sheet and the App Intents ("Log a catch", "Start a trip here", "End trip") both
/// go through it, so a catch goes to the same place whichever way it was logged.
public struct QuickLog: Sendable {
    /// What the diary says now: where a catch would go, the species directory and the species
    /// caught most recently (ids, most recent first).
    public struct Reading: Sendable {
        public let plan: CatchNowPlan
        public let species: [DirectoryEntry]
        public let recentSpecies: [String]
    }

    /// What one save made: the catch, its trip and spot, and what the save created or ended (for
    /// its undo).
    public struct Written: Sendable {
        public let item: Catch
        public let trip: Trip
        public let spot: Spot?
        public let madeTrip: UUID?
        public let madeSpot: UUID?
        public let endedTrip: UUID?
    }

    let diary: DiaryQueue
    let location: any LocationProviding

    public init(diary: DiaryQueue, location: any LocationProviding) {
        self.diary = diary
        self.location = location
    }

    /// The plan for a catch at `time`, with the device's position now.
    public func read(at time: Date) async throws -> Reading {
        let here = await location.currentCoordinate()
        let (trips, spots, species, recent) = try await diary.read { diary in
            let activity = try diary.trips.list().map { trip in
                CatchNowPlan.TripActivity(
                    trip: trip,
                    lastCatchAt: trip.endAt == nil
                        ? try diary.catches.list(tripId: trip.id, limit: 1).first?.caughtAt : nil)
            }
            return (
                activity, try diary.spots.list(), try diary.directoryEntries(.species),
                try diary.catches.list(limit: 50)
            )
        }
        var seen = Set<String>()
        return Reading(
            plan: CatchNowPlan.make(trips: trips, spots: spots, here: here, now: time), species: species,
            recentSpecies: recent.map(\.speciesId).filter { seen.insert($0).inserted })
    }

    /// Saves `count` fish of `speciesId` (weighing `weightKg` together, when given) caught at
    /// `time` at `destination`, in one transaction with the trip it starts (``startTrip``).
    /// Throws ``ValidationError`` (nothing saved) when the catch breaks a rule.
    public func write(
        speciesId: String, count: Int = 1, weightKg: Double? = nil, at time: Date,
        to destination: CatchNowPlan.Destination, plan: CatchNowPlan, newSpotName: String
    ) async throws -> Written {
        try await diary.write { diary -> Written in
            let started = try Self.start(destination, at: time, plan: plan, newSpotName: newSpotName, in: diary)
            let item = try diary.catches.add(
                CatchDraft(
                    tripId: started.trip.id, speciesId: speciesId, caughtAt: time,
                    utcOffsetSeconds: DiaryTime.deviceOffset(at: time), count: count, weightKg: weightKg))
            return Written(
                item: item, trip: started.trip, spot: started.spot, madeTrip: started.madeTrip,
                madeSpot: started.madeSpot, endedTrip: started.endedTrip)
        }
    }

    /// A trip started, or taken, for a destination: what ``start`` made or ended on the way.
    public struct Started: Sendable {
        public let trip: Trip
        public let spot: Spot?
        public let madeTrip: UUID?
        public let madeSpot: UUID?
        public let endedTrip: UUID?
    }

    /// Starts a trip at `destination` at `time` ("Start a trip here"), in one transaction: the
    /// trip `plan` left open ends first; a trip going on is taken as it is.
    public func startTrip(
        at time: Date, to destination: CatchNowPlan.Destination, plan: CatchNowPlan, newSpotName: String
    )
        async throws -> Started
    {
        try await diary.write { try Self.start(destination, at: time, plan: plan, newSpotName: newSpotName, in: $0) }
    }

    /// The trip at `destination` inside a write: the one going on, or a new one from `time` (at a
    /// new spot named `newSpotName` for `.newSpot`), ending `plan`'s left-open trip first when a
    /// new trip starts.
    private static func start(
        _ destination: CatchNowPlan.Destination, at time: Date, plan: CatchNowPlan, newSpotName: String,
        in diary: Diary
    ) throws -> Started {
        let offset = DiaryTime.deviceOffset(at: time)
        let ending = plan.endsLeftOpen ? plan.leftOpen : nil
        if let ending {
            try diary.trips.update(ending.trip.id) { $0.endAt = ending.endAt }
        }
        switch destination {
        case .trip(let open, let spot):
            return Started(trip: open, spot: spot, madeTrip: nil, madeSpot: nil, endedTrip: nil)
        case .newTrip(let spot, _):
            let trip = try diary.trips.add(TripDraft(spotId: spot.id, startAt: time, utcOffsetSeconds: offset))
            return Started(trip: trip, spot: spot, madeTrip: trip.id, madeSpot: nil, endedTrip: ending?.trip.id)
        case .newSpot(let here):
            let spot = try diary.spots.add(
                SpotDraft(name: newSpotName, latitude: here.latitude, longitude: here.longitude))
            let trip = try diary.trips.add(TripDraft(spotId: spot.id, startAt: time, utcOffsetSeconds: offset))
            return Started(trip: trip, spot: spot, madeTrip: trip.id, madeSpot: spot.id, endedTrip: ending?.trip.id)
        }
    }

    // MARK: The trip without an end

    /// The latest trip without an end with its spot and its latest catch's time, read inside a
    /// diary read (Home's card, End trip, the widget).
    static func latestUnended(in diary: Diary) throws -> (trip: Trip, spot: Spot?, lastCatchAt: Date?)? {
        guard let trip = try diary.trips.list(limit: 20).first(where: { $0.endAt == nil }) else { return nil }
        return (
            trip, try? diary.spots.record(trip.spotId),
            try diary.catches.list(tripId: trip.id, limit: 1).first?.caughtAt
        )
    }

    /// Whether a trip without an end still goes on at `now`, with the angler `here`
    /// (``OpenTripRule``), or since when it is over.
    static func unended(_ state: (trip: Trip, spot: Spot?, lastCatchAt: Date?), here: Coordinate?, now: Date)
        -> UnendedTrip
    {
        let activity = CatchNowPlan.TripActivity(trip: state.trip, lastCatchAt: state.lastCatchAt)
        let rule = OpenTripRule(now: now, here: here)
        return UnendedTrip(
            trip: state.trip, spot: state.spot,
            lastActiveAt: rule.isGoingOn(activity, at: state.spot) ? nil : rule.end(of: activity, at: state.spot))
    }

    /// The trip without an end at `now`, if any, with the device's position now.
    public func unendedTrip(at now: Date) async throws -> UnendedTrip? {
        guard let state = try await diary.read({ try Self.latestUnended(in: $0) }) else { return nil }
        return Self.unended(state, here: await location.currentCoordinate(), now: now)
    }

    /// Ends `unended`: at `now` while it goes on, else at its last catch (issue 30 §2.2). Returns
    /// the trip ended.
    public func end(_ unended: UnendedTrip, now: Date) async throws -> Trip {
        let end = unended.end(now: now)
        return try await diary.write { try $0.trips.update(unended.trip.id) { $0.endAt = end } }
    }

    /// Undoes a save: the catch, and the trip and spot it made, go as if never saved while
    /// nothing of them reached the portal (else to the Trash); a trip the save ended is open again.
    public func takeBack(_ written: Written) async throws {
        try await diary.write { diary in
            try diary.catches.takeBack(catch: written.item.id, madeTrip: written.madeTrip, madeSpot: written.madeSpot)
            if let ended = written.endedTrip { try diary.trips.update(ended) { $0.endAt = nil } }
        }
    }
}
