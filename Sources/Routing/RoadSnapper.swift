import Foundation
import Geodesy

/// Where a point meets the nearest road a mode may use: the directed edges through that place
/// (one or both directions) with how far along each the place lies.
struct RoadPosition {
    /// Edges through the place, each with the fraction of its length before the place.
    var edges: [(edge: Int, fraction: Double)]
    var point: Coordinate
    var meters: Double
}

/// Metres east and north of an origin on a plane touching the Earth there: exact enough for the
/// few kilometres a snap or a turn looks at.
struct LocalPlane {
    static let earthRadius = 6_371_008.8
    let origin: Coordinate
    let metresPerDegreeLongitude: Double
    static let metresPerDegreeLatitude = earthRadius * .pi / 180

    init(origin: Coordinate) {
        self.origin = origin
        metresPerDegreeLongitude = Self.metresPerDegreeLatitude * cos(origin.latitude * .pi / 180)
    }

    func project(_ point: Coordinate) -> (x: Double, y: Double) {
        (
            (point.longitude - origin.longitude) * metresPerDegreeLongitude,
            (point.latitude - origin.latitude) * Self.metresPerDegreeLatitude
        )
    }

    func unproject(x: Double, y: Double) -> Coordinate {
        Coordinate(
            latitude: origin.latitude + y / Self.metresPerDegreeLatitude,
            longitude: origin.longitude + x / metresPerDegreeLongitude)
    }

    /// The compass bearing from `a` to `b` in degrees.
    static func bearing(from a: Coordinate, to b: Coordinate) -> Double {
        let plane = LocalPlane(origin: a)
        let (x, y) = plane.project(b)
        return atan2(x, y) * 180 / .pi
    }
}

/// Finds the nearest road to a point through the graph's grid (issue 15 §3): the cell of the
/// point first, then rings of cells around it until no nearer road can remain. Roads of small
/// islands of network (a car park's aisles) are taken only when no other road is in reach, as
/// Valhalla does. A point at a junction (or as near to several roads as to one, within
/// `tieMeters`) may leave by any of them.
enum RoadSnapper {
    static let tieMeters = 0.5

    static func nearest(
        to point: Coordinate, by mode: TravelMode, within maxMeters: Double, in graph: GraphView
    ) -> RoadPosition? {
        nearest(to: point, by: mode, within: maxMeters, in: graph, islands: false)
            ?? nearest(to: point, by: mode, within: maxMeters, in: graph, islands: true)
    }

    private static func nearest(
        to point: Coordinate, by mode: TravelMode, within maxMeters: Double, in graph: GraphView, islands: Bool
    ) -> RoadPosition? {
        let layout = graph.layout
        let plane = LocalPlane(origin: point)
        let cellMeters = min(
            Double(layout.cellLatitudeE7) / 1e7 * LocalPlane.metresPerDegreeLatitude,
            Double(layout.cellLongitudeE7) / 1e7 * plane.metresPerDegreeLongitude)
        let rowPosition = ((point.latitude * 1e7) - Double(layout.south)) / Double(layout.cellLatitudeE7)
        let columnPosition = ((point.longitude * 1e7) - Double(layout.west)) / Double(layout.cellLongitudeE7)
        let (row, column) = (Int(rowPosition.rounded(.down)), Int(columnPosition.rounded(.down)))
        // How far the point is from its own cell's nearest side: the rings searched so far reach
        // at least this far, plus a cell for each ring beyond the first.
        let inCell = min(
            min(rowPosition - Double(row), Double(row + 1) - rowPosition) * Double(layout.cellLatitudeE7) / 1e7
                * LocalPlane.metresPerDegreeLatitude,
            min(columnPosition - Double(column), Double(column + 1) - columnPosition)
                * Double(layout.cellLongitudeE7) / 1e7 * plane.metresPerDegreeLongitude)
        var nearest = [(edge: Int, fraction: Double, x: Double, y: Double, meters: Double)]()
        var bestMeters = Double.infinity
        var seen = Set<Int>()
        var ring = 0
        while ring == 0 || max(inCell, 0) + Double(ring - 1) * cellMeters < min(bestMeters + tieMeters, maxMeters) {
            for (r, c) in ringCells(row: row, column: column, ring: ring)
            where (0..<layout.rows).contains(r) && (0..<layout.columns).contains(c) {
                for slot in graph.cellSlots(row: r, column: c) {
                    let index = graph.cellEdge(at: slot)
                    guard seen.insert(index).inserted, usable(index, by: mode, in: graph),
                        islands || !graph.edge(index).isIsland(for: mode)
                    else { continue }
                    let candidate = closest(on: graph.polyline(graph.edge(index)), to: plane)
                    guard candidate.meters <= bestMeters + tieMeters else { continue }
                    bestMeters = min(bestMeters, candidate.meters)
                    nearest.append((index, candidate.fraction, candidate.x, candidate.y, candidate.meters))
                }
            }
            ring += 1
            if ring > layout.rows + layout.columns { break }
        }
        nearest.removeAll { $0.meters > bestMeters + tieMeters }
        guard let best = nearest.min(by: { $0.meters < $1.meters }), best.meters <= maxMeters else { return nil }
        var edges = [(edge: Int, fraction: Double)]()
        for candidate in nearest {
            if graph.edge(candidate.edge).allows(mode) { edges.append((candidate.edge, candidate.fraction)) }
            if let twin = graph.twin(of: candidate.edge), graph.edge(twin).allows(mode) {
                edges.append((twin, 1 - candidate.fraction))
            }
        }
        return RoadPosition(edges: edges, point: plane.unproject(x: best.x, y: best.y), meters: best.meters)
    }

    private static func usable(_ index: Int, by mode: TravelMode, in graph: GraphView) -> Bool {
        graph.edge(index).allows(mode) || graph.twin(of: index).map { graph.edge($0).allows(mode) } ?? false
    }

    private static func ringCells(row: Int, column: Int, ring: Int) -> [(Int, Int)] {
        guard ring > 0 else { return [(row, column)] }
        var cells = [(Int, Int)]()
        for c in (column - ring)...(column + ring) { cells += [(row - ring, c), (row + ring, c)] }
        for r in (row - ring + 1)..<(row + ring) { cells += [(r, column - ring), (r, column + ring)] }
        return cells
    }

    /// The point of a line nearest the plane's origin, and the fraction of the line's length before it.
    static func closest(
        on line: [Coordinate], to plane: LocalPlane
    ) -> (fraction: Double, x: Double, y: Double, meters: Double) {
        let points = line.map(plane.project)
        var best = (along: 0.0, x: points[0].x, y: points[0].y, meters: hypot(points[0].x, points[0].y))
        var along = 0.0
        for (a, b) in zip(points, points.dropFirst()) {
            let (dx, dy) = (b.x - a.x, b.y - a.y)
            let length = hypot(dx, dy)
            let t = length > 0 ? min(max(-(a.x * dx + a.y * dy) / (length * length), 0), 1) : 0
            let (x, y) = (a.x + t * dx, a.y + t * dy)
            if hypot(x, y) < best.meters { best = (along + t * length, x, y, hypot(x, y)) }
            along += length
        }
        return (along > 0 ? best.along / along : 0, best.x, best.y, best.meters)
    }
}
