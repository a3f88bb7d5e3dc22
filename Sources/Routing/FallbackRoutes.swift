import Geodesy

/// Asks route providers in order until one answers (issue 15 §3, T10): offline first when the
/// angler prefers it or there is no network, online services otherwise. A provider that is
/// offline, fails, has no road there or finds no route passes the question on (a pack's roads
/// end at its border; a service may know a ferry). When every provider fails, "no route" is
/// reported if any provider found none, otherwise the first provider's problem (the angler's
/// preferred source).
public struct FallbackRoutes: RouteProvider {
    public let providers: [any RouteProvider]

    public init(_ providers: [any RouteProvider]) {
        self.providers = providers
    }

    public func route(from start: Coordinate, to end: Coordinate, by mode: TravelMode) async throws(RouteProblem)
        -> Route
    {
        var problems = [RouteProblem]()
        for provider in providers {
            do {
                return try await provider.route(from: start, to: end, by: mode)
            } catch {
                problems.append(error)
            }
        }
        if problems.contains(.noRoute) { throw .noRoute }
        throw problems.first ?? .failed("no route provider is configured")
    }
}
