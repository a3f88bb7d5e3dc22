/// Why an ``HTTPServer`` could not start.
///
/// Reported by the portal executable (T3) and by weather fixture servers in tests, with a message
/// that says what to change.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    /// `host` is not a numeric IPv4 or IPv6 address (names are not resolved).
    case invalidHost(String)
    /// A configuration value is out of range.
    case invalidConfiguration(String)
    /// libmicrohttpd could not bind or start (port in use, no permission, out of resources).
    case cannotListen(host: String, port: Int, reason: String)

    public var description: String {
        switch self {
        case .invalidHost(let host):
            "'\(host)' is not a numeric IP address; use for example 127.0.0.1 or ::1."
        case .invalidConfiguration(let problem):
            "Invalid server configuration: \(problem)."
        case .cannotListen(let host, let port, let reason):
            "Cannot listen on \(host):\(port): \(reason)."
        }
    }
}
