import CMicroHTTPD
import Diagnostics
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The state libmicrohttpd's callbacks reach through their `cls` pointer: the application, the
/// buffer sizes, and the exchanges in flight (for graceful shutdown).
final class ServerCore: Sendable {
    private struct Registry {
        var exchanges: [ObjectIdentifier: Exchange] = [:]
        var draining = false
    }

    let application: HTTPApplication
    let supervisor: ConnectionSupervisor
    let uploadBufferBytes: Int
    let downloadBufferBytes: Int
    private let registry = Mutex(Registry())
    var logger: Logger { application.logger }

    init(
        application: HTTPApplication, supervisor: ConnectionSupervisor, uploadBufferBytes: Int,
        downloadBufferBytes: Int
    ) {
        self.application = application
        self.supervisor = supervisor
        self.uploadBufferBytes = uploadBufferBytes
        self.downloadBufferBytes = downloadBufferBytes
    }

    // MARK: Connections

    /// A connection has been accepted: supervise it, and answer 429 at once when its address
    /// already holds as many connections as it may.
    func opened(_ connection: OpaquePointer) -> SupervisedConnection {
        let descriptor = hobbystory_mhd_connection_fd(connection)
        let address = Self.clientAddress(of: connection) ?? "unknown"
        let supervised = supervisor.opened(descriptor: descriptor, address: address)
        if supervised.isRefused, descriptor >= 0 {
            let limit = supervisor.policy.perClientConnectionLimit
            let error = HTTPError(
                .tooManyRequests, code: .tooManyConnections,
                detail: "This address already holds \(limit) connections to the server; close one and retry.",
                headers: ["Retry-After": "5"])
            let requestID = UUID().uuidString.lowercased()
            RawResponse.deliver(Self.rawProblem(error, requestID: requestID), to: descriptor)
            // The access line of an answer sent before any request was read: the request id the
            // client saw, so that every answer can be traced in the log.
            logger.warning(
                "Refused a connection over its address's limit",
                [
                    "remoteAddress": address, "requestId": requestID, "route": "none",
                    "status": String(error.status.code),
                ])
        }
        return supervised
    }

    /// The supervision record of a connection (its MHD socket context).
    static func supervised(_ connection: OpaquePointer) -> SupervisedConnection? {
        hobbystory_mhd_socket_context(connection).map {
            Unmanaged<SupervisedConnection>.fromOpaque($0).takeUnretainedValue()
        }
    }

    /// A problem response as raw bytes (see ``RawResponse``).
    static func rawProblem(_ error: HTTPError, requestID: String) -> [UInt8] {
        var headers = error.headers
        headers["Content-Type"] = ProblemDetails.contentType
        headers[RequestIDMiddleware.headerName] = requestID
        return RawResponse.encode(
            status: error.status, headers: headers,
            body: Array(ProblemMiddleware.document(for: error, requestID: requestID)))
    }

    // MARK: In-flight exchanges

    /// Requests whose headers have arrived and whose response has not been fully sent.
    var inFlightCount: Int { registry.withLock { $0.exchanges.count } }

    var isDraining: Bool { registry.withLock { $0.draining } }

    func beginDraining() { registry.withLock { $0.draining = true } }

    /// Abandons every exchange still in flight; returns how many there were.
    func abandonAll() -> Int {
        let exchanges = registry.withLock { Array($0.exchanges.values) }
        for exchange in exchanges { exchange.abandon() }
        return exchanges.count
    }

    private func register(_ exchange: Exchange) -> Bool {
        registry.withLock { registry in
            guard !registry.draining else { return false }
            registry.exchanges[ObjectIdentifier(exchange)] = exchange
            return true
        }
    }

    func unregister(_ exchange: Exchange) {
        _ = registry.withLock { $0.exchanges.removeValue(forKey: ObjectIdentifier(exchange)) }
    }

    // MARK: Access handler

    /// libmicrohttpd's access handler for one call: upload bytes, or a state change to act on.
    func handle(
        _ exchange: Exchange, connection: OpaquePointer, method: UnsafePointer<CChar>,
        uploadData: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>
    ) -> MHD_Result {
        if uploadSize.pointee > 0 {
            let bytes = UnsafeRawBufferPointer(start: uploadData, count: uploadSize.pointee)
            uploadSize.pointee = 0
            switch exchange.receive(bytes) {
            case .close:
                return .NO
            case .continueReading:
                return .YES
            case .waitForDrain:
                while exchange.requestBody.producerMustWait() {
                    if exchange.trySuspend() { return .YES }
                    if exchange.isAbandoned { return .NO }
                }
                return .YES
            }
        }
        while true {
            switch exchange.nextStep() {
            case .start:
                if let result = start(exchange, connection: ConnectionHandle(pointer: connection), method: method) {
                    return result
                }
            case .proceed:
                return .YES
            case .finishBody:
                exchange.requestBody.finish()
            case .queue(let response):
                return queue(response, for: exchange, on: connection)
            case .wait:
                if exchange.trySuspend() { return .YES }
            case .close:
                return .NO
            }
        }
    }

