import Foundation

/// One HTTP request as handlers and middleware see it.
///
/// The portal's endpoints (T3) and the weather fixture servers read requests through this value;
/// the libmicrohttpd server and the tests' in-process client both produce it. `path` and `query` are kept as
/// the client sent them (still percent-encoded): the router decodes path segments one at a time, so
/// an encoded `/` (`%2F`) stays inside its segment, and ``queryItems`` decodes the query on demand.
/// Invalid percent-encoding is answered with 400, never guessed at.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// The path as sent, percent-encoded, without the query (`/v1/uploads/a%20b`).
    public var path: String
    /// The raw query after `?`, or nil when the target has none.
    public var query: String?
    public var headers: HTTPHeaders
    public var body: HTTPBody

    /// A request for `target` (`/path?query`); a fragment, if a client sent one, is dropped.
    public init(method: HTTPMethod, target: String, headers: HTTPHeaders = [:], body: HTTPBody = .empty) {
        var target = Substring(target)
        if let hash = target.firstIndex(of: "#") { target = target[..<hash] }
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            query = String(target[target.index(after: mark)...])
        } else {
            path = String(target)
            query = nil
        }
        self.method = method
        self.headers = headers
        self.body = body
    }

    /// The target as sent: `path` plus `?query` when there is one.
    public var target: String { query.map { "\(path)?\($0)" } ?? path }

    /// The decoded query items in order (`+` means space); throws 400 on invalid percent-encoding.
    public var queryItems: [QueryItem] {
        get throws(HTTPError) { try Self.formItems(query ?? "") }
    }

    /// The items of `application/x-www-form-urlencoded` text (a query string or a form's body).
    static func formItems(_ text: String) throws(HTTPError) -> [QueryItem] {
        try text.split(separator: "&", omittingEmptySubsequences: true).map {
            (pair) throws(HTTPError) -> QueryItem in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decodeQueryComponent(parts[0])
            let value = try parts.count > 1 ? Self.decodeQueryComponent(parts[1]) : nil
            return QueryItem(name: name, value: value)
        }
    }

    /// The first value of the query parameter `name`, or nil.
    public func queryValue(_ name: String) throws(HTTPError) -> String? {
        try queryItems.first { $0.name == name }?.value
    }

    /// The decoded, non-empty path segments (`/a//b/` gives `["a", "b"]`); throws 400 when a
    /// segment has invalid percent-encoding, does not decode to UTF-8, or decodes to a control
    /// character (an encoded NUL or newline is never a legitimate id).
    public var pathSegments: [String] {
        get throws(HTTPError) {
            try path.split(separator: "/", omittingEmptySubsequences: true).map { (raw) throws(HTTPError) in
                guard let segment = PercentDecoding.decode(raw, plusIsSpace: false, allowControlCharacters: false)
                else {
                    throw HTTPError.badRequest(
                        code: .invalidPath, "The request path has invalid percent-encoding.")
                }
                return segment
            }
        }
    }

    private static func decodeQueryComponent(_ raw: Substring) throws(HTTPError) -> String {
        guard let decoded = PercentDecoding.decode(raw, plusIsSpace: true, allowControlCharacters: true) else {
            throw HTTPError.badRequest(code: .invalidQuery, "The query string has invalid percent-encoding.")
        }
        return decoded
    }
}

/// One `name=value` pair of a request's query string, already decoded.
///
/// Portal list endpoints (T3: paging cursors, filters) and weather fixtures (coordinates) read these.
public struct QueryItem: Sendable, Equatable {
    public var name: String
    public var value: String?

    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }
}

/// Strict percent-decoding: every `%` must start two hex digits, control characters and bytes
/// outside ASCII must be encoded, and the result must be UTF-8 (and, if asked, free of control
/// characters).
enum PercentDecoding {
    static func decode(_ raw: Substring, plusIsSpace: Bool, allowControlCharacters: Bool) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.utf8.count)
        var iterator = raw.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                let decoded = high << 4 | low
                guard allowControlCharacters || (decoded >= 0x20 && decoded != 0x7F) else { return nil }
                bytes.append(decoded)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            case 0x21...0x7E:
                bytes.append(byte)
            default:
                return nil
            }
        }
        let decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.utf8.elementsEqual(bytes) ? decoded : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
