import Foundation
import Geodesy
import HTTPServer
import MapPacks
import Routing
import SyncProtocol

/// Offline map packs on the portal (issue 15 §2, T10), open to anyone as OpenStreetMap's data is:
/// `/v1/map-packs` lists the manifests, `/v1/map-packs/<name>/<file>` downloads a pack's file with
/// `Range` (a download resumes where it stopped) and its SHA-256 as ETag, `/v1/tiles/<pack>/z/x/y`
/// serves one tile for the site's maps — gzip-compressed as stored when the client accepts it —
/// `/v1/tile-images/<pack>/z/x/y` the same tile drawn as a PNG (deeper than the pack too, by
/// enlarging; kept once drawn, drawing limited per address), and `/v1/route?from=LAT,LON&to=LAT,LON[&by=car|foot][&metric=fastest|shortest]` a route on the
/// road graph of the pack that covers both ends (issue 15 §3), as `RouteDocument`.
enum MapRoutes {
    /// What `/v1/map-packs` answers.
    struct PackList: Encodable {
        let packs: [MapPackManifest]
    }

    /// `admitRoute` refuses a client that asked for too many routes lately, `admitDrawing` one
    /// that had too many map pictures drawn.
    static func add(
        to routes: inout PortalRoutes, shelf: MapShelf,
        admitRoute: @escaping @Sendable (HTTPRequest, RequestContext) throws -> Void,
        admitDrawing: @escaping @Sendable (HTTPRequest, RequestContext) throws -> Void
    ) {
        addRoute(to: &routes, shelf: shelf, admit: admitRoute)
        addTileImage(to: &routes, shelf: shelf, admit: admitDrawing)
        routes.open(.mapPacks) { _, _ in
            try .json(PackList(packs: shelf.manifests), headers: ["Cache-Control": "public, max-age=300"])
        }
        routes.open(.mapPackFile) { request, context in
            let name = try context.parameters.require("name")
            let fileName = try context.parameters.require("file")
            guard let pack = shelf.packs[name], let file = pack.manifest.files.first(where: { $0.name == fileName })
            else { throw HTTPError.notFound("no map pack \(name.prefix(64)) with a file \(fileName.prefix(64))") }
            let url = pack.folder.appendingPathComponent(file.name)
            return try RangedDownload.response(
                request, size: file.bytes,
                headers: [
                    "Content-Type": "application/octet-stream", "ETag": "\"\(file.sha256)\"",
                    "Cache-Control": "public, max-age=3600",
                ],
                what: "file"
            ) { offset, count in
                let handle = try FileHandle(forReadingFrom: url)
                defer { try? handle.close() }
                try handle.seek(toOffset: UInt64(offset))
                return try handle.read(upToCount: count) ?? Data()
            }
        }
        routes.open(.tile) { request, context in
            let (name, tiles, z, x, y) = try tileAddress(context, shelf)
            let gzip = tiles.header.tileCompression == PMTilesHeader.Compression.gzip.rawValue
            let acceptsGzip = request.headers.values(for: "Accept-Encoding").joined(separator: ",").lowercased()
                .contains("gzip")
            do {
                let stored = gzip && acceptsGzip
                guard let bytes = stored ? try tiles.storedTile(z: z, x: x, y: y) : try tiles.tile(z: z, x: x, y: y)
                else { throw HTTPError.notFound("the pack \(name) has no tile \(z)/\(x)/\(y)") }
                var headers: HTTPHeaders = [
                    "Content-Type": contentType(tiles.header.tileType), "Cache-Control": "public, max-age=86400",
                    "Vary": "Accept-Encoding",
                ]
                if stored { headers["Content-Encoding"] = "gzip" }
                return HTTPResponse(headers: headers, body: .bytes(bytes))
            } catch let error as PMTilesError {
                throw HTTPError(
                    HTTPStatus(code: 500), code: .mapPackDamaged, detail: "the pack \(name) is damaged: \(error)")
            }
        }
    }

    private static func addTileImage(
        to routes: inout PortalRoutes, shelf: MapShelf,
        admit: @escaping @Sendable (HTTPRequest, RequestContext) throws -> Void
    ) {
        routes.open(.tileImage) { request, context in
            let (name, tiles, z, x, y) = try tileAddress(context, shelf)
            let key = TileImageCache.Key(pack: name, z: z, x: x, y: y)
            var png = shelf.images.png(key)
            if png == nil {
                try admit(request, context)
                do {
                    png = try PackTileDrawing().png(tiles, z: z, x: x, y: y)
                } catch {
                    throw HTTPError(
                        HTTPStatus(code: 500), code: .mapPackDamaged,
                        detail: "the pack \(name) cannot be drawn: \(error)")
                }
                guard let drawn = png else {
                    throw HTTPError.notFound("the pack \(name) has nothing to draw at \(z)/\(x)/\(y)")
                }
                shelf.images.keep(drawn, for: key)
            }
            return HTTPResponse(
                headers: ["Content-Type": "image/png", "Cache-Control": "public, max-age=86400"],
                body: .bytes(Data(png ?? [])))
        }
    }

