import Foundation

/// One JSON endpoint of the portal with its contract (T3; issue 32 §2, isowords' typed routes
/// written our way): the body it takes, the query it reads, the answer it gives and the status of
/// success. The portal's router decodes `Body` and `Query` and encodes `Answer` from it; the
/// device's API client encodes and decodes the same types from it; the OpenAPI document is held
/// to it by a test. Where it lives, its method and whether it needs a session are its
/// ``PortalEndpoint``'s.
public struct APIEndpoint<Body: Sendable, Query: EndpointQuery, Answer: Sendable>: Sendable {
    /// The route: method, path and session.
    public let endpoint: PortalEndpoint
    /// The status of a successful answer: 201 when the request created something, 204 when an
    /// answer of ``NoBody`` says nothing, else 200.
    public let successStatus: Int

    init(_ endpoint: PortalEndpoint, successStatus: Int? = nil) {
        self.endpoint = endpoint
        self.successStatus = successStatus ?? (Answer.self == NoBody.self ? 204 : 200)
    }

    /// The contract without its types, for checks over every endpoint.
    public var contract: EndpointContract {
        EndpointContract(
            endpoint: endpoint, body: NoBody.name(of: Body.self), query: Query.names,
            answer: NoBody.name(of: Answer.self),
            successStatus: successStatus)
    }
}

/// A typed endpoint's contract as names (T3): what the OpenAPI document must say of it.
public struct EndpointContract: Sendable, Equatable {
    public let endpoint: PortalEndpoint
    /// The body's type name; nil when the request carries none.
    public let body: String?
    /// The query parameters' names, in order.
    public let query: [String]
    /// The answer's type name (`[DeviceSummary]` for a list); nil when the answer has no body.
    public let answer: String?
    public let successStatus: Int
}

/// No body: the request of a `GET` or `DELETE`, the answer of a 204 (T3).
public struct NoBody: Codable, Sendable, Equatable {
    public init() {}

    /// The name a contract gives `type`: nil for ``NoBody``, `[Element]` for an array.
    static func name(of type: Any.Type) -> String? {
        if type == NoBody.self { return nil }
        let name = String(describing: type)
        guard name.hasPrefix("Array<"), name.hasSuffix(">") else { return name }
        return "[" + name.dropFirst(6).dropLast() + "]"
    }
}

/// A query an endpoint reads (T3): parsed and checked on the portal, written by the client.
public protocol EndpointQuery: Sendable {
    /// The parameters' names, in the order the client writes them.
    static var names: [String] { get }
    /// Reads and checks the query (`value(name)` gives a decoded parameter or nil); throws
    /// ``QueryError`` naming the parameter, the value and what is allowed.
    init(_ value: (String) throws -> String?) throws
    /// The parameters to send, encoded by ``PortalEndpoint/target(_:query:)``.
    var items: [URLQueryItem] { get }
}

/// No query parameters (T3).
public struct NoQuery: EndpointQuery, Equatable {
    public static let names: [String] = []
    public init() {}
    public init(_ value: (String) throws -> String?) {}
    public var items: [URLQueryItem] { [] }
}
