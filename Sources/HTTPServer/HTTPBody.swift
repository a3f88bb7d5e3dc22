import Foundation
import Synchronization

/// A request body: either bytes already in memory or a stream the handler reads in chunks.
///
/// The portal's JSON endpoints (T3) get `.buffered` bodies, collected by the router up to the
/// route's limit; upload routes (media, tus) get `.stream` so a large upload is never held whole
/// in memory. Weather fixture servers mostly see `.empty`.
public enum HTTPBody: Sendable {
    case buffered(Data)
    case stream(HTTPBodyStream)

    public static let empty = HTTPBody.buffered(Data())

    /// The length in bytes if known before reading: the buffered size or the declared `Content-Length`.
    public var knownLength: Int? {
        switch self {
        case .buffered(let data): data.count
        case .stream(let stream): stream.expectedLength
        }
    }

    /// The body as chunks; a buffered body is one chunk.
    public var chunks: HTTPBodyStream {
        switch self {
        case .buffered(let data): HTTPBodyStream(chunks: data.isEmpty ? [] : [data])
        case .stream(let stream): stream
        }
    }

    /// Reads the whole body into memory, throwing 413 (``HTTPError/contentTooLarge(limit:)``) as
    /// soon as it is known to exceed `limit` bytes, before reading further.
    public func collect(upTo limit: Int) async throws -> Data {
        if let length = knownLength, length > limit { throw HTTPError.contentTooLarge(limit: limit) }
        switch self {
        case .buffered(let data):
            return data
        case .stream(let stream):
            var collected = Data()
            if let expected = stream.expectedLength { collected.reserveCapacity(expected) }
            for try await chunk in stream {
                guard collected.count + chunk.count <= limit else { throw HTTPError.contentTooLarge(limit: limit) }
                collected.append(chunk)
            }
            return collected
        }
    }

    /// The same body, refusing to yield more than `limit` bytes: a declared or buffered length
    /// over the limit throws 413 now; a stream that grows past it throws 413 when read.
    public func limited(to limit: Int) throws(HTTPError) -> HTTPBody {
        if let length = knownLength, length > limit { throw HTTPError.contentTooLarge(limit: limit) }
        switch self {
        case .buffered: return self
        case .stream(let stream): return .stream(stream.limited(to: limit))
        }
    }
}

/// The chunks of a streamed request body, read once, in order, with `for try await`.
///
/// The server feeds it from libmicrohttpd's upload callback with back-pressure: while the handler
/// does not read, the connection stops reading from the socket (portal media uploads, T3). Reading
/// throws ``HTTPError`` 400 `body_incomplete` if the client goes away mid-body.
public struct HTTPBodyStream: AsyncSequence, Sendable {
    public typealias Element = Data

    /// The declared length (`Content-Length`), or nil for chunked transfer.
    public let expectedLength: Int?
    private let source: @Sendable () async throws -> Data?

    /// A stream that calls `next` for each chunk until it returns nil.
    public init(expectedLength: Int? = nil, next: @escaping @Sendable () async throws -> Data?) {
        self.expectedLength = expectedLength
        self.source = next
    }

    /// A stream of the given chunks (for in-process tests and fixtures).
    public init(chunks: [Data]) {
        let remaining = Mutex(chunks[...])
        self.init(expectedLength: chunks.reduce(0) { $0 + $1.count }) {
            remaining.withLock { $0.popFirst() }
        }
    }

    /// Reads the stream's chunks in order.
    public struct AsyncIterator: AsyncIteratorProtocol {
        let source: @Sendable () async throws -> Data?
        public mutating func next() async throws -> Data? { try await source() }
    }

    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(source: source) }

    func limited(to limit: Int) -> HTTPBodyStream {
        let source = self.source
        let total = Mutex(0)
        return HTTPBodyStream(expectedLength: expectedLength) {
            guard let chunk = try await source() else { return nil }
            let exceeded = total.withLock { count in
                count += chunk.count
                return count > limit
            }
            if exceeded { throw HTTPError.contentTooLarge(limit: limit) }
            return chunk
        }
    }
}
