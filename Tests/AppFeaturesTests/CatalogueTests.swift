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
