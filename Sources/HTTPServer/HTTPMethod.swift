/// An HTTP request method such as `GET` or `PATCH`.
///
/// Part of the portal's HTTP layer (issue "The portal and sync", requirement T3) and of the local
/// fixture servers used by the weather tests. Methods are case-sensitive tokens (RFC 9110 §9.1), so
/// the raw value is kept exactly as the client sent it.
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static let get = HTTPMethod(rawValue: "GET")
    public static let head = HTTPMethod(rawValue: "HEAD")
    public static let post = HTTPMethod(rawValue: "POST")
    public static let put = HTTPMethod(rawValue: "PUT")
    public static let patch = HTTPMethod(rawValue: "PATCH")
    public static let delete = HTTPMethod(rawValue: "DELETE")
    public static let options = HTTPMethod(rawValue: "OPTIONS")
}
