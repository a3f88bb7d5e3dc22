import Foundation
import Geodesy
import MapPacks
import Routing
import Synchronization

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
            let graph = try graphs.value(at: folder(of: pack).appendingPathComponent(file.name)) {
                (url) throws(RoutingGraphError) in try RoutingGraph(contentsOf: url)
            }
            return OfflineRouter(graph: graph, pack: pack.name, metric: metric)
        }
        return nil
    }
}

/// The files of installed packs a ``MapPackService`` has opened (issue 15): opening a road graph
/// maps it and checks every table (48 ms for a 47 MiB graph), opening a tile archive reads its
/// root directory, so each stays open while its file is unchanged — a pack downloaded again
/// (another size or date) is opened afresh.
final class OpenFileCache<Value: Sendable>: Sendable {
    private let open = Mutex<[String: (size: Int, modified: Date, value: Value)]>([:])

    /// How many files were opened, not taken from the cache (for tests).
    var openings: Int { openingCount.withLock { $0 } }
    private let openingCount = Mutex(0)

    func value<Failure: Error>(at url: URL, opening: (URL) throws(Failure) -> Value) throws(Failure) -> Value {
        let attributes = (try? FileManager.default.attributesOfItem(atPath: url.path)) ?? [:]
        let size = attributes[.size] as? Int ?? -1
        let modified = attributes[.modificationDate] as? Date ?? .distantPast
        if let cached = open.withLock({ $0[url.path] }), cached.size == size, cached.modified == modified {
            return cached.value
        }
        let value = try opening(url)
        openingCount.withLock { $0 += 1 }
        open.withLock { $0[url.path] = (size, modified, value) }
        return value
    }
}

/// Routes on whichever installed map pack covers both ends (issue 15 §3, T10): what the app
/// falls back to when MapKit has no network. The packs are looked up on every question, so a pack
/// downloaded meanwhile is used at once; their graphs stay open between questions.
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
