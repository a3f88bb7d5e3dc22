import FishingModel
import Foundation

/// How the angler reads air pressure: Russian anglers read millimetres of mercury.
public enum PressureUnit: String, Sendable, Codable, CaseIterable {
    case hectopascals, millimetresOfMercury, inchesOfMercury
}

/// How the angler reads wind speed.
public enum WindUnit: String, Sendable, Codable, CaseIterable {
    case metresPerSecond, kilometresPerHour, milesPerHour
}

/// The units a profile shows (issue 13 §4): metric or imperial for weights, lengths, depths and
/// temperatures, and pressure and wind units of their own.
public struct UnitPreferences: Sendable, Equatable, Codable {
    public var system: Units
    public var pressure: PressureUnit
    public var wind: WindUnit

    public init(system: Units, pressure: PressureUnit, wind: WindUnit) {
        self.system = system
        self.pressure = pressure
        self.wind = wind
    }

    /// What an angler of this system and language expects before choosing: mmHg in Russian,
    /// hPa otherwise in metric; inHg and mph in imperial.
    public static func defaults(for system: Units, language: Language) -> UnitPreferences {
        switch system {
        case .metric:
            UnitPreferences(
                system: .metric, pressure: language == .russian ? .millimetresOfMercury : .hectopascals,
                wind: .metresPerSecond)
        case .imperial: UnitPreferences(system: .imperial, pressure: .inchesOfMercury, wind: .milesPerHour)
        }
    }
}

/// Figures as the angler reads them, in their units and language (issue 13 §4). The core
/// formats them itself: swift-corelibs-foundation has no `MeasurementFormatter`, and the app
/// and the tests must show the same text.
public struct MeasureFormatter: Sendable {
    public var preferences: UnitPreferences
    public var language: Language

    public init(preferences: UnitPreferences, language: Language) {
        self.preferences = preferences
        self.language = language
    }

    /// A fish's weight: "2.5 kg" (under a kilogram "850 g"), or "5 lb 8 oz".
    public func weight(kilograms: Double) -> String {
        guard preferences.system == .imperial else {
            return kilograms < 1
                ? unit(number(kilograms * 1000, digits: 0), "g", "г")
                : number(kilograms, digits: 2) + "\u{00A0}" + unitName(.weight)
        }
        let totalOunces = Int((kilograms / Conversion.kilogramsPerPound * Conversion.ouncesPerPound).rounded())
        let (pounds, ounces) = totalOunces.quotientAndRemainder(dividingBy: Int(Conversion.ouncesPerPound))
        let ouncesText = unit("\(ounces)", "oz", "унц")
        return pounds == 0 ? ouncesText : "\(pounds)\u{00A0}" + unitName(.weight) + " " + ouncesText
    }

    /// A fish's length: "71.5 cm" or "28.1 in".
    public func length(centimetres: Double) -> String {
        let value = preferences.system == .metric ? centimetres : centimetres / Conversion.centimetresPerInch
        return number(value, digits: 1) + "\u{00A0}" + unitName(.length)
    }

    /// A depth: "3.5 m" or "11.5 ft".
    public func depth(metres: Double) -> String {
        let value = preferences.system == .metric ? metres : metres / Conversion.metresPerFoot
        return number(value, digits: 1) + "\u{00A0}" + unitName(.depth)
    }

    /// The speed of a boat or an angler on foot: "3.3 km/h" or "2.1 mph".
    public func travelSpeed(metresPerSecond: Double) -> String {
        preferences.system == .metric
            ? unit(number(metresPerSecond / Conversion.metresPerSecondPerKilometrePerHour, digits: 1), "km/h", "км/ч")
            : unit(number(metresPerSecond / Conversion.metresPerSecondPerMilePerHour, digits: 1), "mph", "миль/ч")
    }

    /// An air or water temperature: "12.5 °C" or "54.5 °F".
    public func temperature(celsius: Double) -> String {
        let value = preferences.system == .metric ? celsius : Conversion.fahrenheit(celsius: celsius)
        return number(value, digits: 1) + "\u{00A0}" + unitName(.temperature)
    }

