import Foundation
import Geodesy

/// Turns a found path into a ``Route``: its line (cut at the snapped ends), length, duration
/// without penalties, and turn-by-turn steps with street names (issue 15 §3).
struct RouteAssembly {
    let costing: Costing
    let provider: String
    private var graph: GraphView { costing.graph }

    func route(_ path: FoundPath, from start: RoadPosition, to end: RoadPosition) -> Route {
        var points = [Coordinate]()
        var meters = 0.0
        var seconds = 0.0
        var steps = [RouteStep]()
        var previous: (edge: Edge, line: [Coordinate])?
        for (index, edgeIndex) in path.edges.enumerated() {
            let edge = graph.edge(edgeIndex)
            let from = index == 0 ? path.startFraction : 0
            let to = index == path.edges.count - 1 ? path.endFraction : 1
            let line = graph.polyline(edge)
            let piece = Self.portion(of: line, from: from, to: to)
            points += points.isEmpty ? piece : Array(piece.dropFirst())
            let stepMeters = edge.meters * (to - from)
            let stepSeconds = costing.seconds(edge) * (to - from)
            meters += stepMeters
            seconds += stepSeconds
            let street = graph.name(edge)
            if let (before, beforeLine) = previous {
                let turn = Self.turn(from: beforeLine, to: line)
                let entersRoundabout = edge.flags & Edge.roundabout != 0 && before.flags & Edge.roundabout == 0
                let leavesRoundabout = edge.flags & Edge.roundabout == 0 && before.flags & Edge.roundabout != 0
                if entersRoundabout {
                    steps.append(
                        RouteStep(maneuver: .roundabout, street: nil, meters: 0, seconds: 0, location: line[0]))
                } else if leavesRoundabout {
                    steps[steps.count - 1].street = street
                } else if edge.flags & Edge.roundabout == 0,
                    street != steps[steps.count - 1].street || abs(turn) >= 50
                {
                    steps.append(
                        RouteStep(
                            maneuver: .turning(by: turn), street: street, meters: 0, seconds: 0, location: line[0]))
                }
            } else {
                steps.append(RouteStep(maneuver: .depart, street: street, meters: 0, seconds: 0, location: start.point))
            }
            steps[steps.count - 1].meters += stepMeters
            steps[steps.count - 1].seconds += stepSeconds
            previous = (edge, line)
        }
        steps.append(RouteStep(maneuver: .arrive, street: nil, meters: 0, seconds: 0, location: end.point))
        return Route(points: points, meters: meters, seconds: seconds, steps: steps, provider: provider)
    }

    /// The change of heading from the end of one line to the start of the next, in degrees
    /// within -180…180 (positive: to the right).
    static func turn(from before: [Coordinate], to after: [Coordinate]) -> Double {
        let heading = LocalPlane.bearing(from: before[before.count - 2], to: before[before.count - 1])
        let next = LocalPlane.bearing(from: after[0], to: after[1])
        var change = (next - heading).truncatingRemainder(dividingBy: 360)
        if change > 180 { change -= 360 }
        if change <= -180 { change += 360 }
        return change
    }

    /// The part of a line between two fractions of its length.
    static func portion(of line: [Coordinate], from start: Double, to end: Double) -> [Coordinate] {
        guard start > 0 || end < 1 else { return line }
        let plane = LocalPlane(origin: line[0])
        let projected = line.map(plane.project)
        var along = [0.0]
        for (a, b) in zip(projected, projected.dropFirst()) { along.append(along.last! + hypot(b.x - a.x, b.y - a.y)) }
        let total = along.last!
        func point(at fraction: Double) -> Coordinate {
            let distance = fraction * total
            guard let segment = along.indices.dropFirst().first(where: { along[$0] >= distance }) else {
                return line[line.count - 1]
            }
            let length = along[segment] - along[segment - 1]
            let t = length > 0 ? (distance - along[segment - 1]) / length : 0
            let (a, b) = (projected[segment - 1], projected[segment])
            return plane.unproject(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y))
        }
        let inner = along.indices.filter { along[$0] > start * total && along[$0] < end * total }.map { line[$0] }
        return [point(at: start)] + inner + [point(at: end)]
    }
}