    /// A tile's pack and z/x/y from the path: 404 for a pack without tiles, 400 off the grid.
    private static func tileAddress(_ context: RequestContext, _ shelf: MapShelf) throws -> (
        name: String, tiles: PMTilesArchive, z: Int, x: Int, y: Int
    ) {
        let name = try context.parameters.require("pack")
        guard let tiles = shelf.packs[name]?.tiles else {
            throw HTTPError.notFound("no map pack \(name.prefix(64)) with tiles")
        }
        let (z, x, y) = (try number(context, "z"), try number(context, "x"), try number(context, "y"))
        guard TileID.of(z: z, x: x, y: y) != nil else {
            throw HTTPError.badRequest(
                code: .invalidTile, "tile \(z)/\(x)/\(y) is off the grid: z 0–31, x and y 0 to 2^z − 1")
        }
        return (name, tiles, z, x, y)
    }

    private static func addRoute(
        to routes: inout PortalRoutes, shelf: MapShelf,
        admit: @escaping @Sendable (HTTPRequest, RequestContext) throws -> Void
    ) {
        routes.open(.route) { request, context in
            try admit(request, context)
            let from = try coordinate(request, "from")
            let to = try coordinate(request, "to")
            let mode = try choice(request, "by", TravelMode.self) ?? .car
            let metric = try choice(request, "metric", RouteMetric.self) ?? .fastest
            let packs = shelf.manifests.filter { pack in
                shelf.packs[pack.name]?.graph != nil
                    && [from, to].allSatisfy { pack.covers(latitude: $0.latitude, longitude: $0.longitude) }
            }
            guard let pack = packs.first, let graph = shelf.packs[pack.name]?.graph else {
                throw HTTPError(
                    HTTPStatus(code: 404), code: .outsidePacks,
                    detail:
                        "no map pack on this portal covers both \(from.formatted(.decimal)) and \(to.formatted(.decimal))"
                )
            }
            let route: Route
            do throws(RouteProblem) {
                route = try OfflineRouter(graph: graph, pack: pack.name, metric: metric).plan(
                    from: from, to: to, by: mode
                )
                .route
            } catch {
                throw HTTPError(
                    HTTPStatus(code: 404), code: error == .noRoute ? .noRoute : .noRoad, detail: error.description)
            }
            return try .json(RouteDocument(route), headers: ["Cache-Control": "public, max-age=3600"])
        }
    }

    /// A query parameter written `LAT,LON` (decimal degrees or DMS).
    private static func coordinate(_ request: HTTPRequest, _ name: String) throws -> Coordinate {
        guard let text = try request.queryValue(name) else {
            throw HTTPError.badRequest(code: .invalidCoordinate, "\(name) is missing; give it as LAT,LON")
        }
        do { return try Coordinate.parse(text) } catch {
            throw HTTPError.badRequest(
                code: .invalidCoordinate, "\(name) \"\(text.prefix(80))\": \(error.description)")
        }
    }

    /// An optional query parameter that names one case of `T`.
    private static func choice<T: RawRepresentable & CaseIterable>(
        _ request: HTTPRequest, _ name: String, _ type: T.Type
    ) throws -> T? where T.RawValue == String {
        guard let text = try request.queryValue(name) else { return nil }
        guard let value = T(rawValue: text) else {
            throw HTTPError.badRequest(
                code: .invalid(name),
                "\(name) \"\(text.prefix(40))\" is not allowed; allowed: \(T.allCases.map(\.rawValue).joined(separator: ", "))"
            )
        }
        return value
    }

    /// A path segment of at most ten digits as a number (a tile coordinate).
    private static func number(_ context: RequestContext, _ name: String) throws -> Int {
        let text = try context.parameters.require(name)
        guard (1...10).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let value = Int(text)
        else {
            throw HTTPError.badRequest(
                code: .invalidTile, "\(name) \"\(text.prefix(20))\" is not a whole number of at most ten digits")
        }
        return value
    }

    /// The media type of a PMTiles tile type.
    private static func contentType(_ tileType: UInt8) -> String {
        switch tileType {
        case 1: "application/vnd.mapbox-vector-tile"
        case 2: "image/png"
        case 3: "image/jpeg"
        case 4: "image/webp"
        case 5: "image/avif"
        default: "application/octet-stream"
        }
    }
}
