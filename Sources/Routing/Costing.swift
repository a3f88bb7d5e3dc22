import Foundation
import Geodesy

/// What travelling costs a mode, in seconds (issue 15 §3): each edge by its length and speed (the
/// road's speed for a car, 5.1 km/h on foot, as Valhalla walks), or by its length alone for the
/// shortest metric; and the rules of passing from one edge to the next: turn restrictions
/// (cars), barriers (the modes they stop), and no U-turn except at a dead end. Destination-only
/// streets are a rule of whole paths, not of one turn: see ``DestinationZones``.
struct Costing {
    static let walkingMetresPerSecond = 5.1 / 3.6
    let mode: TravelMode
    let metric: RouteMetric
    let graph: GraphView
    /// Whether destination-only streets may be used only at a route's ends (cars; the search
    /// drops the rule only when no route keeps it).
    var destinationOnlyAtEnds: Bool

    /// The highest speed any edge allows, in metres per second: what makes A*'s bound a lower bound.
    var fastestMetresPerSecond: Double {
        mode == .car ? graph.layout.fastestCarMetresPerSecond : Self.walkingMetresPerSecond
    }

    /// The expected travel time along the edge.
    func seconds(_ edge: Edge) -> Double {
        mode == .car ? edge.meters * 3.6 / Double(edge.speedKmh) : edge.meters / Self.walkingMetresPerSecond
    }

    /// What the search minimises along the edge: its travel time, or its length as the time it
    /// would take at the fastest speed (so that one bound serves both metrics).
    func cost(_ edge: Edge) -> Double {
        metric == .fastest ? seconds(edge) : edge.meters / fastestMetresPerSecond
    }

    /// Whether `next` may be taken right after `previous`.
    func allows(from previous: Int, _ before: Edge, to next: Int, _ after: Edge) -> Bool {
        guard after.allows(mode) else { return false }
        if before.flags & Edge.turnsRestricted != 0, graph.isBanned(from: previous, to: next, by: mode) {
            return false
        }
        return !before.isTwin(of: after)
            || !graph.outgoing(from: before.to).contains(where: { $0 != next && graph.edge($0).allows(mode) })
    }

    func isDestinationOnly(_ edge: Edge) -> Bool {
        destinationOnlyAtEnds && edge.flags & Edge.destinationOnly != 0
    }

    /// A lower bound of the seconds from any place to `point`: the straight line at the fastest
    /// speed, measured on a plane touching the Earth at `point` (set up once per search, as the
    /// bound is asked at every push).
    func bound(toward point: Coordinate) -> (Coordinate) -> Double {
        let plane = LocalPlane(origin: point)
        let secondsPerMetre = 0.99 / fastestMetresPerSecond
        return { place in
            let (x, y) = plane.project(place)
            return hypot(x, y) * secondsPerMetre
        }
    }
}