    /// What a figure is typed in, as a form shows it beside the field (issue 30 §4): kg or lb,
    /// cm or in, m or ft, °C or °F, in the angler's language — what ``MeasureParser`` reads.
    public func unitName(_ quantity: Quantity) -> String {
        let russian = language == .russian
        switch (quantity, preferences.system) {
        case (.weight, .metric): return russian ? "кг" : "kg"
        case (.weight, .imperial): return russian ? "фнт" : "lb"
        case (.length, .metric): return russian ? "см" : "cm"
        case (.length, .imperial): return russian ? "дюйм" : "in"
        case (.depth, .metric): return russian ? "м" : "m"
        case (.depth, .imperial): return russian ? "фт" : "ft"
        case (.temperature, .metric): return "°C"
        case (.temperature, .imperial): return "°F"
        }
    }

    /// The figures a form takes in the angler's units.
    public enum Quantity: Sendable {
        case weight, length, depth, temperature
    }

    /// A wind speed in the chosen wind unit.
    public func windSpeed(metresPerSecond: Double) -> String {
        switch preferences.wind {
        case .metresPerSecond: unit(number(metresPerSecond, digits: 1), "m/s", "м/с")
        case .kilometresPerHour:
            unit(number(metresPerSecond / Conversion.metresPerSecondPerKilometrePerHour, digits: 0), "km/h", "км/ч")
        case .milesPerHour:
            unit(number(metresPerSecond / Conversion.metresPerSecondPerMilePerHour, digits: 0), "mph", "миль/ч")
        }
    }

    /// An air pressure in the chosen pressure unit.
    public func pressure(hectopascals: Double) -> String { pressure(hectopascals, extraDigits: 0) }

    /// A pressure change (per 3 h) in the chosen unit, with one decimal more than a reading.
    public func pressureChange(hectopascals: Double) -> String { pressure(hectopascals, extraDigits: 1) }

    private func pressure(_ hectopascals: Double, extraDigits: Int) -> String {
        switch preferences.pressure {
        case .hectopascals: unit(number(hectopascals, digits: extraDigits), "hPa", "гПа")
        case .millimetresOfMercury:
            unit(
                number(hectopascals / Conversion.hectopascalsPerMillimetreOfMercury, digits: extraDigits), "mmHg",
                "мм рт. ст.")
        case .inchesOfMercury:
            unit(
                number(hectopascals / Conversion.hectopascalsPerInchOfMercury, digits: 2 + extraDigits), "inHg",
                "дюйм рт. ст.")
        }
    }

    /// A number with `digits` decimals, trailing zeros dropped; a decimal comma in Russian.
    public func number(_ value: Double, digits: Int) -> String {
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        if text == "-0" { text = "0" }
        return language == .russian ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    /// A download's size in mebibytes, one decimal ("0.1 MB"; at least 0.1 for a file not empty).
    public func fileSize(bytes: Int) -> String {
        let mebibytes = Double(bytes) / 1_048_576
        return unit(number(bytes > 0 ? max(0.1, mebibytes) : 0, digits: 1), "MB", "МБ")
    }

    private func unit(_ number: String, _ english: String, _ russian: String) -> String {
        "\(number)\u{00A0}\(language == .russian ? russian : english)"
    }
}

extension MeasureFormatter {
    /// A distance as the angler reads it: metres below a kilometre, else kilometres (miles in
    /// imperial).
    public func distance(_ meters: Double) -> String {
        let russian = language == .russian
        if preferences.system == .imperial {
            let miles = meters / Conversion.metresPerMile
            return number(miles, digits: miles < 10 ? 2 : 1) + "\u{a0}" + (russian ? "миль" : "mi")
        }
        if meters < 1000 { return number(meters, digits: 0) + "\u{a0}" + (russian ? "м" : "m") }
        return number(meters / 1000, digits: meters < 10_000 ? 2 : 1) + "\u{a0}" + (russian ? "км" : "km")
    }
}
