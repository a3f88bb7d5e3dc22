import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension URLSession {
    /// The data and response of `request`, like `data(for:)`, but safe to cancel on Linux.
    ///
    /// On Linux, cancelling a task that is awaiting `URLSession.data(for:)` while its request
    /// completes can deadlock inside the concurrency runtime: the cancellation handler holds the
    /// task's status lock while FoundationNetworking's completion tries to resume the same task
    /// (seen here: a test process and a `hobbystory weather refresh` hung for hours). Here the
    /// data task runs with a completion handler, and a cancellation only *schedules* its
    /// `cancel()` on another queue, so no lock is ever held across the two. Serves the weather
    /// providers (T14) and sync with the portal (T3).
    public func fetch(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let holder = DataTaskHolder()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = dataTask(with: request) { data, response, error in
                    holder.finish()
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let data, let response {
                        continuation.resume(returning: (data, response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                holder.start(task)
            }
        } onCancel: {
            holder.cancel()
        }
    }
}

/// The data task of one `fetch`, which the cancellation handler may need before it exists. A
/// task whose completion has run is never cancelled: FoundationNetworking on Linux traps when a
/// finished task, already gone from its session's registry, is cancelled ("Trying to access a
/// behaviour for a task that is not in the registry").
private final class DataTaskHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false
    private var finished = false

    /// Called first by the task's completion handler.
    func finish() { lock.withLock { finished = true } }

    func start(_ task: URLSessionDataTask) {
        let cancelNow = lock.withLock {
            self.task = task
            return cancelled
        }
        task.resume()
        if cancelNow { cancelLater(task) }
    }

    func cancel() {
        let task = lock.withLock {
            cancelled = true
            return self.task
        }
        if let task { cancelLater(task) }
    }

    /// Cancels `task` from another queue (never under the caller's locks), unless it finished.
    private func cancelLater(_ task: URLSessionDataTask) {
        DispatchQueue.global().async { [self] in
            guard !lock.withLock({ finished }) else { return }
            task.cancel()
        }
    }
}
