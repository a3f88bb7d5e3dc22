import Foundation
import Testing

@testable import Portal

/// The site's page cache (issue 16 §5) against a visitor asking for endless different addresses:
/// it keeps at most its entries and its bytes, the oldest going first.
@Suite("Site: the page cache stays bounded")
struct SitePageCacheTests {
    @Test("Given many and large pages, then the cache holds at most its entries and bytes, oldest out first")
    func bounded() {
        let cache = SitePageCache(capacity: 4, byteBudget: 1_600)
        var renders = 0
        func ask(_ key: String, bytes: Int = 100) -> Data {
            cache.page(key) {
                renders += 1
                return Data(repeating: 1, count: bytes)
            }
        }
        for index in 0..<10 { _ = ask("page \(index)") }
        #expect(renders == 10)
        _ = ask("page 9")
        _ = ask("page 6")
        #expect(renders == 10, "the newest four are held")
        _ = ask("page 5")
        #expect(renders == 11, "older ones are gone")
        for index in 0..<4 { _ = ask("big \(index)", bytes: 100) }
        _ = ask("huge", bytes: 101)
        _ = ask("huge", bytes: 101)
        #expect(renders == 17, "a page over a sixteenth of the budget is never kept")
        let sizes = (0..<3).map { ask("large \($0)", bytes: 90).count }
        #expect(sizes == [90, 90, 90])

        let wide = SitePageCache(capacity: 1_000, byteBudget: 1_600)
        var widened = 0
        for index in 0..<40 {
            _ = wide.page("page \(index)") {
                widened += 1
                return Data(count: 100)
            }
        }
        for index in 24..<40 {
            _ = wide.page("page \(index)") {
                widened += 1
                return Data(count: 100)
            }
        }
        #expect(widened == 40, "the newest sixteen pages fill the byte budget")
        _ = wide.page("page 23") {
            widened += 1
            return Data(count: 100)
        }
        #expect(widened == 41, "the one before them was let go")
    }
}
