import Foundation
import HTTPServer
import PortalStore
import SyncProtocol

/// The endpoints anyone may call: health, metrics and the API's description (T3).
struct PublicEndpoints: Sendable {
    let database: any PortalDatabase
    let metrics: PortalMetrics

    func add(to routes: inout PortalRoutes) {
        routes.open(.health, health)
        routes.open(.metrics, renderMetrics)
        routes.open(.openAPI, openAPI)
    }

    func health(_: HTTPRequest, _: RequestContext) throws -> HTTPResponse {
        try .json(["status": "ok", "backend": database.backend])
    }

    func renderMetrics(_: HTTPRequest, _: RequestContext) -> HTTPResponse {
        HTTPResponse(headers: ["Content-Type": "text/plain; version=0.0.4"], body: .bytes(Data(metrics.render().utf8)))
    }

    func openAPI(_: HTTPRequest, _: RequestContext) throws -> HTTPResponse {
        HTTPResponse(headers: ["Content-Type": "application/json"], body: .bytes(try OpenAPIDocument.data()))
    }
}
