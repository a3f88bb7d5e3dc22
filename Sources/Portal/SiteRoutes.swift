import Foundation
import HTTPServer
import PortalStore
import Reports
import Site

/// The site's pages on the portal (issue 16): each ``SitePage`` answered in HTML, with the
/// security headers of a real web application on every answer (§3), errors shown as pages in the
/// visitor's language, and every form checked for its CSRF token before it changes anything.
struct SiteRoutes {
    let store: PortalStore
    /// Sign-in attempts per email, shared with the API's `POST /v1/sessions`.
    let limiter: AttemptLimiter
    let trustedProxies: Set<String>
    /// The diaries reports run on.
    let replicas: AccountReplicas
    /// The map page's background tiles.
    let tiles: MapPages.Tiles
    /// Diary pages rendered for a diary that has not changed since.
    let pageCache = SitePageCache()

    /// Headers on every page: no inline script or style, no framing, no sniffing, no referrer
    /// beyond this site, and nothing personal kept in shared caches.
    static let securityHeaders: HTTPHeaders = [
        "Content-Security-Policy":
            "default-src 'none'; style-src 'self'; img-src 'self'; media-src 'self'; form-action 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'",
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "DENY",
        "Referrer-Policy": "same-origin",
        "Vary": "Cookie, Accept-Language",
    ]

    /// How a form's body is held: small, buffered.
    static let formBody = BodyPolicy.buffered(maximumBytes: 16 << 10)

    func add(to router: inout Router) {
        router.on(HTTPMethod(rawValue: "GET"), SitePage.styleSheet.pattern, body: nil) { _, _ in
            var headers = Self.securityHeaders
            headers["Content-Type"] = "text/css; charset=utf-8"
            headers["Cache-Control"] = "public, max-age=3600"
            return HTTPResponse(headers: headers, body: .bytes(SiteAssets.styleSheet))
        }
        on(&router, .home) { visit in
            visit.redirect(to: visit.principal == nil ? SitePage.signIn.pattern : SitePage.diary.pattern)
        }
        addAccountPages(to: &router)
        addDiaryPages(to: &router)
        addMapPages(to: &router)
        addReportPages(to: &router)
        addAdminPages(to: &router)
        addErrorPages(to: &router)
        addLicencePages(to: &router)
        addSharePages(to: &router)
    }

    /// Registers `page`: builds the visit (session, language, form token), requires a sign-in
    /// when the page does, reads and checks a posted form, and turns refusals into pages.
    func on(
        _ router: inout Router, _ page: SitePage,
        _ handler: @escaping @Sendable (inout SiteVisit) async throws -> HTTPResponse
    ) {
        let (store, trustedProxies) = (store, trustedProxies)
        let body: BodyPolicy? = page.method == "POST" ? Self.formBody : nil
        router.on(HTTPMethod(rawValue: page.method), page.pattern, body: body) { request, context in
            var visit = try SiteVisit(
                request, page: page, context: context, store: store, trustedProxies: trustedProxies)
            var response: HTTPResponse
            do {
                if page.requiresSignIn { _ = try visit.signedIn() }
                if page.requiresAdmin, try visit.signedIn().isAdmin == false {
                    throw SiteProblem(status: .forbidden, SiteText.adminsOnly)
                }
                if page.method == "POST" { try await visit.readForm() }
                response = try await handler(&visit)
            } catch let redirect as SiteRedirect {
                response = visit.redirect(to: redirect.target)
            } catch {
                response = try Self.errorPage(for: error, visit: visit, store: store)
            }
            for (name, value) in Self.securityHeaders.map({ ($0.name, $0.value) })
            where !response.headers.contains(name) {
                response.headers[name] = value
            }
            if !response.headers.contains("Cache-Control") { response.headers["Cache-Control"] = "no-store" }
            return response
        }
    }

    /// The page for a refusal: its status and a message in the visitor's language. Failures the
    /// portal does not know go on to the server's problem handler (logged with the request id).
    static func errorPage(for error: any Error, visit: SiteVisit, store: PortalStore) throws -> HTTPResponse {
        let (status, message): (HTTPStatus, String)
        switch error {
        case let problem as SiteProblem:
            (status, message) = (problem.status, problem.message(visit.language))
        case let problem as ReportError:
            (status, message) = (.badRequest, ReportPages.message(problem, visit.language))
        default:
            guard let refusal = (error as? HTTPError) ?? PortalErrorMiddleware.httpError(for: error) else {
                throw error
            }
            status = refusal.status
            switch refusal.status.code {
            case 404: message = SiteText.noSuchPage(visit.language)
            case 503: message = SiteText.unavailable(visit.language)
            default: message = refusal.detail
            }
        }
        let email = try? visit.principal.map { try store.accounts.account($0.accountId).email }
        return visit.page(
            SiteLayout.errorPage(visit.context(email: email ?? nil), status: status.code, message: message),
            status: status)
    }
}
