import Foundation
import Geodesy

/// A route along roads between two points (T9): its line, length and expected duration.
public struct Route: Sendable, Equatable {
    public var points: [Coordinate]
    public var meters: Double
    public var seconds: Double

    public init(points: [Coordinate], meters: Double, seconds: Double) {
        self.points = points
        self.meters = meters
        self.seconds = seconds
    }
}

/// Why no route came back.
public enum RouteProblem: Error, Sendable, Equatable {
    /// No road joins the points in the data the provider has (an offline pack's area, say).
    case noRoute
    /// The provider needs the network and there is none.
    case offline
    case failed(String)
}

/// Finds routes along roads (T9, T10): MapKit's directions online in the app, an offline
/// router over the map packs (the maps issue), a fake in tests.
public protocol RouteProvider: Sendable {
    func route(from start: Coordinate, to end: Coordinate) async throws(RouteProblem) -> Route
}
