import Foundation

/// What the Home Screen and Lock Screen widget and the Live Activity show of the angler's trip
/// (issue 33 §5; T10, T11): the trip going on — its spot, when it started, the fish so far, the
/// last catch — or none, in the angler's own words and language (the app's language, which may
/// not be the device's), with the links a tap opens. The app writes it to the app group's
/// container after every change of its trips and catches; the widget extension, which never
/// opens the diary, reads it. Foundation only, so the extension links nothing else of the core.
public struct TripGlance: Codable, Hashable, Sendable {
    /// The widget's kind, which the app names to have its timelines read again.
    public static let widgetKind = "org.hobbystory.fishing.trip"
    /// The app group the app and its widget extension share (their entitlements name it).
    public static let appGroup = "group.org.hobbystory.fishing"
    /// The glance's file in the app group's container.
    public static let fileName = "trip-glance.json"

    /// The trip going on when the glance was written, if any.
    public var trip: OpenTrip?
    public var words: Words
    /// Opens Catch now on Home (`hobbystory://home/catch-now`).
    public var catchNowLink: URL
    /// Opens the app where a tap on the widget leads without a trip (Home).
    public var homeLink: URL
    public var writtenAt: Date

    public init(trip: OpenTrip?, words: Words, catchNowLink: URL, homeLink: URL, writtenAt: Date) {
        self.trip = trip
        self.words = words
        self.catchNowLink = catchNowLink
        self.homeLink = homeLink
        self.writtenAt = writtenAt
    }

    /// A trip without an end, as the glance shows it.
    public struct OpenTrip: Codable, Hashable, Sendable {
        public var id: UUID
        /// The trip's name, or its spot's ("Volga bend").
        public var title: String
        public var startedAt: Date
        /// The fish caught on it so far (a catch of three counts three).
        public var fish: Int
        /// "3 fish", in the angler's language.
        public var fishText: String
        /// "Last: Perch, 14:05", or nil before the first catch.
        public var lastCatchText: String?
        /// When, without another catch, the trip no longer counts as going on (Catch now's
        /// three quiet hours): from then the widget says a catch starts a new trip.
        public var quietFrom: Date
        /// Opens the trip's page.
        public var link: URL

        public init(
            id: UUID, title: String, startedAt: Date, fish: Int, fishText: String, lastCatchText: String?,
            quietFrom: Date, link: URL
        ) {
            self.id = id
            self.title = title
            self.startedAt = startedAt
            self.fish = fish
            self.fishText = fishText
            self.lastCatchText = lastCatchText
            self.quietFrom = quietFrom
            self.link = link
        }
    }

    /// The glance's fixed words in the angler's language.
    public struct Words: Codable, Hashable, Sendable {
        /// "Catch now", the button.
        public var catchNow: String
        /// "On the water", beside the time since the trip started.
        public var onTheWater: String
        /// "No trip going on".
        public var noTrip: String
        /// "Catch now starts one where you are".
        public var noTripHint: String
        /// "No catch for 3 hours: a catch now starts a new trip".
        public var quiet: String

        public init(catchNow: String, onTheWater: String, noTrip: String, noTripHint: String, quiet: String) {
            self.catchNow = catchNow
            self.onTheWater = onTheWater
            self.noTrip = noTrip
            self.noTripHint = noTripHint
            self.quiet = quiet
        }
    }

    /// What the glance shows at a moment.
    public enum Phase: Hashable, Sendable {
        /// No trip without an end.
        case noTrip
        /// The trip goes on: a catch now goes to it.
        case goingOn(OpenTrip)
        /// The trip has had no catch for too long: a catch now starts a new trip.
        case quiet(OpenTrip)
    }

    /// What to show at `date`.
    public func phase(at date: Date) -> Phase {
        guard let trip else { return .noTrip }
        return date < trip.quietFrom ? .goingOn(trip) : .quiet(trip)
    }

    /// The moments from `now` at which what the glance shows changes, `now` first: the widget's
    /// timeline (its time on the water counts by itself).
    public func changes(from now: Date) -> [Date] {
        guard let trip, now < trip.quietFrom else { return [now] }
        return [now, trip.quietFrom]
    }

    /// Where a tap on the widget leads: the trip, or Home without one.
    public var openLink: URL { trip?.link ?? homeLink }
}
