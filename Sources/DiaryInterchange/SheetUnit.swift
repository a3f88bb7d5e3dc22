import FishingModel

/// A measured quantity a spreadsheet column holds, and the units its header may state (issue 34
/// §1 "units stated in the header"). The diary stores SI figures (``Conversion``).
enum SheetQuantity: Sendable {
    case mass, length, depth, temperature

    /// The unit a column of this quantity is written in for a profile's units.
    func unit(for units: Units) -> SheetUnit {
        switch (self, units) {
        case (.mass, .metric): .kilograms
        case (.mass, .imperial): .pounds
        case (.length, .metric): .centimetres
        case (.length, .imperial): .inches
        case (.depth, .metric): .metres
        case (.depth, .imperial): .feet
        case (.temperature, .metric): .celsius
        case (.temperature, .imperial): .fahrenheit
        }
    }

    /// The units a header of this quantity may state.
    var units: [SheetUnit] {
        switch self {
        case .mass: [.kilograms, .grams, .pounds]
        case .length: [.centimetres, .millimetres, .inches]
        case .depth: [.metres, .feet]
        case .temperature: [.celsius, .fahrenheit]
        }
    }
}

/// One unit a spreadsheet column may be in: its symbols in keys, English and Russian headers,
/// and how a figure in it becomes the diary's SI figure.
enum SheetUnit: String, Sendable, CaseIterable {
    case kilograms = "kg"
    case grams = "g"
    case pounds = "lb"
    case centimetres = "cm"
    case millimetres = "mm"
    case inches = "in"
    case metres = "m"
    case feet = "ft"
    case celsius = "c"
    case fahrenheit = "f"

    /// The symbols a header may use for the unit, the key's symbol first.
    var symbols: [String] {
        switch self {
        case .kilograms: ["kg", "кг"]
        case .grams: ["g", "г"]
        case .pounds: ["lb", "lbs", "фунт", "фунты"]
        case .centimetres: ["cm", "см"]
        case .millimetres: ["mm", "мм"]
        case .inches: ["in", "inch", "inches", "дюйм", "дюймы"]
        case .metres: ["m", "м"]
        case .feet: ["ft", "feet", "фут", "футы"]
        case .celsius: ["c", "°c", "℃"]
        case .fahrenheit: ["f", "°f", "℉"]
        }
    }

    /// The unit as a header shows it.
    func shown(in language: SheetLanguage) -> String {
        switch self {
        case .celsius: "°C"
        case .fahrenheit: "°F"
        default: language == .russian ? symbols[1] : symbols[0]
        }
    }

    /// The diary's SI figure (kg, cm, m, °C) of a figure in this unit.
    func toStored(_ value: Double) -> Double {
        switch self {
        case .kilograms, .centimetres, .metres, .celsius: value
        case .grams: value / 1000
        case .pounds: value * Conversion.kilogramsPerPound
        case .millimetres: value / 10
        case .inches: value * Conversion.centimetresPerInch
        case .feet: value * Conversion.metresPerFoot
        case .fahrenheit: Conversion.celsius(fahrenheit: value)
        }
    }

    /// The figure in this unit of the diary's SI figure.
    func fromStored(_ value: Double) -> Double {
        switch self {
        case .kilograms, .centimetres, .metres, .celsius: value
        case .grams: value * 1000
        case .pounds: value / Conversion.kilogramsPerPound
        case .millimetres: value * 10
        case .inches: value / Conversion.centimetresPerInch
        case .feet: value / Conversion.metresPerFoot
        case .fahrenheit: Conversion.fahrenheit(celsius: value)
        }
    }
}

/// The language of a spreadsheet's header row: stable English keys (`weight_kg`), or names an
/// angler reads in English ("Weight (kg)") or Russian ("Вес (кг)").
public enum SheetLanguage: String, Sendable, CaseIterable {
    case keys
    case english = "en"
    case russian = "ru"
}
