import Foundation

/// The threads that run request handlers and response producers, apart from Swift's shared
/// cooperative pool.
///
/// Handlers may block: the portal's storage calls SQLite and libpq synchronously (T3). On the
/// cooperative pool, which has one thread per core, two such calls would stall every other
/// task of the process, including other servers' handlers and the clients waiting on them.
/// Here they stall only one of ``threadCount`` dedicated threads. The threads are shared by
/// every server of the process and live as long as it does.
final class HandlerExecutor: TaskExecutor, @unchecked Sendable {
    /// The executor of every server in this process.
    static let shared = HandlerExecutor(threadCount: max(8, 4 * ProcessInfo.processInfo.activeProcessorCount))

    let threadCount: Int
    /// Guards `jobs` and wakes an idle thread when one arrives.
    private let available = NSCondition()
    private var jobs: [UnownedJob] = []
    private var next = 0

    private init(threadCount: Int) {
        self.threadCount = threadCount
        for index in 0..<threadCount {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "http-handler-\(index)"
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        available.lock()
        jobs.append(unowned)
        available.signal()
        available.unlock()
    }

    private func work() {
        while true {
            available.lock()
            while next == jobs.count { available.wait() }
            let job = jobs[next]
            next += 1
            if next == jobs.count {
                jobs.removeAll(keepingCapacity: true)
                next = 0
            }
            available.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
