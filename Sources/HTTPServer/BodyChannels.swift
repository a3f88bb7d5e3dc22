import Foundation
import Synchronization

/// Carries an upload from libmicrohttpd's callback (a synchronous producer on a server thread) to
/// the handler's ``HTTPBodyStream`` (an asynchronous consumer), holding at most about `capacity`
/// bytes: when the buffer is full the connection is suspended until the handler has read half.
final class RequestBodyChannel: Sendable {
    private struct State {
        var chunks = ChunkQueue()
        var finished = false
        var failure: HTTPError?
        var waiter: CheckedContinuation<Data?, any Error>?
        var demanded = false
        var producerWaiting = false
        var consumerGone = false
        var consumerCancelled = false
    }

    /// What happened to bytes offered by the server.
    enum Offer {
        case accepted
        case discarded
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) { self.capacity = capacity }

    // MARK: Consumer (the handler's task)

    /// The next chunk, nil at the end. `wake` is called when the server side must be resumed: on
    /// the first demand for data, and when the buffer has drained while the server was waiting.
    /// A failed or finished body is reported even to a cancelled task; cancellation only ends a wait.
    func next(wake: @Sendable () -> Void) async throws -> Data? {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                enum Step {
                    case deliver(Result<Data?, any Error>, wake: Bool)
                    case wait(wake: Bool)
                }
                let step = state.withLock { state -> Step in
                    if let chunk = state.chunks.popFirst() {
                        let drained = state.producerWaiting && state.chunks.byteCount <= capacity / 2
                        if drained { state.producerWaiting = false }
                        return .deliver(.success(chunk), wake: drained)
                    }
                    if let failure = state.failure { return .deliver(.failure(failure), wake: false) }
                    if state.finished { return .deliver(.success(nil), wake: false) }
                    if state.consumerCancelled { return .deliver(.failure(CancellationError()), wake: false) }
                    state.waiter = continuation
                    let firstDemand = !state.demanded
                    state.demanded = true
                    let drained = state.producerWaiting
                    state.producerWaiting = false
                    return .wait(wake: firstDemand || drained)
                }
                switch step {
                case .deliver(let result, let shouldWake):
                    continuation.resume(with: result)
                    if shouldWake { wake() }
                case .wait(let shouldWake):
                    if shouldWake { wake() }
                }
            }
        } onCancel: {
            state.withLock { state -> CheckedContinuation<Data?, any Error>? in
                state.consumerCancelled = true
                defer { state.waiter = nil }
                return state.waiter
            }?.resume(throwing: CancellationError())
        }
    }

    /// The handler has finished: later bytes are discarded and buffered ones freed.
    func consumerFinished() {
        state.withLock { state in
            state.consumerGone = true
            state.chunks = ChunkQueue()
        }
    }

    // MARK: Producer (libmicrohttpd's thread)

    /// Whether the handler has asked for body bytes yet.
    var isDemanded: Bool { state.withLock { $0.demanded } }

    /// Hands `bytes` to the consumer (directly if it is waiting) or buffers them.
    func offer(_ bytes: UnsafeRawBufferPointer) -> Offer {
        enum Step {
            case discard
            case buffered
            case handOver(CheckedContinuation<Data?, any Error>)
        }
        let step = state.withLock { state -> Step in
            if state.consumerGone { return .discard }
            if let waiter = state.waiter {
                state.waiter = nil
                return .handOver(waiter)
            }
            state.chunks.append(Data(bytes))
            return .buffered
        }
        switch step {
        case .discard:
            return .discarded
        case .buffered:
            return .accepted
        case .handOver(let waiter):
            waiter.resume(returning: Data(bytes))
            return .accepted
        }
    }

    /// True (and the consumer will wake the server later) when the buffer is full.
    func producerMustWait() -> Bool {
        state.withLock { state in
            guard !state.consumerGone, state.chunks.byteCount >= capacity else { return false }
            state.producerWaiting = true
            return true
        }
    }

    /// The body is complete.
    func finish() {
        state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }?.resume(returning: nil)
    }

    /// The connection ended before the body was complete.
    func fail(_ error: HTTPError) {
        state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            guard !state.finished else { return nil }
            state.failure = error
            defer { state.waiter = nil }
            return state.waiter
        }?.resume(throwing: error)
    }
}

