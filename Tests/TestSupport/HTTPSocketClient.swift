import Foundation
import HTTPServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why ``HTTPSocketClient`` got no response.
///
/// Seen by portal (T3) and weather fixture tests that talk to a real ``HTTPServer``.
public enum HTTPClientError: Error, Equatable, CustomStringConvertible {
    case cannotConnect(String)
    case timedOut
    case connectionClosed
    case malformedResponse(String)

    public var description: String {
        switch self {
        case .cannotConnect(let reason): "Cannot connect: \(reason)."
        case .timedOut: "The server did not answer in time."
        case .connectionClosed: "The server closed the connection before a complete response."
        case .malformedResponse(let reason): "The response is not valid HTTP/1.1: \(reason)."
        }
    }
}

/// A deliberately small HTTP/1.1 client over a real TCP socket, one connection per request, for
/// tests of the portal (T3) and of weather fixture servers that must cross a real socket.
///
/// It can stream a request body from a chunk source (so a 50 MB upload is never in memory), send
/// `Expect: 100-continue`, and hand response chunks to a callback instead of collecting them.
/// Not a production client: no TLS, no redirects, no connection reuse.
public struct HTTPSocketClient: Sendable {
    public let host: String
    public let port: Int
    public let timeout: Duration

    public init(host: String = "127.0.0.1", port: Int, timeout: Duration = .seconds(30)) {
        self.host = host
        self.port = port
        self.timeout = timeout
    }

    /// Sends a request with an optional byte body and collects the response.
    public func send(
        _ method: HTTPMethod, _ target: String, headers: HTTPHeaders = [:], body: Data? = nil
    ) async throws -> HTTPClientResponse {
        let chunks = body.map { [$0] } ?? []
        return try await send(
            method, target, headers: headers, bodyLength: body?.count ?? 0, body: HTTPBodyStream(chunks: chunks))
    }

    /// Sends a request whose body comes from `body` — `bodyLength` bytes, or chunked when nil —
    /// optionally waiting for `100 Continue` first; response chunks go to `onResponseChunk` when
    /// given (the returned body is then empty), otherwise they are collected.
    public func send(
        _ method: HTTPMethod, _ target: String, headers: HTTPHeaders = [:], bodyLength: Int?, body: HTTPBodyStream,
        expectContinue: Bool = false, onResponseChunk: (@Sendable (Data) -> Void)? = nil
    ) async throws -> HTTPClientResponse {
        var head = "\(method.rawValue) \(target) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\n"
        for field in headers { head += "\(field.name): \(field.value)\r\n" }
        if let bodyLength {
            if bodyLength > 0 || method == .post || method == .put || method == .patch {
                head += "Content-Length: \(bodyLength)\r\n"
            }
        } else {
            head += "Transfer-Encoding: chunked\r\n"
        }
        if expectContinue { head += "Expect: 100-continue\r\n" }
        head += "\r\n"
        let connection = try await SocketConnection.open(host: host, port: port, timeout: timeout)
        defer { connection.close() }
        let requestHead = Data(head.utf8)
        try await connection.perform { try $0.write(requestHead) }
        if expectContinue, try await connection.perform({ try $0.waitReadable(milliseconds: 2_000) }) {
            let early = try await connection.perform { connection -> HTTPClientResponse? in
                let (status, headers) = try connection.readResponseHead()
                guard status.code != 100 else { return nil }
                return try connection.readResponse(
                    status: status, headers: headers, method: method, onChunk: onResponseChunk)
            }
            if let early { return early }
        }
        do {
            for try await chunk in body {
                let framed =
                    bodyLength == nil
                    ? Data("\(String(chunk.count, radix: 16))\r\n".utf8) + chunk + Data("\r\n".utf8) : chunk
                try await connection.perform { try $0.write(framed) }
            }
            if bodyLength == nil { try await connection.perform { try $0.write(Data("0\r\n\r\n".utf8)) } }
        } catch HTTPClientError.connectionClosed {
            // The server answered early and closed; its response may still be readable.
        }
        return try await connection.perform { connection in
            var (status, headers) = try connection.readResponseHead()
            while status.code == 100 { (status, headers) = try connection.readResponseHead() }
            return try connection.readResponse(
                status: status, headers: headers, method: method, onChunk: onResponseChunk)
        }
    }
}

/// A blocking TCP connection with read and write timeouts (used by ``HTTPSocketClient`` and by
/// tests that need to send malformed or slow requests).
///
/// Blocking calls run on the connection's own serial dispatch queue through ``perform(_:)``, never
/// on Swift's cooperative thread pool, which the server's handlers need. That queue is also why
/// the class may be `@unchecked Sendable`: its state is only touched by one `perform` at a time
/// (or by `close()` after the last one returned).
public final class SocketConnection: @unchecked Sendable {
    private let queue = DispatchQueue(label: "HTTPSocketClient.connection")
    private let descriptor: Int32
    private var pending: [UInt8] = []
    private var isClosed = false

