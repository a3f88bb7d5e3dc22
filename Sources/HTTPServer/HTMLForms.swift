import Foundation

/// What a browser sends and keeps beyond JSON: the fields of a submitted HTML form and cookies
/// (issue 16: the site's sign-in, CSRF tokens and session cookie).
extension HTTPRequest {
    /// The fields of an `application/x-www-form-urlencoded` body (a form posted by a browser);
    /// 415 for another type, 400 for a body that is not UTF-8 or not percent-encoded properly.
    /// The route's body policy bounds its size.
    public func formFields() async throws -> [String: String] {
        let type = headers["Content-Type"]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
        guard type?.lowercased() == "application/x-www-form-urlencoded" else {
            throw HTTPError(
                .unsupportedMediaType, code: .unsupportedMediaType,
                detail: "A form is sent as application/x-www-form-urlencoded.")
        }
        guard let text = String(data: try await body.collect(upTo: .max), encoding: .utf8) else {
            throw HTTPError.badRequest(code: .invalidForm, "The form's body is not UTF-8 text.")
        }
        var fields: [String: String] = [:]
        for item in try Self.formItems(text) where fields[item.name] == nil {
            fields[item.name] = item.value ?? ""
        }
        return fields
    }

    /// The value of the cookie `name` (the first, when a browser sends it twice), or nil.
    public func cookie(_ name: String) -> String? {
        for header in headers.values(for: "Cookie") {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }
}

/// A `Set-Cookie` header's value (RFC 6265): the site's cookies are never readable by scripts
/// unless they say so, are sent only to this site's pages on same-site navigations, and carry
/// `Secure` when the site is served over TLS.
public struct SetCookie: Sendable, Equatable {
    public enum SameSite: String, Sendable {
        case strict = "Strict"
        case lax = "Lax"
    }

    public var name: String
    /// Only URL-safe characters are ever put here (tokens, ids, language codes).
    public var value: String
    /// Seconds until the browser forgets it; 0 deletes it; nil keeps it for the browsing session.
    public var maxAge: Int?
    public var httpOnly = true
    public var secure = false
    public var sameSite = SameSite.lax
    public var path = "/"

    public init(name: String, value: String, maxAge: Int?, secure: Bool, httpOnly: Bool = true) {
        self.name = name
        self.value = value
        self.maxAge = maxAge
        self.secure = secure
        self.httpOnly = httpOnly
    }

    /// The cookie removed: empty, expired now.
    public static func removal(_ name: String, secure: Bool) -> SetCookie {
        SetCookie(name: name, value: "", maxAge: 0, secure: secure)
    }

    public var headerValue: String {
        var parts = ["\(name)=\(value)", "Path=\(path)", "SameSite=\(sameSite.rawValue)"]
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        if httpOnly { parts.append("HttpOnly") }
        if secure { parts.append("Secure") }
        return parts.joined(separator: "; ")
    }
}
