import FishingModel
import Foundation
import Testing

/// The order the site lists spots and species in (issue 16): Foundation's
/// `localizedStandardCompare` is the oracle, wherever two names do not fold to the same text.
@Suite("Name order")
struct NameOrderTests {
    @Test("Given names with numbers, capitals, accents and two alphabets, then the order is localizedStandardCompare's")
    func agreesWithFoundation() {
        let names = [
            "Pier 10", "pier 9", "Pier 9a", "Pier 100", "Élan", "elk", "Ёрш", "Озеро 2", "озеро 10", "Озеро 1b",
            "Lake 007", "Lake 8", "lake", "Zander bay", "zz", "a1b2", "a1b10", "Пруд", "Река Ока", "река",
            "2 ponds", "10 ponds", "",
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            let shuffled = names.shuffled(using: &generator)
            #expect(
                shuffled.sorted(byName: { $0 })
                    == shuffled.sorted { $0.localizedStandardCompare($1) == .orderedAscending })
        }
    }

    @Test("Given names that fold alike, then the order is still fixed whatever the input's")
    func tiesAreDecided() {
        let names = ["ерш", "Ёрш", "ЕРШ", "Lake 07", "Lake 7"]
        #expect(names.sorted(byName: { $0 }) == names.reversed().sorted(byName: { $0 }))
        #expect(names.sorted(byName: { $0 }).prefix(2).map { $0 } == ["Lake 07", "Lake 7"])
    }
}