    init(host: String, port: Int, timeout: Duration) throws(HTTPClientError) {
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        let family: Int32
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            family = AF_INET
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = in_port_t(UInt16(port).bigEndian)
        } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            family = AF_INET6
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = in_port_t(UInt16(port).bigEndian)
        } else {
            throw .cannotConnect("\(host) is not a numeric IP address")
        }
        #if canImport(Glibc)
            descriptor = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(family, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw .cannotConnect(String(cString: strerror(errno))) }
        let seconds = timeout.components.seconds
        var interval = timeval(
            tv_sec: .init(seconds), tv_usec: .init(timeout.components.attoseconds / 1_000_000_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var one: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let connected =
            family == AF_INET
            ? withUnsafePointer(to: &v4) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            : withUnsafePointer(to: &v6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            closeDescriptor(descriptor)
            throw .cannotConnect(reason)
        }
    }

    deinit { close() }

    /// Connects on a dispatch queue.
    public static func open(host: String, port: Int, timeout: Duration) async throws -> SocketConnection {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try SocketConnection(host: host, port: port, timeout: timeout) })
            }
        }
    }

    /// Runs blocking work on this connection's queue, one call at a time.
    public func perform<T: Sendable>(_ work: @escaping @Sendable (SocketConnection) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work(self) }) }
        }
    }

    public func close() {
        guard !isClosed else { return }
        isClosed = true
        closeDescriptor(descriptor)
    }

    /// Writes all of `data`; throws `connectionClosed` if the peer has closed or reset.
    public func write(_ data: Data) throws(HTTPClientError) {
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { raw in
                #if canImport(Glibc)
                    send(descriptor, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                #else
                    send(descriptor, raw.baseAddress! + offset, raw.count - offset, 0)
                #endif
            }
            if written > 0 {
                offset += written
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN || errno == EWOULDBLOCK {
                throw .timedOut
            } else {
                throw .connectionClosed
            }
        }
    }

    /// Whether bytes (or end of stream) are ready to read within `milliseconds`.
    public func waitReadable(milliseconds: Int32) throws(HTTPClientError) -> Bool {
        if !pending.isEmpty { return true }
        var descriptorSet = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptorSet, 1, milliseconds)
        guard ready >= 0 else { throw .connectionClosed }
        return ready > 0
    }

    /// Reads more bytes into the pending buffer; false at end of stream (or after a reset).
    @discardableResult
    public func fill() throws(HTTPClientError) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count > 0 {
                pending += chunk[..<count]
                return true
            }
            if count == 0 { return false }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { throw .timedOut }
            return false
        }
    }

    /// Everything the server sends until it closes the connection (for malformed-request tests).
    public func readUntilClosed() throws(HTTPClientError) -> Data {
        while try fill() {}
        defer { pending = [] }
        return Data(pending)
    }

    private func readLine() throws(HTTPClientError) -> String {
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                var line = pending[..<end]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                pending.removeSubrange(...end)
                return String(decoding: line, as: UTF8.self)
            }
            guard try fill() else { throw .connectionClosed }
        }
    }

    private func read(exactly count: Int) throws(HTTPClientError) -> Data {
        while pending.count < count {
            guard try fill() else { throw .connectionClosed }
        }
        defer { pending.removeSubrange(..<count) }
        return Data(pending[..<count])
    }

    public func readResponseHead() throws(HTTPClientError) -> (HTTPStatus, HTTPHeaders) {
        let statusLine = try readLine()
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), let code = Int(parts[1]) else {
            throw .malformedResponse("status line '\(statusLine)'")
        }
        var headers = HTTPHeaders()
        while true {
            let line = try readLine()
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { throw .malformedResponse("header line '\(line)'") }
            headers.add(String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return (HTTPStatus(code: code, reasonPhrase: parts.count > 2 ? String(parts[2]) : ""), headers)
    }

    public func readResponse(
        status: HTTPStatus, headers: HTTPHeaders, method: HTTPMethod, onChunk: (@Sendable (Data) -> Void)?
    ) throws(HTTPClientError) -> HTTPClientResponse {
        var body = Data()
        let deliver = { (data: Data) in
            if let onChunk { onChunk(data) } else { body.append(data) }
        }
        if method == .head || status.code == 204 || status.code == 304 {
            return HTTPClientResponse(status: status, headers: headers, body: body)
        }
        if headers["Transfer-Encoding"]?.lowercased().contains("chunked") == true {
            while true {
                let sizeLine = try readLine()
                guard let size = Int(sizeLine.split(separator: ";")[0].trimmingCharacters(in: .whitespaces), radix: 16)
                else { throw .malformedResponse("chunk size '\(sizeLine)'") }
                if size == 0 { break }
                deliver(try read(exactly: size))
                guard try readLine().isEmpty else { throw .malformedResponse("missing CRLF after a chunk") }
            }
            while try !readLine().isEmpty {}
        } else if let length = headers["Content-Length"].flatMap({ Int($0) }) {
            var remaining = length
            while remaining > 0 {
                if pending.isEmpty, try !fill() { throw .connectionClosed }
                let count = min(remaining, pending.count)
                deliver(Data(pending[..<count]))
                pending.removeSubrange(..<count)
                remaining -= count
            }
        } else {
            while true {
                if !pending.isEmpty {
                    deliver(Data(pending))
                    pending = []
                }
                if try !fill() { break }
            }
        }
        return HTTPClientResponse(status: status, headers: headers, body: body)
    }
}

/// `close(2)`, under a name that does not clash with ``SocketConnection/close()``.
private func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(descriptor)
    #else
        _ = Darwin.close(descriptor)
    #endif
}
