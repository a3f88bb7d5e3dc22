import Foundation

/// Lengths of the solunar feeding periods shown with the weather (T14); both configurable.
public struct SolunarSettings: Sendable, Equatable {
    /// Length in hours of a major period, centred on the Moon's upper or lower transit.
    public var majorHours: Double = 2
    /// Length in hours of a minor period, centred on moonrise or moonset.
    public var minorHours: Double = 1

    public init(majorHours: Double = 2, minorHours: Double = 1) {
        self.majorHours = majorHours
        self.minorHours = minorHours
    }

    /// Two-hour majors and one-hour minors.
    public static let standard = SolunarSettings()
}

/// The Sun's events of one local calendar day (T14). Each is `nil` when it does not happen
/// that day: no rise or set in polar day or night, no civil dawn or dusk when the Sun stays
/// above (or below) −6°.
public struct SunDay: Codable, Sendable, Equatable {
    /// Upper-limb sunrise: the centre at −0°50′ (34′ refraction, 16′ semidiameter).
    public var rise: Date?
    /// Upper-limb sunset, same convention.
    public var set: Date?
    /// Solar noon: the Sun's upper transit of the meridian.
    public var noon: Date?
    /// Civil dawn: the centre rising through −6°.
    public var civilDawn: Date?
    /// Civil dusk: the centre setting through −6°.
    public var civilDusk: Date?

    public init(rise: Date? = nil, set: Date? = nil, noon: Date? = nil, civilDawn: Date? = nil, civilDusk: Date? = nil)
    {
        (self.rise, self.set, self.noon, self.civilDawn, self.civilDusk) = (rise, set, noon, civilDawn, civilDusk)
    }
}

/// The Moon's events and phase for one local calendar day (T14: moon phase with the weather).
public struct MoonDay: Codable, Sendable, Equatable {
    /// Moonrise: the upper limb at −0°34′ (topocentric); `nil` on a day without one.
    public var rise: Date?
    /// Moonset, same convention; `nil` on a day without one.
    public var set: Date?
    /// Upper transit of the meridian (lunar noon); `nil` on a day without one.
    public var upperTransit: Date?
    /// Lower transit (the anti-meridian); `nil` on a day without one.
    public var lowerTransit: Date?
    /// Illuminated fraction of the disk, 0…1, at 12:00 local time (geocentric).
    public var illumination: Double
    /// Days since the last new moon at or before 12:00 local time.
    public var ageDays: Double
    /// Phase name at 12:00 local time (see ``MoonPhase``).
    public var phase: MoonPhase
    /// Elongation in degrees (0..<360) at 12:00 local time: 0 new, 90 first quarter, 180 full.
    public var elongation: Double
    /// The first new moon at or after 00:00 local time of the day.
    public var nextNew: Date
    /// The first full moon at or after 00:00 local time of the day.
    public var nextFull: Date

    public init(
        rise: Date? = nil, set: Date? = nil, upperTransit: Date? = nil, lowerTransit: Date? = nil,
        illumination: Double, ageDays: Double, phase: MoonPhase, elongation: Double, nextNew: Date, nextFull: Date
    ) {
        (self.rise, self.set, self.upperTransit, self.lowerTransit) = (rise, set, upperTransit, lowerTransit)
        (self.illumination, self.ageDays, self.phase, self.elongation) = (illumination, ageDays, phase, elongation)
        (self.nextNew, self.nextFull) = (nextNew, nextFull)
    }
}

/// One solunar feeding period (T14): an interval centred on a lunar event.
public struct SolunarPeriod: Codable, Sendable, Equatable {
    /// Beginning of the period: `center` minus half its length.
    public var start: Date
    /// End of the period: `center` plus half its length.
    public var end: Date
    /// The lunar event the period is centred on.
    public var center: Date

    /// A period of `hours` centred on `center`.
    public init(center: Date, hours: Double) {
        self.center = center
        start = center.addingTimeInterval(-hours * 1800)
        end = center.addingTimeInterval(hours * 1800)
    }

    /// Whether `date` lies within the period, ends included.
    public func contains(_ date: Date) -> Bool { start <= date && date <= end }
}

/// The solunar table of one local day (T14): major and minor periods and a 0–5 day rating.
///
/// Majors are centred on the Moon's upper and lower transits of that day, minors on its rise
/// and set; periods are not clipped to the day. The rating is documented on
/// ``init(sun:moon:settings:)``.
public struct SolunarDay: Codable, Sendable, Equatable {
    /// Major periods in time order.
    public var major: [SolunarPeriod]
    /// Minor periods in time order.
    public var minor: [SolunarPeriod]
    /// Day rating 0 (poor) … 5 (best).
    public var rating: Int

    public init(major: [SolunarPeriod], minor: [SolunarPeriod], rating: Int) {
        (self.major, self.minor, self.rating) = (major, minor, rating)
    }
}

/// Everything the weather screen shows about the Sun and Moon for one day and place (T14).
public struct AlmanacDay: Codable, Sendable, Equatable {
    /// Sunrise, sunset, solar noon and civil twilight.
    public var sun: SunDay
    /// Moonrise, moonset, transits, illumination, age, phase and the next new and full moons.
    public var moon: MoonDay
    /// Solunar periods and the day rating.
    public var solunar: SolunarDay

    public init(sun: SunDay, moon: MoonDay, solunar: SolunarDay) {
        (self.sun, self.moon, self.solunar) = (sun, moon, solunar)
    }
}
