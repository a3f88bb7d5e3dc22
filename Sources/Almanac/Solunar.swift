import Foundation

extension SolunarDay {
    /// Elongation distance from new or full moon (degrees) that earns one rating point (≈ 3 days).
    public static let nearSyzygyDegrees = 36.0
    /// The highest rating.
    public static let maximumRating = 5

    /// Builds the solunar periods of a day from its lunar events and rates the day.
    ///
    /// Majors last `settings.majorHours` centred on each lunar transit; minors last
    /// `settings.minorHours` centred on moonrise and moonset. The rating adds:
    /// - 2 when the Moon is new or full (elongation within 12° of 0° or 180° at 12:00 local),
    ///   otherwise 1 when within 36° (about three days);
    /// - 2 when sunrise or sunset falls inside a major period;
    /// - 1 when sunrise or sunset falls inside a minor period.
    public init(sun: SunDay, moon: MoonDay, settings: SolunarSettings = .standard) {
        let major = [moon.upperTransit, moon.lowerTransit].compactMap { $0 }.sorted()
            .map { SolunarPeriod(center: $0, hours: settings.majorHours) }
        let minor = [moon.rise, moon.set].compactMap { $0 }.sorted()
            .map { SolunarPeriod(center: $0, hours: settings.minorHours) }
        let fromSyzygy = abs(signedDegrees(moon.elongation * 2)) / 2
        var rating = fromSyzygy < MoonPhase.principalHalfWidth ? 2 : fromSyzygy < Self.nearSyzygyDegrees ? 1 : 0
        let sunEvents = [sun.rise, sun.set].compactMap { $0 }
        if major.contains(where: { period in sunEvents.contains(where: period.contains) }) { rating += 2 }
        if minor.contains(where: { period in sunEvents.contains(where: period.contains) }) { rating += 1 }
        self.init(major: major, minor: minor, rating: rating)
    }
}
