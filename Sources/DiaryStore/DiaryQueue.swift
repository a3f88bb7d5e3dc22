import Dispatch
import FishingModel
import Foundation
import Synchronization

/// A diary that screens, background work and the command line share safely (issue 13 §1; GRDB's
/// `DatabaseQueue` idea): a ``SerialAccess`` owns the ``Diary`` and its connection, so its uses
/// run one at a time and the `async` forms never hold the main actor; after every use, the changes
/// it committed are announced to ``changes()``.
public final class DiaryQueue: Sendable {
    public let profile: Profile
    private let access: SerialAccess<Diary>
    private let observers = Mutex(Observers())

    private struct Observers {
        var next = 0
        var continuations: [Int: AsyncStream<DiaryChange>.Continuation] = [:]
    }

    /// Takes the diary over: from now on it is used only through this queue.
    public init(_ diary: sending Diary) {
        profile = diary.profile
        access = SerialAccess(diary, label: "diary.\(diary.profile.id)")
    }

    // MARK: Using the diary

    /// Runs `body` with the diary on the calling thread, after any other use has finished.
    public func read<T>(_ body: (Diary) throws -> T) throws -> T {
        let (result, change) = access.run { diary in
            (Result { try body(diary) }, DiaryChange(tables: diary.database.takeCommittedWrites()))
        }
        announce(change)
        return try result.get()
    }

    /// Runs `body` in one transaction: every write in it is kept, or none when it throws.
    public func write<T>(_ body: (Diary) throws -> T) throws -> T {
        try read { diary in try diary.database.transaction { try body(diary) } }
    }

    /// ``read(_:)-(_)`` off the caller's thread: the main actor goes on while SQLite works.
    public func read<T: Sendable>(_ body: @escaping @Sendable (Diary) throws -> T) async throws -> T {
        let (result, change) = try await access.run { diary in
            (Result<T, any Error> { try body(diary) }, DiaryChange(tables: diary.database.takeCommittedWrites()))
        }
        announce(change)
        return try result.get()
    }

    /// ``write(_:)-(_)`` off the caller's thread.
    public func write<T: Sendable>(_ body: @escaping @Sendable (Diary) throws -> T) async throws -> T {
        try await read { diary in try diary.database.transaction { try body(diary) } }
    }
    // MARK: Observing

    /// What each later committed use changed, as it happens; the stream ends when its consumer
    /// stops listening. Changes made through another connection to the same file (another
    /// process) are not seen.
    public func changes() -> AsyncStream<DiaryChange> {
        let (stream, continuation) = AsyncStream<DiaryChange>.makeStream()
        let id = observers.withLock { observers in
            defer { observers.next += 1 }
            observers.continuations[observers.next] = continuation
            return observers.next
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.observers.withLock { $0.continuations.removeValue(forKey: id) }
        }
        return stream
    }

    private func announce(_ change: DiaryChange) {
        guard !change.isEmpty else { return }
        for continuation in observers.withLock({ Array($0.continuations.values) }) { continuation.yield(change) }
    }
}