    /// Builds the request and starts the handler's task. Returns the access handler's answer, or
    /// nil when the handler must first decide whether it wants the body.
    private func start(_ exchange: Exchange, connection: ConnectionHandle, method: UnsafePointer<CChar>) -> MHD_Result?
    {
        let supervised = Self.supervised(connection.pointer)
        if supervised?.isRefused == true { return .NO }
        supervised?.headersArrived()
        guard register(exchange) else { return refuseWhileDraining(exchange, on: connection.pointer) }
        let headers = Self.headers(of: connection.pointer)
        if let problem = RequestFraming.problem(in: headers) {
            // Queued before any body byte is read: MHD then drops the body and closes.
            return queueEarly(problem, for: exchange, on: connection.pointer)
        }
        let contentLength = headers["Content-Length"].flatMap { Int($0) }
        let hasBody = (contentLength ?? 0) > 0 || headers.contains("Transfer-Encoding")
        let body: HTTPBody =
            hasBody
            ? .stream(
                HTTPBodyStream(expectedLength: contentLength) {
                    try await exchange.requestBody.next(wake: exchange.wake)
                })
            : .empty
        let request = HTTPRequest(
            method: HTTPMethod(rawValue: String(cString: method)), target: exchange.target, headers: headers, body: body
        )
        let remoteAddress = Self.clientAddress(of: connection.pointer)
        let application = application
        let downloadBufferBytes = downloadBufferBytes
        let task = Task(executorPreference: HandlerExecutor.shared) {
            let response = await application.respond(to: request, remoteAddress: remoteAddress)
            exchange.complete(with: response, downloadBufferBytes: downloadBufferBytes, logger: application.logger)
        }
        exchange.attach(connection, supervised: supervised, handlerTask: task, hasBody: hasBody)
        return hasBody ? nil : .YES
    }

    private func refuseWhileDraining(_ exchange: Exchange, on connection: OpaquePointer) -> MHD_Result {
        queueEarly(
            HTTPError(.serviceUnavailable, code: .shuttingDown, detail: "The server is shutting down."),
            for: exchange, on: connection)
    }

    /// Answers `error` before the handler runs and closes the connection after it.
    private func queueEarly(_ error: HTTPError, for exchange: Exchange, on connection: OpaquePointer) -> MHD_Result {
        let requestID = UUID().uuidString.lowercased()
        var headers = error.headers
        headers["Content-Type"] = ProblemDetails.contentType
        headers[RequestIDMiddleware.headerName] = requestID
        headers["Connection"] = "close"
        let body = PreparedResponse.Body.bytes(ProblemMiddleware.document(for: error, requestID: requestID))
        exchange.respondedEarly()
        return queue(
            PreparedResponse(status: error.status, headers: headers, body: body), for: exchange, on: connection)
    }

    /// Hands `response` to libmicrohttpd: bytes are copied; a stream is read by the content reader.
    private func queue(_ response: PreparedResponse, for exchange: Exchange, on connection: OpaquePointer) -> MHD_Result
    {
        let created: OpaquePointer?
        switch response.body {
        case .bytes(let data):
            created = data.withUnsafeBytes {
                MHD_create_response_from_buffer(
                    $0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .stream(let length, let channel):
            let reader = Unmanaged.passRetained(StreamReader(exchange: exchange, channel: channel))
            created = MHD_create_response_from_callback(
                length.map { UInt64($0) } ?? hobbystory_mhd_size_unknown(), 64 * 1024,
                { context, _, buffer, max in
                    Unmanaged<StreamReader>.fromOpaque(context!).takeUnretainedValue()
                        .read(into: UnsafeMutableRawBufferPointer(start: buffer, count: max))
                },
                reader.toOpaque(),
                { context in Unmanaged<StreamReader>.fromOpaque(context!).release() })
            if created == nil { reader.release() }
        }
        guard let created else {
            logger.error("libmicrohttpd could not create a response", ["status": String(response.status.code)])
            return .NO
        }
        defer { MHD_destroy_response(created) }
        var headers = response.headers
        headers.remove("Content-Length")
        if isDraining { headers["Connection"] = "close" }
        for field in headers where MHD_add_response_header(created, field.name, field.value) == .NO {
            logger.warning("Dropped a response header libmicrohttpd refused", ["header": field.name])
        }
        return MHD_queue_response(connection, UInt32(response.status.code), created)
    }

    // MARK: Reading the connection

    static func headers(of connection: OpaquePointer) -> HTTPHeaders {
        var headers = HTTPHeaders()
        withUnsafeMutablePointer(to: &headers) { pointer in
            _ = MHD_get_connection_values_n(
                connection, .HEADER_KIND,
                { context, _, key, keySize, value, valueSize in
                    guard let context, let key else { return .YES }
                    let name = String(decoding: UnsafeRawBufferPointer(start: key, count: keySize), as: UTF8.self)
                    let text = value.map {
                        String(decoding: UnsafeRawBufferPointer(start: $0, count: valueSize), as: UTF8.self)
                    }
                    context.assumingMemoryBound(to: HTTPHeaders.self).pointee.add(name, text ?? "")
                    return .YES
                }, pointer)
        }
        return headers
    }

    static func clientAddress(of connection: OpaquePointer) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let text = String(cString: hobbystory_mhd_client_address(connection, &buffer, buffer.count))
        return text.isEmpty ? nil : text
    }
}

/// The content reader's context for a streamed response.
final class StreamReader: Sendable {
    let exchange: Exchange
    let channel: ResponseBodyChannel

    init(exchange: Exchange, channel: ResponseBodyChannel) {
        self.exchange = exchange
        self.channel = channel
    }

    /// libmicrohttpd's content reader: bytes, end, error, or 0 after suspending until data arrives.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            switch channel.read(into: buffer) {
            case .bytes(let count): return count
            case .end: return hobbystory_mhd_end_of_stream()
            case .failed: return hobbystory_mhd_end_with_error()
            case .wait:
                if exchange.trySuspend() { return 0 }
                if exchange.isAbandoned { return hobbystory_mhd_end_with_error() }
            }
        }
    }
}
