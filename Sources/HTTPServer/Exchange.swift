import CMicroHTTPD
import Diagnostics
import Foundation
import Synchronization

/// A libmicrohttpd connection pointer. MHD keeps the connection alive until it reports the
/// request complete, and cannot complete a suspended connection, so the pointer is only used
/// (under ``Exchange``'s lock) while it is valid.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// A handler's response in the form libmicrohttpd is given: bytes, or a channel its content
/// reader pulls from.
struct PreparedResponse: Sendable {
    enum Body: Sendable {
        case bytes(Data)
        case stream(contentLength: Int?, ResponseBodyChannel)
    }

    let status: HTTPStatus
    let headers: HTTPHeaders
    let body: Body
}

/// One request/response exchange on a libmicrohttpd connection: the bridge between MHD's
/// synchronous callbacks and the handler's task.
///
/// MHD's thread never waits for Swift code. When there is nothing to do yet it suspends the
/// connection; whoever changes the state (the handler finishing, the handler asking for body
/// bytes or draining them, the response producer writing) calls ``wake()``, which resumes it, and
/// MHD calls back in to find out what to do next. A wake that arrives before the suspension is
/// remembered and cancels it, so no wake-up is ever lost.
final class Exchange: Sendable {
    enum Phase {
        /// Headers not yet seen by the access handler.
        case new
        /// The handler runs; the body (if any) waits until the handler asks for it.
        case deciding
        /// The body is being read from the socket into ``RequestBodyChannel``.
        case receiving
        /// The whole request has been read; waiting for the response.
        case received
        /// The response has been queued with MHD.
        case responded
    }

    private struct State {
        var connection: ConnectionHandle?
        var supervised: SupervisedConnection?
        /// The response went straight to the socket while the body was still arriving.
        var sentRaw = false
        var phase = Phase.new
        var suspended = false
        var wakePending = false
        var abandoned = false
        var completed = false
        var response: PreparedResponse?
        var handlerTask: Task<Void, Never>?
        var producerTask: Task<Void, Never>?
        var discardedBytes = 0
    }

    /// Body bytes the server will still read and drop after the handler answered early (the
    /// answer already on its way, see ``RawResponse``), so that a client still sending does not
    /// get its connection reset before it reads the answer; beyond this it is closed anyway.
    static let discardAllowance = 32 << 20

    let target: String
    let requestBody: RequestBodyChannel
    private let state = Mutex(State())

    init(target: String, uploadBufferBytes: Int) {
        self.target = target
        self.requestBody = RequestBodyChannel(capacity: uploadBufferBytes)
    }

    // MARK: Suspension

    /// Suspends the connection unless a wake is pending or the exchange was abandoned; only from
    /// MHD's access handler or content reader. False means: look at the state again.
    ///
    /// MHD may call back once more before it notices a suspension it was just given (for example
    /// the final access-handler call right after the last upload bytes); the connection is then
    /// already suspended and must not be suspended twice, which would corrupt MHD's lists.
    func trySuspend() -> Bool {
        state.withLock { state in
            guard !state.abandoned, let connection = state.connection else { return false }
            if state.suspended { return true }
            if state.wakePending {
                state.wakePending = false
                return false
            }
            state.suspended = true
            state.supervised?.bodyPaused(true)
            MHD_suspend_connection(connection.pointer)
            return true
        }
    }

    /// Resumes the connection if it is suspended, otherwise makes the next suspension a no-op.
    /// Safe from any thread, any number of times.
    @Sendable func wake() {
        state.withLock { state in
            guard !state.abandoned, !state.completed else { return }
            if state.suspended, let connection = state.connection {
                state.suspended = false
                state.supervised?.bodyPaused(false)
                MHD_resume_connection(connection.pointer)
            } else {
                state.wakePending = true
            }
        }
    }

    /// Shutdown deadline passed: cancel the work, release the connection so MHD can close it, and
    /// make every later callback end the connection.
    func abandon() {
        let tasks = state.withLock { state -> [Task<Void, Never>] in
            state.abandoned = true
            if state.suspended, let connection = state.connection {
                state.suspended = false
                MHD_resume_connection(connection.pointer)
            }
            return [state.handlerTask, state.producerTask].compactMap { $0 }
        }
        for task in tasks { task.cancel() }
        requestBody.fail(Self.incompleteBody)
        state.withLock { $0.response?.channel }?.close()
    }

    var isAbandoned: Bool { state.withLock { $0.abandoned } }

    // MARK: Called from MHD's thread

    func attach(
        _ connection: ConnectionHandle, supervised: SupervisedConnection?, handlerTask: Task<Void, Never>,
        hasBody: Bool
    ) {
        let cancel = state.withLock { state in
            state.connection = connection
            state.supervised = supervised
            state.handlerTask = handlerTask
            state.phase = hasBody ? .deciding : .received
            return state.abandoned
        }
        if cancel { handlerTask.cancel() }
    }

