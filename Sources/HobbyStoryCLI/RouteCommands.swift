import DiaryServices
import Foundation
import Geodesy
import MapPacks
import OnlineRoutes
import Routing
import Weather

extension HobbyStoryCLI {
    /// `route --from LAT,LON --to LAT,LON [--by car|foot] [--shortest] [--offline] [--pack NAME |
    /// --graph PATH] [--osrm URL] [--valhalla URL] [--graphhopper-key KEY [--graphhopper URL]]`:
    /// a route along roads (issue 15 §3, T9, T10). The online services named are asked first, in
    /// that order; the map pack on this device that covers both points answers when they cannot
    /// (or alone, with `--offline` or when no service is named). The answer says who answered.
    static let routeCommands: [Command] = [
        Command(
            name: "route",
            spec: OptionSpec(
                values: ["from", "to", "by", "pack", "graph", "osrm", "valhalla", "graphhopper", "graphhopper-key"],
                flags: ["offline", "shortest"])
        ) { c in
            let from = try c.parsedCoordinate("from")
            let to = try c.parsedCoordinate("to")
            let mode = try c.travelMode()
            let offline = try c.offlineRouter(
                covering: [from, to], metric: c.arguments.flag("shortest") ? .shortest : .fastest)
            let online = c.arguments.flag("offline") ? [] : try c.onlineRouteProviders()
            let providers = online + (offline.map { [$0] } ?? [])
            guard !providers.isEmpty else {
                let packs = try c.mapPacks()
                let outside = [from, to].first {
                    packs.covering(latitude: $0.latitude, longitude: $0.longitude).isEmpty
                }
                throw RouteProblem.outsideArea(outside ?? from)
            }
            let route = try c.waitForSync { try await FallbackRoutes(providers).route(from: from, to: to, by: mode) }
            let document = try JSONValue(encoding: RouteDocument(route))
            c.output(document, text: Self.text(route, by: mode))
        }
    ]

    static func text(_ route: Route, by mode: TravelMode) -> String {
        let minutes = Int((route.seconds / 60).rounded())
        let head = String(
            format: "%.1f km, %d min %@ (%@)", route.meters / 1000, minutes, mode == .car ? "by car" : "on foot",
            route.provider)
        return
            ([head]
            + route.steps.map { "  \($0.instruction)" + ($0.meters > 0 ? " — \(Int($0.meters.rounded())) m" : "") })
            .joined(separator: "\n")
    }
}

extension CommandContext {
    /// `--by car|foot`, car by default.
    func travelMode() throws -> TravelMode {
        guard let text = text("by") else { return .car }
        guard let mode = TravelMode(rawValue: text) else {
            throw InvalidInput(description: "--by \(text.prefix(40)) is not a way to travel; allowed: car, foot")
        }
        return mode
    }

    /// The offline router: `--graph PATH`, else the installed pack `--pack NAME`, else the first
    /// installed pack with a road graph whose area holds every point; nil when none does.
    func offlineRouter(covering points: [Coordinate], metric: RouteMetric) throws -> OfflineRouter? {
        if let path = text("graph") {
            let url = URL(fileURLWithPath: path)
            return OfflineRouter(
                graph: try RoutingGraph(contentsOf: url), pack: url.deletingPathExtension().lastPathComponent,
                metric: metric)
        }
        let packs = try mapPacks()
        if let name = text("pack") {
            guard let pack = packs.installed().first(where: { $0.name == name }) else {
                throw InvalidInput(
                    description:
                        "no map pack \"\(name.prefix(63))\" is on this device; `hobbystory map packs` lists them")
            }
            guard pack.file("routing") != nil else {
                throw InvalidInput(
                    description:
                        "the map pack \(name) has no road graph (it was made before packs had one); download it again")
            }
        }
        return try packs.router(covering: points, named: text("pack"), metric: metric)
    }

    /// The online services named on the command line, in the order OSRM, Valhalla, GraphHopper.
    func onlineRouteProviders() throws -> [any RouteProvider] {
        let transport = URLSessionTransport()
        var providers = [any RouteProvider]()
        if let server = try serviceURL("osrm") { providers.append(OSRMRoutes(server: server, transport: transport)) }
        if let server = try serviceURL("valhalla") {
            providers.append(ValhallaRoutes(server: server, transport: transport))
        }
        if let key = text("graphhopper-key") {
            providers.append(
                GraphHopperRoutes(
                    key: key, server: try serviceURL("graphhopper") ?? GraphHopperRoutes.server, transport: transport))
        } else if text("graphhopper") != nil {
            throw UsageError("GraphHopper needs a key: add --graphhopper-key KEY")
        }
        return providers
    }

    private func serviceURL(_ option: String) throws -> URL? {
        guard let text = text(option) else { return nil }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
            throw InvalidInput(description: "--\(option) \(text.prefix(80)) is not an http(s) address of a server")
        }
        return url
    }
}
