import ActivityKit
import Foundation
import TripGlance

/// A Live Activity of the trip going on (issue 33 §5; T10, T11): its attributes are the trip (its
/// name, start, words and links), its content the fish so far and the last catch, which the
/// app updates with every catch and ends when the trip ends or goes quiet.
public struct TripActivityAttributes: ActivityAttributes {
    public typealias ContentState = TripActivityState

    public let trip: TripActivityTrip

    public init(trip: TripActivityTrip) {
        self.trip = trip
    }
}
