import Foundation
import Synchronization

/// Rendered diary pages kept for as long as the diary they show has not changed (issue 16 §5): a
/// page is keyed by the session (its forms carry that session's token), the language, the
/// address, and the account's change mark (``DiaryReader/mark(account:)``), so a sync or a
/// directory edit makes every older entry unreachable. Bounded in entries and in bytes (a
/// visitor asking for thousands of different addresses cannot grow it): the oldest go first.
final class SitePageCache: Sendable {
    let capacity: Int
    let byteBudget: Int
    private let state = Mutex<(pages: [String: Data], order: [String], bytes: Int)>(([:], [], 0))

    init(capacity: Int = 512, byteBudget: Int = 32 << 20) {
        self.capacity = capacity
        self.byteBudget = byteBudget
    }

    /// The page for `key`, rendering (and keeping) it when it is not held.
    func page(_ key: String, render: () throws -> Data) rethrows -> Data {
        if let held = state.withLock({ $0.pages[key] }) { return held }
        let page = try render()
        guard page.count <= byteBudget / 16 else { return page }
        state.withLock { state in
            guard state.pages.updateValue(page, forKey: key) == nil else { return }
            state.order.append(key)
            state.bytes += page.count
            var evicted = 0
            while state.order.count - evicted > capacity || state.bytes > byteBudget {
                state.bytes -= state.pages.removeValue(forKey: state.order[evicted])?.count ?? 0
                evicted += 1
            }
            state.order.removeFirst(evicted)
        }
        return page
    }
}
