import AppFeatures
import Foundation
import Testing

/// UI6: every actionable control of every screen has a label and a help text that says what
/// will happen, in English and in Russian.
@Suite("Help on every control (UI6)")
@MainActor
struct CatalogueTests {
    @Test(
        "Given every control every screen declares, when its label and help are looked up, then both languages have non-empty texts"
    )
    func everyControlHasHelp() {
        let catalog = Catalog.shared
        let controls = AppScreens.controls
        #expect(controls.count >= 20)
        for control in controls {
            for language in Language.allCases {
                for key in [control.labelKey, control.helpKey] {
                    let text = catalog.stored(key, language)?.trimmingCharacters(in: .whitespaces) ?? ""
                    #expect(!text.isEmpty, "\(key) has no \(language.rawValue) text")
                }
            }
            let english = catalog.help(control, .english)
            let russian = catalog.help(control, .russian)
            #expect(english != russian, "\(control) has the same help in both languages")
        }
    }

    @Test(
        "Given counts, when said in Russian and English, then each takes its plural form (issue 30 §4): no \"1 items\", no \"(s)\""
    )
    func plurals() {
        let catalog = Catalog.shared
        let russian = [1, 2, 5, 11, 12, 21, 22, 25, 101, 111].map { catalog.text("trips.catches", .russian, count: $0) }
        #expect(
            russian == [
                "1 улов", "2 улова", "5 уловов", "11 уловов", "12 уловов", "21 улов", "22 улова", "25 уловов",
                "101 улов", "111 уловов",
            ])
        #expect(
            [0, 1, 2].map { catalog.text("trash.items", .english, count: $0) } == ["0 items", "1 item", "2 items"])
        #expect(catalog.text("home.pending", .english, count: 1) == "1 change waits for sync")
        #expect(catalog.text("home.pending", .russian, count: 3) == "3 изменения ждут синхронизации")
        for key in catalog.keys {
            for language in Language.allCases {
                let forms = catalog.pluralForms(key, language)
                let text = forms.values.joined() + (catalog.stored(key, language) ?? "")
                #expect(!text.contains("(s)") && !text.contains("item(s)"), "\(key) counts with (s) in \(language)")
                if !forms.isEmpty {
                    #expect(
                        Set(forms.keys) == Set(PluralCategory.needed(in: language)),
                        "\(key) lacks a form in \(language)")
                }
            }
        }
    }

    @Test(
        "Given every control that opens a screen, when its English help is read, then it names that screen by the title the angler will see (issue 33 §3)"
    )
    func helpNamesWhereItLeads() {
        let catalog = Catalog.shared
        let opening = AppScreens.controls.filter { $0.opens != nil }
        #expect(opening.count >= 10)
        for control in opening {
            guard let key = control.opens else { continue }
            let title = catalog.text(key, .english)
            let help = catalog.help(control, .english)
            #expect(
                help.localizedCaseInsensitiveContains(title),
                "\(control.id) opens “\(title)” but its help says “\(help)”")
        }
    }

    @Test("Given the controls, when their ids are compared, then no two screens share an id")
    func idsAreUnique() {
        let ids = AppScreens.controls.map(\.id)
        #expect(Set(ids).count == ids.count)
    }

    @Test("Given a catalogue text with placeholders, when filled, then each placeholder takes its value")
    func placeholders() {
        let text = Catalog.shared.text("confirm.profiles.remove.title", .russian, ["name": "Анна"])
        #expect(text == "Удалить профиль «Анна»?")
        #expect(Catalog.shared.text("no.such.key", .english) == "no.such.key")
    }

    @Test("Given preferred language codes, when the app's language is chosen, then the first it speaks wins")
    func languageChoice() {
        #expect(Language.preferred(["de-DE", "ru-RU", "en"]) == .russian)
        #expect(Language.preferred(["fr"]) == .english)
        #expect(Language.preferred(["en_GB"]) == .english)
    }
}
