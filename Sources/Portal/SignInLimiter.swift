import Foundation
import Synchronization

/// Slows down password guessing (T3 security): after ``maximumFailures`` wrong passwords for one
/// email within ``window``, further attempts for it are refused until the oldest failure ages out.
public final class SignInLimiter: Sendable {
    public let maximumFailures: Int
    public let window: TimeInterval
    private let failures = Mutex<[String: [Date]]>([:])
    private let clock: @Sendable () -> Date

    public init(
        maximumFailures: Int = 5, window: TimeInterval = 15 * 60, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.maximumFailures = maximumFailures
        self.window = window
        self.clock = clock
    }

    /// Seconds to wait before trying `email` again, or nil when an attempt is allowed now.
    func retryAfter(_ email: String) -> Int? {
        let now = clock()
        return failures.withLock { failures in
            let recent = (failures[email] ?? []).filter { now.timeIntervalSince($0) < window }
            failures[email] = recent.isEmpty ? nil : recent
            guard recent.count >= maximumFailures, let oldest = recent.first else { return nil }
            return max(1, Int((window - now.timeIntervalSince(oldest)).rounded(.up)))
        }
    }

    func recordFailure(_ email: String) {
        let now = clock()
        failures.withLock { $0[email, default: []].append(now) }
    }

    func recordSuccess(_ email: String) {
        failures.withLock { $0[email] = nil }
    }
}
