import Foundation

/// Why an almanac day could not be computed (T14): the input is rejected rather than answered
/// with meaningless times.
public enum AlmanacError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Latitude not a number in −90…90 degrees.
    case invalidLatitude(Double)
    /// Longitude not a number in −180…180 degrees.
    case invalidLongitude(Double)
    /// No such calendar day (for example 31 February).
    case invalidDate(year: Int, month: Int, day: Int)
    /// A year outside ``supportedYears``.
    case yearOutOfRange(Int)
    /// A solunar period length (named `majorHours` or `minorHours`) not in (0, 12] hours.
    case invalidPeriodLength(name: String, hours: Double)

    /// The years for which the ΔT model and the series are used (accuracy verified 1990–2050).
    public static let supportedYears = 1900...2100

    public var description: String {
        switch self {
        case .invalidLatitude(let value):
            return "latitude \(value) is not in the allowed range -90...90 degrees"
        case .invalidLongitude(let value):
            return "longitude \(value) is not in the allowed range -180...180 degrees"
        case .invalidDate(let year, let month, let day):
            return "\(year)-\(month)-\(day) is not a calendar date"
        case .yearOutOfRange(let year):
            let range = Self.supportedYears
            return "year \(year) is outside the supported range \(range.lowerBound)...\(range.upperBound)"
        case .invalidPeriodLength(let name, let hours):
            return "\(name) \(hours) is not in the allowed range (0, 12] hours"
        }
    }
}
