import Foundation
import HTTPServer
import Synchronization

/// A local HTTP server answering on Mapbox's and MapTiler's real raster tile paths
/// (`/v4/mapbox.satellite/{z}/{x}/{y}@2x.jpg90?access_token=…`,
/// `/tiles/satellite-v2/{z}/{x}/{y}.jpg?key=…`) the way their documentation says they answer:
/// a JPEG tile for a known key, 401 with Mapbox's JSON message or 403 with MapTiler's text for an
/// unknown one, 429 once a key's quota is spent. It keeps each request's path and query.
public final class MapTileFixtureServer: Sendable {
    /// How the provider treats a key.
    public enum Account: Sendable {
        case active
        case overQuota
        /// Answers with a web page and status 200 (a captive portal's login page).
        case captivePortal
    }

    private let server: HTTPServer
    private let requests: Requests

    /// The requests seen, shared with the route handlers.
    private final class Requests: Sendable {
        let value = Mutex<[String]>([])
    }

    /// `accounts` by key; any other key is unknown to the provider.
    public init(accounts: [String: Account]) throws {
        let requests = Requests()
        let tile = try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../MediaMetadataTests/Fixtures/photo_no_exif.jpg").standardized)
        var router = Router()
        // Each provider's path, the query parameter its key travels in, and its answer to an unknown key.
        let providers: [(path: String, keyParameter: String, unknown: HTTPResponse)] = [
            (
                "/v4/mapbox.satellite/:z/:x/:tile", "access_token",
                HTTPResponse(
                    status: HTTPStatus(code: 401), headers: ["Content-Type": "application/json"],
                    body: .bytes(Data(#"{"message":"Not Authorized - Invalid Token"}"#.utf8)))
            ),
            (
                "/tiles/satellite-v2/:z/:x/:tile", "key",
                HTTPResponse(
                    status: HTTPStatus(code: 403), headers: ["Content-Type": "text/plain"],
                    body: .bytes(Data("Invalid key".utf8)))
            ),
        ]
        for provider in providers {
            router.get(provider.path) { request, _ in
                requests.value.withLock { $0.append("\(request.path)?\(request.query ?? "")") }
                return Self.answer(
                    accounts[Self.parameter(provider.keyParameter, in: request.query)], tile: tile,
                    unknown: provider.unknown)
            }
        }
        self.requests = requests
        server = try HTTPServer.start(HTTPApplication(router: router), configuration: .init(port: 0))
    }

    /// `127.0.0.1:PORT`, where the tests' transport sends the providers' addresses.
    public var hostAndPort: String { "127.0.0.1:\(server.port)" }

    /// Every request's path and query, in order.
    public var seen: [String] { requests.value.withLock { $0 } }

    public func stop() async { await server.stop(gracePeriod: .seconds(1)) }

    private static func answer(_ account: Account?, tile: Data, unknown: HTTPResponse) -> HTTPResponse {
        switch account {
        case .active?: HTTPResponse(headers: ["Content-Type": "image/jpeg"], body: .bytes(tile))
        case .overQuota?:
            HTTPResponse(
                status: HTTPStatus(code: 429), headers: ["Content-Type": "application/json"],
                body: .bytes(Data(#"{"message":"Too Many Requests"}"#.utf8)))
        case .captivePortal?:
            HTTPResponse(
                headers: ["Content-Type": "text/html"], body: .bytes(Data("<html>Sign in to Wi-Fi</html>".utf8)))
        case nil: unknown
        }
    }

    private static func parameter(_ name: String, in query: String?) -> String {
        let pairs = (query ?? "").split(separator: "&").map { $0.split(separator: "=", maxSplits: 1) }
        return pairs.first { $0.first.map(String.init) == name }.flatMap { $0.count == 2 ? String($0[1]) : nil }?
            .removingPercentEncoding ?? ""
    }
}
