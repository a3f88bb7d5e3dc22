import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A whole response written straight to a connection's socket, for the two moments when
/// libmicrohttpd cannot queue one (T3): a connection refused at once (over its address's cap),
/// and an answer ready while the request body is still arriving (MHD queues only before the
/// body or after all of it — a client sending an endless body would otherwise get no answer).
///
/// The response always closes the connection: after writing it the socket's sending side is
/// shut, so the client sees the answer and then the end, while MHD may still read and drop what
/// the client keeps sending for a moment (a lingering close) instead of resetting the connection.
enum RawResponse {
    /// The response's bytes: status line, headers with `Content-Length` and `Connection: close`,
    /// the body.
    static func encode(status: HTTPStatus, headers: HTTPHeaders, body: [UInt8]) -> [UInt8] {
        var head = "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n"
        for field in headers where !["content-length", "connection"].contains(field.name.lowercased()) {
            head += "\(field.name): \(field.value)\r\n"
        }
        head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + body
    }

    /// Writes `bytes` without waiting (a few hundred bytes fit any socket buffer) and shuts the
    /// sending side; false when the socket would not take them all.
    @discardableResult
    static func deliver(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                send(
                    descriptor, buffer.baseAddress! + written, buffer.count - written,
                    Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            written += count
        }
        shutdown(descriptor, Int32(SHUT_WR))
        return written == bytes.count
    }
}
