import Foundation
import HTTPServer
import Synchronization

/// Slows down guessing and flooding (T3 security): after ``maximumFailures`` attempts without
/// success for one key within ``window``, further attempts for it are refused until the oldest ages
/// out. The portal keys sign-ins by normalised email (spelling variants share one count) and
/// sign-ups by client address (each costs an Argon2id hash).
public final class AttemptLimiter: Sendable {
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

    /// Counts an attempt for `email` before its password is checked (so parallel guesses count
    /// too) and answers the seconds to wait, or nil when the attempt may go ahead. A success
    /// clears the count (``recordSuccess(_:)``); a failure simply leaves its attempt counted.
    func beginAttempt(_ email: String) -> Int? {
        let now = clock()
        return failures.withLock { failures in
            if failures.count > 100_000 {
                failures = failures.filter { now.timeIntervalSince($0.value.last ?? now) < window }
            }
            let recent = (failures[email] ?? []).filter { now.timeIntervalSince($0) < window }
            guard recent.count < maximumFailures else {
                failures[email] = recent
                let oldest = recent[0]
                return max(1, Int((window - now.timeIntervalSince(oldest)).rounded(.up)))
            }
            failures[email] = recent + [now]
            return nil
        }
    }

    /// Counts an attempt for `key` and refuses it with 429 (`code`, `Retry-After`) when too many
    /// came lately; `tooMany` says what, for the problem's detail.
    func admit(_ key: String, code: ProblemCode, _ tooMany: String) throws {
        if let wait = beginAttempt(key) {
            throw HTTPError(
                .tooManyRequests, code: code, detail: "\(tooMany); try again in \(wait) s.",
                headers: ["Retry-After": String(wait)])
        }
    }

    func recordSuccess(_ email: String) {
        failures.withLock { $0[email] = nil }
    }
}