/// Carries a streamed response from the producer task (asynchronous) to libmicrohttpd's content
/// reader (synchronous, on a server thread), holding at most about `capacity` bytes: `write`
/// waits while the buffer is full; the reader suspends the connection while it is empty.
final class ResponseBodyChannel: Sendable {
    private struct State {
        var chunks = ChunkQueue()
        var finished = false
        var failed = false
        var closed = false
        var readerWaiting = false
        var writer: CheckedContinuation<Void, any Error>?
    }

    /// What the content reader gets.
    enum Read: Equatable {
        case bytes(Int)
        case wait
        case end
        case failed
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) { self.capacity = capacity }

    // MARK: Producer (the response's task)

    /// Buffers `data`, first waiting while the buffer is full. `wake` resumes a waiting reader.
    /// Throws `CancellationError` once the connection is gone.
    func write(_ data: Data, wake: @Sendable () -> Void) async throws {
        while true {
            enum Step {
                case appended(wake: Bool)
                case full
                case closed
            }
            let step = state.withLock { state -> Step in
                if state.closed { return .closed }
                guard state.chunks.byteCount < capacity else { return .full }
                state.chunks.append(data)
                let waiting = state.readerWaiting
                state.readerWaiting = false
                return .appended(wake: waiting)
            }
            switch step {
            case .appended(let shouldWake):
                if shouldWake { wake() }
                return
            case .closed:
                throw CancellationError()
            case .full:
                try await waitForSpace()
            }
        }
    }

    private func waitForSpace() async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { state -> Result<Void, any Error>? in
                    if state.closed { return .failure(CancellationError()) }
                    if state.chunks.byteCount < capacity { return .success(()) }
                    state.writer = continuation
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            close()
        }
    }

    /// The producer is done; `failed` means it threw, and the connection will be cut.
    func finish(failed: Bool, wake: @Sendable () -> Void) {
        let waiting = state.withLock { state in
            state.finished = true
            state.failed = failed
            defer { state.readerWaiting = false }
            return state.readerWaiting
        }
        if waiting { wake() }
    }

    /// The connection is gone: drop buffered bytes and stop the producer.
    func close() {
        state.withLock { state -> CheckedContinuation<Void, any Error>? in
            state.closed = true
            state.chunks = ChunkQueue()
            defer { state.writer = nil }
            return state.writer
        }?.resume(throwing: CancellationError())
    }

    // MARK: Consumer (libmicrohttpd's content reader)

    /// Copies up to `buffer.count` bytes into `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Read {
        let (read, writer) = state.withLock { state -> (Read, CheckedContinuation<Void, any Error>?) in
            let copied = state.chunks.copyOut(into: buffer)
            var writer: CheckedContinuation<Void, any Error>?
            if state.chunks.byteCount < capacity {
                writer = state.writer
                state.writer = nil
            }
            if copied > 0 { return (.bytes(copied), writer) }
            if state.finished { return (state.failed ? .failed : .end, writer) }
            if state.closed { return (.failed, writer) }
            state.readerWaiting = true
            return (.wait, writer)
        }
        writer?.resume()
        return read
    }
}

/// A FIFO of byte chunks that releases each chunk as soon as it has been consumed.
struct ChunkQueue {
    private var chunks: [Data] = []
    private var head = 0
    /// Bytes of the first chunk already copied out by ``copyOut(into:)``.
    private var offset = 0
    /// Bytes queued and not yet consumed.
    private(set) var byteCount = 0

    mutating func append(_ chunk: Data) {
        guard !chunk.isEmpty else { return }
        chunks.append(chunk)
        byteCount += chunk.count
    }

    /// The next whole chunk (or the rest of a partly copied one).
    mutating func popFirst() -> Data? {
        guard head < chunks.count else { return nil }
        let chunk = chunks[head].dropFirst(offset)
        consumeHead()
        byteCount -= chunk.count
        return chunk
    }

    /// Copies as many queued bytes as fit into `buffer`; returns how many.
    mutating func copyOut(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        var copied = 0
        while copied < buffer.count, head < chunks.count {
            let chunk = chunks[head]
            let count = min(buffer.count - copied, chunk.count - offset)
            chunk.withUnsafeBytes { source in
                buffer.baseAddress!.advanced(by: copied)
                    .copyMemory(from: source.baseAddress!.advanced(by: offset), byteCount: count)
            }
            copied += count
            offset += count
            if offset == chunk.count { consumeHead() }
        }
        byteCount -= copied
        return copied
    }

    private mutating func consumeHead() {
        chunks[head] = Data()
        head += 1
        offset = 0
        if head == chunks.count {
            chunks.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, head * 2 >= chunks.count {
            chunks.removeFirst(head)
            head = 0
        }
    }
}
