@testable import DiaryStore
import Foundation
import Testing

@Suite("Stored id parsing")
struct IdParsingTests {
    @Test("Given stored ids, when parsed, then they equal Foundation's parse")
    func matchesFoundation() {
        for _ in 0..<1000 {
            let id = UUID()
            #expect(UUID(storedText: id.uuidString.lowercased()) == id)
            #expect(UUID(storedText: id.uuidString) == id)
        }
    }

    @Test("Given malformed ids, when parsed, then nil", arguments: [
        "", "not-a-uuid", "3f2a9c1b-0000-0000-0000-00000000000", "3f2a9c1b-0000-0000-0000-0000000000000",
        "3f2a9c1b00000-000-0000-000000000000", "3f2a9c1g-0000-0000-0000-000000000000", "3f2a9c1b-0000-0000-0000-00000000000é",
    ])
    func malformed(_ text: String) {
        #expect(UUID(storedText: text) == nil)
    }
}
