import Foundation
import Synchronization

/// Rendered diary pages kept for as long as the diary they show has not changed (issue 16 §5): a
/// page is keyed by the session (its forms carry that session's token), the language, the
/// address, and the account's change mark (``PortalStore/diaryMark(account:)``), so a sync or a
/// directory edit makes every older entry unreachable. Bounded: the oldest entries go first.
final class SitePageCache: Sendable {
    let capacity: Int
    private let state = Mutex<(pages: [String: Data], order: [String])>(([:], []))

    init(capacity: Int = 512) { self.capacity = capacity }

    /// The page for `key`, rendering (and keeping) it when it is not held.
    func page(_ key: String, render: () throws -> Data) rethrows -> Data {
        if let held = state.withLock({ $0.pages[key] }) { return held }
        let page = try render()
        guard page.count <= 512 << 10 else { return page }
        state.withLock { state in
            guard state.pages.updateValue(page, forKey: key) == nil else { return }
            state.order.append(key)
            if state.order.count > capacity {
                let evicted = state.order.prefix(state.order.count - capacity)
                for old in evicted { state.pages[old] = nil }
                state.order.removeFirst(evicted.count)
            }
        }
        return page
    }
}
