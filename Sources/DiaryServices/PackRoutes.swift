import Foundation
import Geodesy
import MapPacks
import Routing

extension MapPackService {
    /// The offline router over an installed pack's road graph (issue 15 §3, T10): the pack
    /// `named`, else the first installed pack with a road graph whose area holds every point; nil
    /// when there is none. A damaged graph file throws.
    public func router(
        covering points: [Coordinate], named name: String? = nil, metric: RouteMetric = .fastest
    ) throws(RoutingGraphError) -> OfflineRouter? {
        let candidates = installed().filter { pack in
            name.map { pack.name == $0 }
                ?? points.allSatisfy { pack.covers(latitude: $0.latitude, longitude: $0.longitude) }
        }
        for pack in candidates {
            guard let file = pack.file("routing") else { continue }
            let graph = try RoutingGraph(contentsOf: folder(of: pack).appendingPathComponent(file.name))
            return OfflineRouter(graph: graph, pack: pack.name, metric: metric)
        }
        return nil
    }
}

/// Routes on whichever installed map pack covers both ends (issue 15 §3, T10): what the app
/// falls back to when MapKit has no network. Each question opens the pack's graph afresh (it is
/// mapped, and checking it costs milliseconds), so a pack downloaded meanwhile is used at once.
public struct InstalledPackRoutes: RouteProvider {
    public let packs: MapPackService

    public init(packs: MapPackService) {
        self.packs = packs
    }

    public func route(from start: Coordinate, to end: Coordinate, by mode: TravelMode) async throws(RouteProblem)
        -> Route
    {
        let router: OfflineRouter?
        do {
            router = try packs.router(covering: [start, end])
        } catch {
            throw .failed(error.description)
        }
        guard let router else {
            let outside = [start, end].first { packs.covering(latitude: $0.latitude, longitude: $0.longitude).isEmpty }
            throw .outsideArea(outside ?? start)
        }
        return try await router.route(from: start, to: end, by: mode)
    }
}
