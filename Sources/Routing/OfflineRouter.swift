import Geodesy

/// Routes on the device, without a network (issue 15 §3, T9, T10): snaps both ends to the
/// nearest road the mode may use in a map pack's ``RoutingGraph``, finds the cheapest path and
/// describes it. Answers as `offline:<pack>`.
public struct OfflineRouter: RouteProvider {
    public let graph: RoutingGraph
    public let pack: String
    /// A* by default: the fastest by measurement on the Helsinki pack (docs/benchmarks.md);
    /// bidirectional A* settles fewer states and may win on larger regions.
    public var algorithm: SearchAlgorithm
    public var metric: RouteMetric
    /// How far from a road an end may lie (a lake shore may be a walk from the last track).
    public var snapMeters: Double

    public init(
        graph: RoutingGraph, pack: String, algorithm: SearchAlgorithm = .aStar,
        metric: RouteMetric = .fastest, snapMeters: Double = 2_000
    ) {
        self.graph = graph
        self.pack = pack
        self.algorithm = algorithm
        self.metric = metric
        self.snapMeters = snapMeters
    }

    public func route(from start: Coordinate, to end: Coordinate, by mode: TravelMode) async throws(RouteProblem)
        -> Route
    {
        try plan(from: start, to: end, by: mode).route
    }

    /// The route and how many search states it took (the benchmark's measure of work).
    public func plan(from start: Coordinate, to end: Coordinate, by mode: TravelMode) throws(RouteProblem) -> (
        route: Route, settled: Int
    ) {
        try graph.withView { (view) throws(RouteProblem) in
            var costing = Costing(mode: mode, metric: metric, graph: view, destinationOnlyAtEnds: mode == .car)
            let from = try snap(start, by: mode, in: view)
            let to = try snap(end, by: mode, in: view)
            var found = PathSearch(costing: costing, from: from, to: to).run(algorithm)
            if found == nil, costing.destinationOnlyAtEnds {
                costing.destinationOnlyAtEnds = false  // better through a destination-only street than no way at all
                found = PathSearch(costing: costing, from: from, to: to).run(algorithm)
            }
            guard let path = found else { throw .noRoute }
            let route = RouteAssembly(costing: costing, provider: "offline:\(pack)").route(path, from: from, to: to)
            return (route, path.settled)
        }
    }

    /// Whether the point lies within the graph's area, widened by how far ends may snap.
    public func covers(_ point: Coordinate) -> Bool {
        let plane = LocalPlane(origin: point)
        let margin = (snapMeters / LocalPlane.metresPerDegreeLatitude, snapMeters / plane.metresPerDegreeLongitude)
        let box = graph.bounds
        return point.latitude >= box.south - margin.0 && point.latitude <= box.north + margin.0
            && point.longitude >= box.west - margin.1 && point.longitude <= box.east + margin.1
    }

    private func snap(_ point: Coordinate, by mode: TravelMode, in view: GraphView) throws(RouteProblem) -> RoadPosition
    {
        guard covers(point) else { throw .outsideArea(point) }
        guard let position = RoadSnapper.nearest(to: point, by: mode, within: snapMeters, in: view),
            !position.edges.isEmpty
        else { throw .noRoad(near: point, withinMeters: snapMeters) }
        return position
    }
}

/// The road nearest a point (issue 15 §4): where on it, how far, its name, and the pack.
public struct NearestRoad: Sendable, Equatable {
    public var point: Coordinate
    public var meters: Double
    public var street: String?
    public var pack: String
}

extension OfflineRouter {
    /// The nearest road the mode may use within ``snapMeters``, or nil.
    public func nearestRoad(to point: Coordinate, by mode: TravelMode) -> NearestRoad? {
        guard covers(point) else { return nil }
        return try? graph.withView { view in
            guard let position = RoadSnapper.nearest(to: point, by: mode, within: snapMeters, in: view),
                let edge = position.edges.first
            else { return nil }
            return NearestRoad(
                point: position.point, meters: position.meters, street: view.name(view.edge(edge.edge)), pack: pack)
        }
    }
}
