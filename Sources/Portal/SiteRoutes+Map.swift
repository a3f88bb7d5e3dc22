import Foundation
import Gazetteer
import Geodesy
import HTTPServer
import PortalStore
import Site

/// The map page (issue 16 §1; T9): the page, its data (spots and catches as JSON), what is at a
/// clicked point (coordinates, the place from the offline gazetteer, the nearest of the angler's
/// spots), and Leaflet's files from Debian. The page allows script from this site only, images
/// from it and the tile server, and sends its origin as the referrer (OpenStreetMap's tile usage
/// policy asks for one).
extension SiteRoutes {
    static let gazetteer: Gazetteer? = try? Gazetteer.bundled()

    func addMapPages(to router: inout Router) {
        on(&router, .map, handleMap)
        on(&router, .mapData, handleMapData)
        on(&router, .mapPoint, handleMapPoint)
        on(&router, .mapScript, handleMapScript)
        on(&router, .leaflet, handleLeaflet)
        on(&router, .leafletImage, handleLeafletImage)
    }

    /// Answers ``SitePage/map``.
    func handleMap(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let principal = try visit.signedIn()
        let spots = try store.diary.map(account: principal.accountId).spots.map(\.spot)
        var response = visit.page(
            MapPages.page(
                visit.context(email: try store.accounts.account(principal.accountId).email), spots: spots, tiles: tiles)
        )
        let tileOrigin = tiles.origin.map { " \($0)" } ?? ""
        response.headers["Content-Security-Policy"] =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'\(tileOrigin); "
            + "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
        response.headers["Referrer-Policy"] = "strict-origin-when-cross-origin"
        return response
    }

    /// Answers ``SitePage/mapData``.
    func handleMapData(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let account = try visit.signedIn().accountId
        let map = try store.diary.map(account: account)
        let species = try store.diary.directoryNames()[.species] ?? [:]
        let data = MapData(
            spots: map.spots.map { spot, trips in
                MapData.Spot(
                    name: spot.name, latitude: spot.latitude ?? 0, longitude: spot.longitude ?? 0, trips: trips,
                    url: SitePage.diary.target(query: [
                        URLQueryItem(name: "spot", value: spot.id.uuidString.lowercased())
                    ]))
            },
            catches: map.catches.map { caught in
                let name =
                    species[caught.speciesId].map { visit.language == .ru ? $0.ru : $0.en } ?? caught.speciesId
                return MapData.Catch(
                    species: name, latitude: caught.spot.latitude ?? 0, longitude: caught.spot.longitude ?? 0,
                    time: SiteFormat.dateTime(caught.localTime, offset: 0),
                    url: SitePage.catch.target(id: caught.id))
            })
        return try .json(data, headers: ["Cache-Control": "private, no-store"])
    }

    /// Answers ``SitePage/mapPoint``.
    func handleMapPoint(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        let account = try visit.signedIn().accountId
        let coordinate = try Self.coordinate(visit.request)
        let nearest = try store.diary.map(account: account).spots.compactMap { spot, _ -> (DiarySpot, Double)? in
            guard let latitude = spot.latitude, let longitude = spot.longitude else { return nil }
            let to = Coordinate(latitude: latitude, longitude: longitude)
            return (spot, Geodesic.inverse(from: coordinate, to: to).meters)
        }.min { $0.1 < $1.1 }
        let point = MapData.Point(
            coordinates: coordinate.formatted(.dms),
            place: Self.gazetteer?.label(latitude: coordinate.latitude, longitude: coordinate.longitude)?
                .description,
            nearestSpot: nearest.map {
                MapData.NearestSpot(name: $0.0.name, distanceKm: (($0.1 / 100).rounded()) / 10)
            })
        return try .json(point, headers: ["Cache-Control": "private, no-store"])
    }

    /// Answers ``SitePage/mapScript``.
    func handleMapScript(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        HTTPResponse(
            headers: ["Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=3600"],
            body: .bytes(SiteAssets.mapScript))
    }

    /// Answers ``SitePage/leaflet``.
    func handleLeaflet(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        try Self.leafletFile(visit.parameters["file"], allowed: SiteAssets.leafletFiles, in: "")
    }

    /// Answers ``SitePage/leafletImage``.
    func handleLeafletImage(_ visit: inout SiteVisit) async throws -> HTTPResponse {
        try Self.leafletFile(visit.parameters["file"], allowed: SiteAssets.leafletImages, in: "images")
    }

    /// One of the Leaflet files the map uses, from Debian's package; anything else is not found,
    /// and a missing package says which to install.
    static func leafletFile(_ name: String?, allowed: Set<String>, in folder: String) throws -> HTTPResponse {
        guard let name, allowed.contains(name) else { throw SiteProblem(status: .notFound, SiteText.noSuchPage) }
        let url = SiteAssets.leafletFolder.appendingPathComponent(folder).appendingPathComponent(name)
        guard let data = try? Data(contentsOf: url) else {
            throw HTTPError(
                .serviceUnavailable, code: .leafletMissing,
                detail: "The map's library is not installed: apt-get install libjs-leaflet libjs-leaflet.markercluster")
        }
        let type =
            switch url.pathExtension {
            case "js": "text/javascript; charset=utf-8"
            case "css": "text/css; charset=utf-8"
            default: "image/png"
            }
        return HTTPResponse(
            headers: ["Content-Type": type, "Cache-Control": "public, max-age=86400"], body: .bytes(data))
    }

    /// `lat` and `lon` of the request, checked: numbers, finite, on the Earth.
    static func coordinate(_ request: HTTPRequest) throws -> Coordinate {
        let (latitude, longitude) = (try request.queryValue("lat") ?? "", try request.queryValue("lon") ?? "")
        guard latitude.count <= 32, longitude.count <= 32, let lat = Double(latitude), let lon = Double(longitude),
            let coordinate = try? Coordinate(validatingLatitude: lat, longitude: lon)
        else {
            throw HTTPError.badRequest(
                code: .invalidCoordinate,
                "lat \"\(latitude.prefix(32))\" and lon \"\(longitude.prefix(32))\" must be degrees, -90…90 and -180…180"
            )
        }
        return coordinate
    }
}

/// The map's JSON: what `map.js` draws.
struct MapData: Encodable {
    struct Spot: Encodable {
        var name: String
        var latitude: Double
        var longitude: Double
        var trips: Int
        var url: String
    }

    struct Catch: Encodable {
        var species: String
        var latitude: Double
        var longitude: Double
        var time: String
        var url: String
    }

    struct Point: Encodable {
        var coordinates: String
        var place: String?
        var nearestSpot: NearestSpot?
    }

    struct NearestSpot: Encodable {
        var name: String
        var distanceKm: Double
    }

    var spots: [Spot]
    var catches: [Catch]
}
