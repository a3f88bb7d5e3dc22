import Foundation
import HTTPServer
import Synchronization
import TestSupport

/// A browser as the site sees it, without a socket: it keeps the cookies the portal sets (and
/// drops those it removes), sends them back, and reads the CSRF token from the last form it got.
final class SiteBrowser: Sendable {
    let client: HTTPTestClient
    private let state = Mutex<(cookies: [String: String], lastPage: String)>(([:], ""))
    let userAgent: String
    /// The address requests come from (a trusted proxy's, to test what it forwards).
    let remoteAddress: String?

    init(
        _ client: HTTPTestClient, userAgent: String = "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36",
        remoteAddress: String? = nil
    ) {
        self.client = client
        self.userAgent = userAgent
        self.remoteAddress = remoteAddress
    }

    var cookies: [String: String] { state.withLock { $0.cookies } }
    var lastPage: String { state.withLock { $0.lastPage } }

    /// The CSRF token of the last page's forms.
    var formToken: String? {
        let page = lastPage
        guard let range = page.range(of: #"name="csrf" value=""#) else { return nil }
        return String(page[range.upperBound...].prefix { $0 != "\"" })
    }

    func setCookie(_ name: String, _ value: String?) {
        state.withLock { $0.cookies[name] = value }
    }

    @discardableResult
    func get(_ target: String, headers: HTTPHeaders = [:]) async throws -> HTTPClientResponse {
        try await send(.get, target, headers: headers, body: nil)
    }

    /// Posts a form with this browser's CSRF token (unless `token` says otherwise).
    @discardableResult
    func post(_ target: String, _ fields: [String: String], token: String?? = .none, headers: HTTPHeaders = [:])
        async throws -> HTTPClientResponse
    {
        var fields = fields
        switch token {
        case .none: fields["csrf"] = formToken
        case .some(let explicit): fields["csrf"] = explicit
        }
        let body = fields.sorted { $0.key < $1.key }.map { key, value in
            "\(Self.encode(key))=\(Self.encode(value))"
        }.joined(separator: "&")
        var headers = headers
        headers["Content-Type"] = "application/x-www-form-urlencoded"
        return try await send(.post, target, headers: headers, body: Data(body.utf8))
    }

    private func send(_ method: HTTPMethod, _ target: String, headers: HTTPHeaders, body: Data?) async throws
        -> HTTPClientResponse
    {
        var headers = headers
        let jar = cookies
        if !jar.isEmpty, !headers.contains("Cookie") {
            headers["Cookie"] = jar.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        if !headers.contains("User-Agent") { headers["User-Agent"] = userAgent }
        if let length = body?.count { headers["Content-Length"] = String(length) }
        let response = try await client.send(
            method, target, headers: headers, body: body.map(HTTPBody.buffered) ?? .empty, remoteAddress: remoteAddress)
        state.withLock { state in
            for header in response.headers.values(for: "Set-Cookie") {
                let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
                let name = String(pair[0])
                let value = pair.count > 1 ? String(pair[1]) : ""
                state.cookies[name] = header.contains("Max-Age=0") ? nil : value
            }
            if response.headers["Content-Type"]?.hasPrefix("text/html") == true { state.lastPage = response.text }
        }
        return response
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    /// Signs in through the form and checks it worked.
    func signIn(_ email: String, _ password: String = "correct horse") async throws -> HTTPClientResponse {
        try await get("/signin")
        return try await post("/signin", ["email": email, "password": password])
    }
}
