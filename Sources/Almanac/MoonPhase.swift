import Foundation

/// The name of the Moon's phase shown with the weather (T14).
///
/// Named from the apparent geocentric elongation (the Moon's ecliptic longitude minus the
/// Sun's): the four principal phases hold while the elongation is within
/// ``principalHalfWidth`` (12°, about one day of the Moon's mean motion) of 0° (new), 90° (first
/// quarter), 180° (full) and 270° (last quarter); between them the Moon is a waxing or waning
/// crescent or gibbous.
public enum MoonPhase: String, Codable, Sendable, CaseIterable {
    case new = "new"
    case waxingCrescent = "waxing crescent"
    case firstQuarter = "first quarter"
    case waxingGibbous = "waxing gibbous"
    case full = "full"
    case waningGibbous = "waning gibbous"
    case lastQuarter = "last quarter"
    case waningCrescent = "waning crescent"

    /// Half-width in degrees of elongation of each principal phase (12° ≈ 0.98 mean days).
    public static let principalHalfWidth = 12.0

    /// The phase for an elongation in degrees (any value; reduced to 0..<360).
    ///
    /// Principal phase when |elongation − k·90°| < 12°; for example 11.9° is new, 12° a waxing
    /// crescent, 78° the first quarter, 348° new again.
    public init(elongation: Double) {
        let angle = normalizedDegrees(elongation)
        let nearest = (angle / 90).rounded()
        if abs(angle - 90 * nearest) < Self.principalHalfWidth {
            self = [.new, .firstQuarter, .full, .lastQuarter][Int(nearest) % 4]
        } else {
            self = [.waxingCrescent, .waxingGibbous, .waningGibbous, .waningCrescent][Int(angle / 90) % 4]
        }
    }
}
