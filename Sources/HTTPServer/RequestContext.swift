import Diagnostics
import Synchronization

/// What the layers around a handler know about the current exchange: the request id, the route's
/// path parameters, the authenticated principal, and where the request came from.
///
/// Passed by value down the middleware chain of the portal (T3) and weather fixture servers; a
/// middleware that learns something (the request id, the principal) passes an updated copy on.
public struct RequestContext: Sendable {
    /// The exchange's `X-Request-Id` (set by ``RequestIDMiddleware``; empty before it runs).
    public var requestID: String
    /// Parameters captured by the matched route pattern (`:id`).
    public var parameters: RouteParameters
    /// The principal an ``AuthenticationMiddleware`` established, if any.
    public var principal: (any Sendable)?
    /// The client's numeric IP address, or nil in-process.
    public var remoteAddress: String?
    /// When the exchange began, for durations.
    public let startedAt: ContinuousClock.Instant
    /// The log for request-scoped messages (the application's logger, category `http`).
    public var logger: Logger
    /// What inner layers learn for the outer ones (the matched route, the account): shared by
    /// every copy of this context.
    public let notes: ExchangeNotes

    public init(
        remoteAddress: String? = nil, startedAt: ContinuousClock.Instant = .now,
        logger: Logger = Logger(category: "http")
    ) {
        self.requestID = ""
        self.parameters = RouteParameters()
        self.principal = nil
        self.remoteAddress = remoteAddress
        self.startedAt = startedAt
        self.logger = logger
        self.notes = ExchangeNotes()
    }

    /// The authenticated principal as `P`; throws 401 when there is none (or it is another type).
    public func principal<P: Sendable>(as type: P.Type) throws(HTTPError) -> P {
        guard let principal = principal as? P else { throw HTTPError.unauthorized() }
        return principal
    }
}

/// The named values a route pattern captured, already percent-decoded (`/v1/uploads/:id`).
///
/// Portal handlers (T3) read ids through ``require(_:)`` so a missing or malformed value is a 400,
/// never a crash.
public struct RouteParameters: Sendable, Equatable {
    private var values: [String: String] = [:]

    public init(_ values: [String: String] = [:]) { self.values = values }

    public subscript(name: String) -> String? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// The parameter `name`; throws 400 `missing_parameter` when the route did not capture it.
    public func require(_ name: String) throws(HTTPError) -> String {
        guard let value = values[name] else {
            throw HTTPError.badRequest(code: .missingParameter, "Path parameter '\(name)' is missing.")
        }
        return value
    }

    /// The parameter `name` converted to `T` (such as `Int`); throws 400 `invalid_parameter` when
    /// the value does not convert.
    public func require<T: LosslessStringConvertible>(_ name: String, as type: T.Type) throws(HTTPError) -> T {
        let raw = try require(name)
        guard let value = T(raw) else {
            throw HTTPError.badRequest(code: .invalidParameter, "Path parameter '\(name)' has an invalid value.")
        }
        return value
    }
}

/// Facts about one exchange that inner layers record and outer ones read after the handler
/// returns: the router notes the matched route pattern (`/v1/uploads/:id`, what metrics and the
/// access log are labelled by), authentication the account. Serves the portal's logs (T3, T6).
public final class ExchangeNotes: Sendable {
    private struct Contents {
        var route: String?
        var fields: [String: String] = [:]
    }

    private let contents = Mutex(Contents())

    public init() {}

    /// The pattern of the route that matched, nil before routing or when none did.
    public var route: String? {
        get { contents.withLock { $0.route } }
        set { contents.withLock { $0.route = newValue } }
    }

    /// Values for the access log line (`accountId`); never secrets.
    public subscript(field: String) -> String? {
        get { contents.withLock { $0.fields[field] } }
        set { contents.withLock { $0.fields[field] = newValue } }
    }

    /// Every value noted, for the access log.
    public var fields: [String: String] { contents.withLock { $0.fields } }
}
