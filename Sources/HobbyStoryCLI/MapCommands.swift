import DiaryServices
import Foundation
import MapPacks
import SyncProtocol

extension HobbyStoryCLI {
    /// `map packs`, `map download NAME`, `map info --lat --lon`: the offline map packs (issue 15
    /// §2, T10) — which the portal offers and which are here, one fetched (resumable, checked
    /// against its SHA-256), which covers a point. The portal is `--portal URL`, else the one the
    /// chosen profile is signed in to.
    static let mapCommands: [Command] = [
        Command(name: "map packs", spec: OptionSpec(values: ["portal"])) { c in
            let service = try c.mapPacks()
            let installed = Set(service.installed().map(\.name))
            let portal = try c.chosenPortal(required: false)
            let offered = try portal.map { url in try c.waitForSync { try await service.available(from: url) } } ?? []
            let names = Set(offered.map(\.name)).union(installed).sorted()
            let byName = Dictionary(
                (service.installed() + offered).map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            c.outputList(
                names.compactMap { byName[$0] },
                empty: "No map packs here"
                    + (portal == nil ? " (name a --portal to see those offered)." : ", and the portal offers none."),
                json: { pack in
                    .object([
                        "name": .string(pack.name), "title": .string(pack.displayTitle),
                        "installed": .bool(installed.contains(pack.name)),
                        "offered": .bool(offered.contains { $0.name == pack.name }),
                        "bounds": .array(pack.bounds.map { .number($0) }), "minZoom": .integer(Int64(pack.minZoom)),
                        "maxZoom": .integer(Int64(pack.maxZoom)),
                        "bytes": .integer(pack.files.reduce(0) { $0 + $1.bytes }),
                        "sourceDate": .string(pack.sourceDate),
                        "licence": .string(pack.licence), "attribution": .string(pack.attribution),
                    ])
                },
                text: { pack in
                    let megabytes = String(format: "%.1f MB", Double(pack.files.reduce(0) { $0 + $1.bytes }) / 1e6)
                    return
                        "\(pack.name)  \(pack.displayTitle)  \(installed.contains(pack.name) ? "installed" : "offered")  \(megabytes)  zooms \(pack.minZoom)–\(pack.maxZoom)  data of \(pack.sourceDate)  \(pack.attribution)"
                })
        },
        Command(name: "map download", operands: ["NAME"], spec: OptionSpec(values: ["portal"])) { c in
            let service = try c.mapPacks()
            guard let portal = try c.chosenPortal(required: true) else { return }
            let name = c.operands[0]
            let manifest = try c.waitForSync { try await service.download(name, from: portal) }
            c.output(
                .object([
                    "name": .string(manifest.name), "folder": .string(service.folder(of: manifest).path),
                    "bytes": .integer(manifest.files.reduce(0) { $0 + $1.bytes }),
                ]),
                text: "Map pack \(manifest.name) is here and checked (\(manifest.attribution)).")
        },
        Command(name: "map info", spec: OptionSpec(values: ["lat", "lon"])) { c in
            let point = try c.coordinate()
            let covering = try c.mapPacks().covering(latitude: point.latitude, longitude: point.longitude)
            c.outputList(
                covering, empty: "No pack on this device covers that point; see `hobbystory map packs`.",
                json: { .object(["name": .string($0.name), "sourceDate": .string($0.sourceDate)]) },
                text: { "\($0.name) (data of \($0.sourceDate))" })
        },
    ]
}

extension CommandContext {
    /// The device's map packs, in `<data folder>/maps`.
    func mapPacks() throws -> MapPackService {
        MapPackService(
            folder: dataFolder.appendingPathComponent("maps"), transport: portalTransports(timeout: .seconds(60)))
    }

    /// `--portal URL`, else the portal the chosen profile is signed in to; nil when neither and
    /// not `required`.
    func chosenPortal(required: Bool) throws -> URL? {
        if let text = text("portal") {
            if let problem = PortalAddress.problem(with: text) {
                throw InvalidInput(description: "--portal \(text.prefix(80)) \(problem)")
            }
            return URL(string: text)
        }
        if let signedIn = try? diary().sync.account()?.portalURL { return URL(string: signedIn) }
        if required {
            throw UsageError("name the portal with --portal URL, or sign in with `hobbystory account login`")
        }
        return nil
    }
}
