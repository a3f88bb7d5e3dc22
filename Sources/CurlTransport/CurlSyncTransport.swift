import CCurl
import Dispatch
import Foundation
import SyncClient
import Synchronization

/// Carries the command-line client's requests to the portal (T3) through libcurl, verifying the
/// portal's certificate against the system's authorities or, for tests and private portals,
/// against a CA file of the operator's choosing (`--ca-file`). FoundationNetworking on Linux
/// cannot do the latter; the app keeps `URLSessionSyncTransport` (App Transport Security).
///
/// Each request runs on a thread of its own, so a slow portal never holds a Swift concurrency
/// thread; cancelling the task stops the transfer.
public struct CurlSyncTransport: SyncTransport {
    public let baseURL: URL
    public let timeout: Duration
    /// A PEM file of the certificate authorities to trust instead of the system's.
    public let certificateAuthorities: String?
    /// The largest answer accepted; a portal that sends more is cut off (its pages are ~4 MiB).
    public let maximumResponseBytes: Int

    public init(
        baseURL: URL, timeout: Duration = .seconds(30), certificateAuthorities: String? = nil,
        maximumResponseBytes: Int = 64 << 20
    ) {
        self.baseURL = baseURL
        self.timeout = timeout
        self.certificateAuthorities = certificateAuthorities
        self.maximumResponseBytes = maximumResponseBytes
    }

    public func send(_ request: SyncHTTPRequest) async throws(SyncTransportError) -> SyncHTTPResponse {
        let url = request.url(relativeTo: baseURL)
        let exchange = CurlExchange(limit: maximumResponseBytes)
        let timeoutMilliseconds = Int(timeout / .milliseconds(1))
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<SyncHTTPResponse, SyncTransportError>, Never>) in
                let caFile = certificateAuthorities
                DispatchQueue.global().async {
                    continuation.resume(
                        returning: exchange.perform(
                            url: url, request: request, timeoutMilliseconds: timeoutMilliseconds, caFile: caFile))
                }
            }
        } onCancel: {
            exchange.stop()
        }
        return try outcome.get()
    }
}

/// The state of one libcurl transfer: the answer as it arrives, and whether to stop.
private final class CurlExchange: Sendable {
    private let limit: Int
    private let stopped = Atomic<Bool>(false)
    private let answer = Mutex(Answer())

    private struct Answer {
        var headerLines: [String] = []
        var body = Data()
        var tooLarge = false
    }

    init(limit: Int) { self.limit = limit }

    func stop() { stopped.store(true, ordering: .relaxed) }

    func perform(url: String, request: SyncHTTPRequest, timeoutMilliseconds: Int, caFile: String?)
        -> Result<SyncHTTPResponse, SyncTransportError>
    {
        let headerLines = request.allHeaders.map { "\($0.key): \($0.value)" }
        var status = 0
        var error = [CChar](repeating: 0, count: 256)
        let context = Unmanaged.passUnretained(self).toOpaque()
        let code = withCStrings(headerLines) { headers in
            (request.body ?? Data()).withUnsafeBytes { body in
                url.withCString { url in
                    request.method.withCString { method in
                        withOptionalCString(caFile) { caFile in
                            var curlRequest = hobbystory_curl_request(
                                url: url, method: method, headers: headers, header_count: headerLines.count,
                                body: request.body == nil ? nil : (body.baseAddress ?? UnsafeRawPointer(bitPattern: 1)),
                                body_length: body.count, timeout_ms: timeoutMilliseconds, ca_file: caFile)
                            return hobbystory_curl_perform(
                                &curlRequest,
                                { bytes, length, context in
                                    CurlExchange.from(context).received(header: bytes, length: length)
                                },
                                { bytes, length, context in
                                    CurlExchange.from(context).received(body: bytes, length: length)
                                },
                                { context in CurlExchange.from(context).stopped.load(ordering: .relaxed) ? 1 : 0 },
                                context, &status, &error)
                        }
                    }
                }
            }
        }
        return answer.withLock { answer in
            if answer.tooLarge {
                return .failure(SyncTransportError("the portal's answer is larger than \(limit) bytes"))
            }
            guard code == 0 else {
                let reason = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                return .failure(SyncTransportError("no answer from \(url): \(reason)"))
            }
            return .success(
                SyncHTTPResponse(status: status, body: answer.body, headers: Self.headers(answer.headerLines)))
        }
    }

    private static func from(_ context: UnsafeMutableRawPointer?) -> CurlExchange {
        Unmanaged<CurlExchange>.fromOpaque(context!).takeUnretainedValue()
    }

    private func received(header bytes: UnsafePointer<CChar>?, length: Int) -> Int32 {
        let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
        answer.withLock { answer in
            // A new status line starts a new header block (after an interim 1xx answer).
            if line.hasPrefix("HTTP/") { answer.headerLines = [] }
            answer.headerLines.append(line)
        }
        return 0
    }

    private func received(body bytes: UnsafePointer<CChar>?, length: Int) -> Int32 {
        answer.withLock { answer in
            guard answer.body.count + length <= limit else {
                answer.tooLarge = true
                return 1
            }
            answer.body.append(UnsafeRawBufferPointer(start: bytes, count: length).bindMemory(to: UInt8.self))
            return 0
        }
    }

    /// `Name: value` lines as a dictionary with lowercase names (the status line and blank end skipped).
    private static func headers(_ lines: [String]) -> [String: String] {
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":"), !line.hasPrefix("HTTP/") else { continue }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return headers
    }
}

/// Calls `body` with `strings` as an array of C strings that live for the call.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { UnsafePointer($0) }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}

private func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) -> R) -> R {
    guard let string else { return body(nil) }
    return string.withCString(body)
}
