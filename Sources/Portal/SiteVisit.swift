import Foundation
import HTTPServer
import PortalStore
import SecureHashing
import Site

/// One request to a page of the site (issue 16 §3): the language, the browser's session (a
/// random token in an `HttpOnly`, `SameSite=Lax` cookie, stored hashed, expiring and revocable —
/// the same sessions as the API's), the CSRF token its forms carry, and the cookies to set.
struct SiteVisit: Sendable {
    static let sessionCookie = "hs_session"
    /// A random token a browser holds before it signs in, which the sign-in form repeats (a
    /// double-submitted cookie): a form posted from elsewhere cannot know it.
    static let formCookie = "hs_form"
    /// The browser's device id, so that signing in again reuses one entry among the devices.
    static let browserCookie = "hs_browser"

    let request: HTTPRequest
    let page: SitePage
    /// The route's path parameters (`:id`).
    let parameters: RouteParameters
    let language: SiteLanguage
    /// Whether the browser reached the portal over TLS (through a trusted proxy saying so).
    let secure: Bool
    let sessionToken: String?
    let principal: PortalPrincipal?
    let formToken: String
    /// Cookies the answer sets (the language picked, the pre-sign-in form token).
    var cookies: [SetCookie] = []
    /// The fields of a posted form, already checked for the CSRF token.
    var form: [String: String] = [:]

    init(
        _ request: HTTPRequest, page: SitePage, context: RequestContext, store: PortalStore, trustedProxies: Set<String>
    )
        throws
    {
        self.request = request
        self.page = page
        parameters = context.parameters
        let choice = try request.queryValue("lang")
        language = SiteLanguage.negotiate(
            choice: choice, cookie: request.cookie(SiteLanguage.cookieName),
            acceptLanguage: request.headers["Accept-Language"])
        let peer = context.remoteAddress.map { IPAddress.canonical($0) ?? $0 }
        secure =
            peer.map(trustedProxies.contains) == true
            && request.headers["X-Forwarded-Proto"]?.lowercased() == "https"
        let token = request.cookie(Self.sessionCookie)
        principal = try token.flatMap { try store.accounts.principal(forToken: $0) }
        sessionToken = principal == nil ? nil : token
        if let sessionToken {
            formToken = SHA256Digest.hex(of: Data("hobbystory-site-form|\(sessionToken)".utf8))
        } else if let held = request.cookie(Self.formCookie), held.count == 64, held.allSatisfy(\.isHexDigit) {
            formToken = held
        } else {
            formToken = RandomToken.make()
            cookies.append(SetCookie(name: Self.formCookie, value: formToken, maxAge: nil, secure: secure))
        }
        if let choice, let picked = SiteLanguage(rawValue: choice.lowercased()) {
            cookies.append(
                SetCookie(name: SiteLanguage.cookieName, value: picked.rawValue, maxAge: 400 * 86_400, secure: secure))
        }
    }

    /// The principal of a page that needs one; a visitor who is not signed in is sent to sign in
    /// and brought back afterwards.
    func signedIn() throws -> PortalPrincipal {
        guard let principal else {
            throw SiteRedirect(to: SitePage.signIn.target(query: [URLQueryItem(name: "next", value: request.target)]))
        }
        return principal
    }

    /// The record id in the path; a malformed one names a page that does not exist.
    func id() throws -> UUID {
        guard let text = parameters["id"], let id = UUID(uuidString: text) else {
            throw SiteProblem(status: .notFound, SiteText.noSuchRecord)
        }
        return id
    }

    /// Reads a posted form and checks that it came from one of this site's pages: its token must
    /// be this browser's, and a browser that names the form's origin must name this site.
    mutating func readForm() async throws {
        if let origin = request.headers["Origin"], let host = request.headers["Host"],
            URL(string: origin)?.host.map({ Self.sameHost($0, host) }) != true
        {
            throw SiteProblem(status: .forbidden, SiteText.formExpired)
        }
        form = try await request.formFields()
        guard let sent = form[SiteContext.formTokenField], Self.constantTimeEqual(sent, formToken),
            sessionToken != nil || request.cookie(Self.formCookie) == formToken
        else { throw SiteProblem(status: .forbidden, SiteText.formExpired) }
    }

    /// What a page needs to render: the language, the visitor, the form token, the path.
    func context(email: String?) -> SiteContext {
        SiteContext(
            language: language,
            visitor: email.map { SiteContext.Visitor(email: $0, isAdmin: principal?.isAdmin ?? false) },
            formToken: formToken, path: request.path)
    }

    /// The session cookie for a new sign-in, living as long as the session.
    func sessionCookie(_ token: String, lifetime: TimeInterval) -> SetCookie {
        SetCookie(name: Self.sessionCookie, value: token, maxAge: Int(lifetime), secure: secure)
    }

    /// The answer with a page's HTML and this visit's cookies.
    func page(_ html: HTML, status: HTTPStatus = .ok) -> HTTPResponse {
        page(bytes: Data(html.description.utf8), status: status)
    }

    /// The answer with a page's HTML already as bytes (a cached page), and this visit's cookies.
    func page(bytes: Data, status: HTTPStatus = .ok) -> HTTPResponse {
        var headers: HTTPHeaders = ["Content-Type": "text/html; charset=utf-8"]
        for cookie in cookies { headers.add("Set-Cookie", cookie.headerValue) }
        return HTTPResponse(status: status, headers: headers, body: .bytes(bytes))
    }

    /// A 303 to `target` (after a form: the browser then asks for it with GET), with the cookies.
    func redirect(to target: String, setting extra: [SetCookie] = []) -> HTTPResponse {
        var headers: HTTPHeaders = ["Location": target]
        for cookie in cookies + extra { headers.add("Set-Cookie", cookie.headerValue) }
        return HTTPResponse(status: HTTPStatus(code: 303), headers: headers)
    }

    /// A local path to return to after signing in: only this site's paths, never another host's.
    static func localTarget(_ next: String?) -> String? {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.contains("\\"),
            !next.unicodeScalars.contains(where: { $0.value < 0x20 }), next.utf8.count <= 2_000
        else { return nil }
        return next
    }

    static func sameHost(_ originHost: String, _ hostHeader: String) -> Bool {
        let host =
            hostHeader.hasPrefix("[")
            ? String(hostHeader.prefix { $0 != "]" }.dropFirst()) : String(hostHeader.split(separator: ":").first ?? "")
        return originHost.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]")) == host.lowercased()
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let (x, y) = (Array(a.utf8), Array(b.utf8))
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// Sends the browser elsewhere (303), for example to sign in first.
struct SiteRedirect: Error {
    let target: String

    init(to target: String) { self.target = target }
}

/// A refusal the site explains on an error page, in the visitor's language.
struct SiteProblem: Error {
    let status: HTTPStatus
    let message: Phrase

    init(status: HTTPStatus, _ message: Phrase) {
        self.status = status
        self.message = message
    }
}
