import Foundation

/// The physical quantities the providers report and the snapshot's unit for each.
enum Quantity: Sendable {
    case temperature, pressure, speed, direction, percent, precipitation, code

    /// A function bringing a value in `unit` to the snapshot's unit (°C, hPa, m/s, degrees, %,
    /// mm), or `nil` for a unit that is not known: such values are refused, never guessed.
    func converter(from unit: String) -> (@Sendable (Double) -> Double)? {
        switch (self, unit.trimmingCharacters(in: .whitespaces)) {
        case (.temperature, "°C"), (.temperature, "celsius"): { $0 }
        case (.temperature, "°F"), (.temperature, "fahrenheit"): { ($0 - 32) * 5 / 9 }
        case (.temperature, "K"), (.temperature, "kelvin"): { $0 - 273.15 }
        case (.pressure, "hPa"), (.pressure, "mbar"): { $0 }
        case (.pressure, "Pa"): { $0 / 100 }
        case (.pressure, "kPa"): { $0 * 10 }
        case (.speed, "m/s"): { $0 }
        case (.speed, "km/h"): { $0 / 3.6 }
        case (.speed, "kn"): { $0 * 1852 / 3600 }
        case (.speed, "mp/h"), (.speed, "mph"): { $0 * 0.44704 }
        case (.direction, "°"), (.direction, "degrees"): { $0 }
        case (.percent, "%"): { $0 }
        case (.precipitation, "mm"): { $0 }
        case (.precipitation, "inch"): { $0 * 25.4 }
        case (.code, "wmo code"): { $0 }
        default: nil
        }
    }
}
