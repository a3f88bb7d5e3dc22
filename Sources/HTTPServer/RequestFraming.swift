/// Refuses request heads whose body framing two parsers could read differently — the ground of
/// request smuggling behind a proxy (RFC 9112 §6.3). libmicrohttpd 0.9.75 reads only the first
/// `Content-Length` and lets `Transfer-Encoding: chunked` override it silently; the portal (T3)
/// answers such requests 400 and closes the connection instead.
enum RequestFraming {
    /// Why the head's framing is ambiguous, or nil when it is sound.
    static func problem(in headers: HTTPHeaders) -> HTTPError? {
        // `Content-Length : 42` is no header to MHD but Content-Length to a lenient proxy
        // (RFC 9112 §5.1: whitespace before the colon must be refused).
        if let field = headers.first(where: { !isToken($0.name) }) {
            return ambiguous("the header name \"\(field.name.prefix(40))\" is not a token (no spaces or separators)")
        }
        let lengths = headers.values(for: "Content-Length")
        let encodings = headers.values(for: "Transfer-Encoding")
        if lengths.count > 1 {
            return ambiguous("Content-Length appears \(lengths.count) times; send it once")
        }
        if !lengths.isEmpty, !encodings.isEmpty {
            return ambiguous("Content-Length and Transfer-Encoding together; send one of them")
        }
        if encodings.count > 1 || encodings.contains(where: { $0.lowercased() != "chunked" }) {
            return HTTPError(
                HTTPStatus(code: 501), code: .unsupportedTransferEncoding,
                detail: "Only Transfer-Encoding: chunked is supported, once.", headers: ["Connection": "close"])
        }
        if let length = lengths.first, length.isEmpty || !length.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
            return ambiguous("Content-Length must be a decimal number of bytes")
        }
        return nil
    }

    /// RFC 9110 §5.6.2: `!#$%&'*+-.^_`|~`, digits and letters, at least one.
    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    true
                default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
                }
            }
    }

    private static func ambiguous(_ detail: String) -> HTTPError {
        HTTPError(.badRequest, code: .ambiguousFraming, detail: detail, headers: ["Connection": "close"])
    }
}