    /// The server answered before the handler ran (refused framing, shutting down).
    func respondedEarly() {
        state.withLock { $0.phase = .responded }
    }

    /// What the access handler should do on a call without upload data.
    enum Step {
        case start
        case proceed
        case finishBody
        case queue(PreparedResponse)
        case wait
        case close
    }

    func nextStep() -> Step {
        state.withLock { state in
            if state.abandoned { return .close }
            switch state.phase {
            case .new:
                return .start
            case .deciding:
                if let response = state.response {
                    state.phase = .responded
                    return .queue(response)
                }
                if requestBody.isDemanded {
                    state.phase = .receiving
                    state.supervised?.bodyDemanded()
                    return .proceed
                }
                return .wait
            case .receiving:
                state.phase = .received
                state.supervised?.bodyEnded()
                return .finishBody
            case .received:
                if state.sentRaw { return .close }
                if let response = state.response {
                    state.phase = .responded
                    return .queue(response)
                }
                return .wait
            case .responded:
                return .proceed
            }
        }
    }

    /// What the access handler should do with upload bytes.
    enum UploadStep {
        case continueReading
        case waitForDrain
        case close
    }

    func receive(_ bytes: UnsafeRawBufferPointer) -> UploadStep {
        enum Disposition {
            case deliver
            case discard
            case close
        }
        let disposition = state.withLock { state -> Disposition in
            if state.abandoned { return .close }
            guard let response = state.response else {
                state.supervised?.bodyReceived(bytes.count)
                return .deliver
            }
            if !state.sentRaw, case .bytes(let body) = response.body, let connection = state.connection {
                // MHD cannot queue a response in the middle of a body: it goes to the socket
                // now, so even a client with an endless body hears why it is refused.
                let descriptor = hobbystory_mhd_connection_fd(connection.pointer)
                if descriptor >= 0 {
                    RawResponse.deliver(
                        RawResponse.encode(status: response.status, headers: response.headers, body: Array(body)),
                        to: descriptor)
                    state.sentRaw = true
                }
            }
            state.discardedBytes += bytes.count
            return state.discardedBytes > Self.discardAllowance ? .close : .discard
        }
        switch disposition {
        case .close:
            return .close
        case .discard:
            return .continueReading
        case .deliver:
            switch requestBody.offer(bytes) {
            case .discarded: return .continueReading
            case .accepted: return requestBody.producerMustWait() ? .waitForDrain : .continueReading
            }
        }
    }

    /// MHD finished with the request (sent, failed, timed out, or shut down).
    func completed() {
        let (tasks, responseBody) = state.withLock { state in
            state.completed = true
            state.connection = nil
            return ([state.handlerTask, state.producerTask].compactMap { $0 }, state.response?.channel)
        }
        requestBody.fail(Self.incompleteBody)
        responseBody?.close()
        for task in tasks { task.cancel() }
    }

    static let incompleteBody = HTTPError.badRequest(
        code: .bodyIncomplete, "The request body ended before it was complete.")

    // MARK: Called from the handler's task

    /// The handler answered: remember the response (starting its producer when streamed) and
    /// wake the connection so MHD queues it.
    func complete(with response: HTTPResponse, downloadBufferBytes: Int, logger: Logger) {
        requestBody.consumerFinished()
        let prepared: PreparedResponse
        var producer: Task<Void, Never>?
        switch response.body {
        case .bytes(let data):
            prepared = PreparedResponse(status: response.status, headers: response.headers, body: .bytes(data))
        case .stream(let contentLength, let produce):
            let channel = ResponseBodyChannel(capacity: downloadBufferBytes)
            prepared = PreparedResponse(
                status: response.status, headers: response.headers, body: .stream(contentLength: contentLength, channel)
            )
            producer = Task(executorPreference: HandlerExecutor.shared) { [self] in
                do {
                    try await produce(HTTPBodyWriter { data in try await channel.write(data, wake: self.wake) })
                    channel.finish(failed: false, wake: wake)
                } catch {
                    channel.finish(failed: true, wake: wake)
                    if !(error is CancellationError) {
                        let requestID = response.headers[RequestIDMiddleware.headerName] ?? ""
                        logger.capture(
                            error, context: ["requestId": requestID, "stage": "streaming response body"])
                    }
                }
            }
        }
        let cancel = state.withLock { state in
            state.response = prepared
            state.producerTask = producer
            return state.completed || state.abandoned
        }
        if cancel {
            producer?.cancel()
            prepared.channel?.close()
        }
        wake()
    }
}

extension PreparedResponse {
    /// The channel of a streamed body.
    var channel: ResponseBodyChannel? {
        guard case .stream(_, let channel) = body else { return nil }
        return channel
    }
}
