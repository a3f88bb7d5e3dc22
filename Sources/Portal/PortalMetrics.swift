import Foundation
import Synchronization

/// The portal's counters for `/metrics` in the Prometheus text format (T3 operations): requests
/// by route and status, request latency, and what sync moved.
public final class PortalMetrics: Sendable {
    /// Upper bounds of the latency histogram, in seconds.
    static let latencyBuckets: [Double] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    /// One line of the requests counter.
    private struct RequestKey: Hashable {
        var route: String
        var status: Int
    }

    private struct State {
        var requests: [RequestKey: Int] = [:]
        var latencyCounts = [Int](repeating: 0, count: PortalMetrics.latencyBuckets.count)
        var latencySum = 0.0
        var latencyTotal = 0
        var sync: [String: Int] = [:]
    }

    /// Every request updates the counters, on any of the server's handler threads: they are kept
    /// in shards, one chosen by the thread, so that threads rarely wait for one another; reading
    /// sums the shards.
    private final class Shard: Sendable {
        let state = Mutex(State())
    }

    private let shards = (0..<16).map { _ in Shard() }

    public init() {}

    private var shard: Shard {
        // The thread's id, mixed (Fibonacci hashing) into the top four bits: one of 16 shards.
        shards[Int(truncatingIfNeeded: (UInt64(UInt(pthread_self())) &* 0x9E37_79B9_7F4A_7C15) >> 60)]
    }

    /// Counts one answered request; `route` is the matched pattern, not the raw path.
    func recordRequest(route: String, status: Int, seconds: Double) {
        let key = RequestKey(route: route, status: status)
        let firstBucket = Self.latencyBuckets.firstIndex { seconds <= $0 } ?? Self.latencyBuckets.count
        shard.state.withLock { state in
            state.requests[key, default: 0] += 1
            for index in firstBucket..<Self.latencyBuckets.count { state.latencyCounts[index] += 1 }
            state.latencySum += seconds
            state.latencyTotal += 1
        }
    }

    /// Adds to a counter: `pushed`, `duplicates`, `superseded`, `rejected`, `pulled` (records),
    /// `uploadReceived` (bytes).
    func count(_ event: String, _ amount: Int = 1) {
        guard amount > 0 else { return }
        shard.state.withLock { $0.sync[event, default: 0] += amount }
    }

    /// All shards added up.
    private var total: State {
        shards.reduce(into: State()) { total, shard in
            let part = shard.state.withLock { $0 }
            total.requests.merge(part.requests, uniquingKeysWith: +)
            for index in total.latencyCounts.indices { total.latencyCounts[index] += part.latencyCounts[index] }
            total.latencySum += part.latencySum
            total.latencyTotal += part.latencyTotal
            total.sync.merge(part.sync, uniquingKeysWith: +)
        }
    }

    /// The exposition text.
    public func render() -> String {
        let state = total
        var lines = [
            "# HELP hobbystory_http_requests_total Requests answered, by route and status.",
            "# TYPE hobbystory_http_requests_total counter",
        ]
        lines += state.requests.sorted { ($0.key.route, $0.key.status) < ($1.key.route, $1.key.status) }.map {
            "hobbystory_http_requests_total{route=\"\($0.key.route)\",status=\"\($0.key.status)\"} \($0.value)"
        }
        lines += [
            "# HELP hobbystory_http_request_duration_seconds Time to answer a request.",
            "# TYPE hobbystory_http_request_duration_seconds histogram",
        ]
        for (index, bound) in Self.latencyBuckets.enumerated() {
            lines.append(
                "hobbystory_http_request_duration_seconds_bucket{le=\"\(bound)\"} \(state.latencyCounts[index])")
        }
        lines += [
            "hobbystory_http_request_duration_seconds_bucket{le=\"+Inf\"} \(state.latencyTotal)",
            "hobbystory_http_request_duration_seconds_sum \(state.latencySum)",
            "hobbystory_http_request_duration_seconds_count \(state.latencyTotal)",
            "# HELP hobbystory_sync_records_total Records moved by sync, by event.",
            "# TYPE hobbystory_sync_records_total counter",
        ]
        for event in ["pushed", "duplicates", "superseded", "rejected", "pulled"] {
            lines.append("hobbystory_sync_records_total{event=\"\(event)\"} \(state.sync[event, default: 0])")
        }
        lines += [
            "# HELP hobbystory_upload_received_bytes_total Bytes of tus PATCH bodies read, kept or not.",
            "# TYPE hobbystory_upload_received_bytes_total counter",
            "hobbystory_upload_received_bytes_total \(state.sync["uploadReceived", default: 0])",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}

extension PortalMetrics {
    /// Bytes of upload bodies the portal has read so far.
    public var uploadReceivedBytes: Int { total.sync["uploadReceived", default: 0] }
}
