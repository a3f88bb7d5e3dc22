import AppFeatures
import FishingModel
import Testing

/// T5, T19: directory values are picked from a list searched in English, Russian and Latin,
/// recently used first.
@Suite("Directory pickers")
struct DirectoryPickerTests {
    let entries = [
        DirectoryEntry(
            kind: .species, id: "esox-lucius", nameEn: "Northern pike", nameRu: "Щука", latin: "Esox lucius"),
        DirectoryEntry(
            kind: .species, id: "perca-fluviatilis", nameEn: "European perch", nameRu: "Окунь",
            latin: "Perca fluviatilis"),
        DirectoryEntry(
            kind: .species, id: "rutilus-rutilus", nameEn: "Roach", nameRu: "Плотва", latin: "Rutilus rutilus"),
        DirectoryEntry(
            kind: .species, id: "abramis-brama", nameEn: "Common bream", nameRu: "Лещ", latin: "Abramis brama"),
        DirectoryEntry(
            kind: .species, id: "coregonus-peled", nameEn: "Peled", nameRu: "Пелядь (ёршик)", latin: "Coregonus peled"),
        DirectoryEntry(kind: .species, id: "retired-fish", nameEn: "Old name", nameRu: "Старое", retired: true),
    ]

    @Test("Given a query in any of the three languages, when searched, then the entry is found, ignoring case and ё")
    func searchesEveryName() {
        let picker = DirectoryPicker(entries: entries, language: .english)
        #expect(picker.entries(matching: "PIKE").map(\.id) == ["esox-lucius"])
        #expect(picker.entries(matching: "щук").map(\.id) == ["esox-lucius"])
        #expect(picker.entries(matching: "fluviat").map(\.id) == ["perca-fluviatilis"])
        #expect(picker.entries(matching: "ерш").map(\.id) == ["coregonus-peled"])
        #expect(picker.entries(matching: "old").isEmpty, "retired entries are never offered")
    }

    @Test(
        "Given recent species, when the list is shown, then they come first in the order used, then the rest alphabetically in the angler's language"
    )
    func recentFirst() {
        let russian = DirectoryPicker(entries: entries, language: .russian)
        #expect(
            russian.entries(matching: "", recent: ["rutilus-rutilus", "esox-lucius"]).map(\.id) == [
                "rutilus-rutilus", "esox-lucius", "abramis-brama", "perca-fluviatilis", "coregonus-peled",
            ])
        let english = DirectoryPicker(entries: entries, language: .english)
        #expect(english.entries(matching: "").map(\.id).first == "abramis-brama")
        #expect(russian.name(of: entries[0]) == "Щука")
    }

    @Test(
        "Given a typed query, when several names match, then a name's start ranks before a match inside a word, whatever was used recently"
    )
    func bestMatchFirst() {
        let picker = DirectoryPicker(entries: entries, language: .english)
        #expect(picker.entries(matching: "pe").map(\.id) == ["perca-fluviatilis", "coregonus-peled"])
        #expect(
            picker.entries(matching: "lu", recent: ["perca-fluviatilis"]).map(\.id) == [
                "esox-lucius", "perca-fluviatilis", "rutilus-rutilus",
            ])
        #expect(
            picker.entries(matching: "pe", recent: ["coregonus-peled"]).map(\.id) == [
                "coregonus-peled", "perca-fluviatilis",
            ])
    }
}
