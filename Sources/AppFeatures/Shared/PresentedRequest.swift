import Observation

/// A question the app answers through a presented system screen — the camera, the photo library
/// picker (T16, T17): the core asks with ``ask(otherwise:)`` and waits; the SwiftUI layer binds
/// ``isPresented`` to the presentation and calls ``answer(_:)`` with what the angler chose, or
/// with nothing when the screen is dismissed. An answer after the first is ignored, and a new
/// question gives the one still waiting its fallback, so no caller ever waits forever.
@Observable
@MainActor
public final class PresentedRequest<Answer: Sendable> {
    /// Whether the screen that answers is showing.
    public var isPresented = false
    private var waiting: CheckedContinuation<Answer, Never>?
    private var fallback: Answer?

    public init() {}

    /// Shows the screen and returns the angler's answer, or `fallback` when they dismiss it.
    public func ask(otherwise fallback: Answer) async -> Answer {
        dismiss()
        return await withCheckedContinuation { continuation in
            waiting = continuation
            self.fallback = fallback
            isPresented = true
        }
    }

    /// Gives the waiting caller `value` and hides the screen; nothing when no one waits.
    public func answer(_ value: Answer) {
        isPresented = false
        guard let waiting else { return }
        self.waiting = nil
        fallback = nil
        waiting.resume(returning: value)
    }

    /// The screen went away without an answer: the caller gets its fallback.
    public func dismiss() {
        if let fallback { answer(fallback) } else { isPresented = false }
    }

    /// Whether a caller waits for an answer.
    public var isWaiting: Bool { waiting != nil }
}
