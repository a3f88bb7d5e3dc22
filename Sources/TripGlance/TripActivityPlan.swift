import Foundation

/// The trip a Live Activity shows for as long as it lasts (issue 33 §5): what ActivityKit keeps
/// as the activity's fixed attributes.
public struct TripActivityTrip: Codable, Hashable, Sendable {
    public var id: UUID
    public var title: String
    public var startedAt: Date
    public var catchNow: String
    public var onTheWater: String
    public var quiet: String
    public var catchNowLink: URL
    public var link: URL

    public init(_ trip: TripGlance.OpenTrip, words: TripGlance.Words, catchNowLink: URL) {
        id = trip.id
        title = trip.title
        startedAt = trip.startedAt
        catchNow = words.catchNow
        onTheWater = words.onTheWater
        quiet = words.quiet
        self.catchNowLink = catchNowLink
        link = trip.link
    }
}

/// What a Live Activity's content shows of its trip as catches come: ActivityKit's content
/// state. It turns stale at ``quietFrom``, when a catch would start a new trip.
public struct TripActivityState: Codable, Hashable, Sendable {
    public var fish: Int
    public var fishText: String
    public var lastCatchText: String?
    public var quietFrom: Date

    public init(_ trip: TripGlance.OpenTrip) {
        fish = trip.fish
        fishText = trip.fishText
        lastCatchText = trip.lastCatchText
        quietFrom = trip.quietFrom
    }
}

/// One thing to do to the Live Activity so that it shows what the glance says.
public enum TripActivityStep: Hashable, Sendable {
    /// Start one for a trip going on.
    case start(TripActivityTrip, TripActivityState)
    /// Show new content on the running one (a catch was logged).
    case update(TripActivityState)
    /// End the running one: its trip ended, or is quiet, or another trip began. The content
    /// it ends with stays on the Lock Screen until the angler clears it.
    case end(TripActivityState?)
}

extension TripGlance {
    /// The steps that bring the Live Activity in line with this glance at `now`, given the trip
    /// and content of the one running (nil when none runs): an activity runs exactly while a
    /// trip goes on, for that trip, with its latest content.
    public func activitySteps(running: (tripId: UUID, state: TripActivityState)?, at now: Date) -> [TripActivityStep] {
        let goingOn: OpenTrip? = if case .goingOn(let trip) = phase(at: now) { trip } else { nil }
        guard let running else {
            return goingOn.map {
                [.start(TripActivityTrip($0, words: words, catchNowLink: catchNowLink), TripActivityState($0))]
            } ?? []
        }
        guard let goingOn else {
            return [.end(trip.flatMap { $0.id == running.tripId ? TripActivityState($0) : nil })]
        }
        let state = TripActivityState(goingOn)
        if goingOn.id == running.tripId { return state == running.state ? [] : [.update(state)] }
        return [.end(nil), .start(TripActivityTrip(goingOn, words: words, catchNowLink: catchNowLink), state)]
    }
}
