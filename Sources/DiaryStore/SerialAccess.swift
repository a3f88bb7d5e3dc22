import Dispatch
import Foundation

/// One resource that is not thread-safe (a connection, a storage folder), shared safely
/// (issue 13 §1): a lock serialises every use, and the `async` form runs on a queue of its own, so
/// a `@MainActor` screen never waits on SQLite or on hashing a PIN. ``DiaryQueue`` is the one for
/// a diary; `SerialAccess<DeviceStorage>` serves the profiles screen.
///
/// The resource is never handed out: only the closures given to ``run(_:)-(_)`` see it, while the
/// lock is held. Uses do not nest (the lock is not recursive).
public final class SerialAccess<Resource>: Sendable {
    /// Touched only while `lock` is held (the invariant this type exists to keep).
    private nonisolated(unsafe) let resource: Resource
    private let lock = NSLock()
    private let background: DispatchQueue

    /// Takes the resource over: from now on it is used only through this access.
    public init(_ resource: sending Resource, label: String) {
        self.resource = resource
        background = DispatchQueue(label: "hobbystory.\(label)", qos: .userInitiated)
    }

    /// Runs `body` with the resource on the calling thread, after any other use has finished.
    public func run<T>(_ body: (Resource) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(resource)
    }

    /// ``run(_:)-(_)`` off the caller's thread.
    public func run<T: Sendable>(_ body: @escaping @Sendable (Resource) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            background.async { continuation.resume(with: Result { try self.run(body) }) }
        }
    }
}
