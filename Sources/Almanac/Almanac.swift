import Foundation

/// Sun and Moon almanac with solunar periods, for the weather and moon-phase fields of T14.
///
/// Pure Swift on Foundation: Meeus, *Astronomical Algorithms* (2nd ed.) methods for the Sun
/// (ch. 25), the Moon (ch. 47), nutation (ch. 22), sidereal time (ch. 12) and the phase angle
/// (ch. 48), ΔT from the Espenak–Meeus polynomials. Methods, conventions, accuracy and speed are
/// in docs/almanac.md.
public enum Almanac {
    /// The almanac of one calendar day, `year`-`month`-`day` in `timeZone`, at a place.
    ///
    /// The day runs from 00:00 local time to the next 00:00 (23 or 25 hours across a clock
    /// change). Events are the first of their kind in that interval, `nil` when none happens.
    /// Illumination, phase, elongation and age are for 12:00 local time.
    /// - Parameters:
    ///   - latitude: geodetic latitude in degrees, north positive, −90…90.
    ///   - longitude: degrees, east positive, −180…180.
    /// - Throws: ``AlmanacError`` for a position out of range or not a number, a date that does
    ///   not exist, a year outside ``AlmanacError/supportedYears``, or a bad period length.
    public static func day(
        latitude: Double, longitude: Double, year: Int, month: Int, day: Int,
        timeZone: TimeZone = .gmt, solunar: SolunarSettings = .standard
    ) throws(AlmanacError) -> AlmanacDay {
        try validate(latitude: latitude, longitude: longitude, year: year, month: month, day: day, solunar: solunar)
        let bounds = LocalDay(year: year, month: month, day: day, timeZone: timeZone)
        let ephemeris = DayEphemeris(start: bounds.start, end: bounds.end, latitude: latitude, longitude: longitude)
        let search = EventSearch(start: bounds.start, end: bounds.end)
        let sun = sunDay(ephemeris, search)
        let moon = moonDay(ephemeris, search, noon: bounds.noon)
        return AlmanacDay(sun: sun, moon: moon, solunar: SolunarDay(sun: sun, moon: moon, settings: solunar))
    }

    /// Illuminated fraction (0…1) of the Moon's disk at an instant, seen from the Earth's centre.
    public static func moonIllumination(at date: Date) -> Double {
        let v = Lunation.vectors(ut: AstronomicalTime.days(since: date))
        return Lunation.illumination(moon: v.moon, sun: v.sun)
    }

    /// The Moon's phase name at an instant (see ``MoonPhase`` for the thresholds).
    public static func moonPhase(at date: Date) -> MoonPhase {
        MoonPhase(elongation: Lunation.elongation(ut: AstronomicalTime.days(since: date)).value)
    }

    /// The first new moon at or after `date`.
    public static func nextNewMoon(after date: Date) -> Date {
        AstronomicalTime.date(days: Lunation.next(0, onOrAfter: AstronomicalTime.days(since: date)))
    }

    /// The first full moon at or after `date`.
    public static func nextFullMoon(after date: Date) -> Date {
        AstronomicalTime.date(days: Lunation.next(180, onOrAfter: AstronomicalTime.days(since: date)))
    }

    private static func validate(
        latitude: Double, longitude: Double, year: Int, month: Int, day: Int, solunar: SolunarSettings
    ) throws(AlmanacError) {
        guard latitude.isFinite, (-90...90).contains(latitude) else { throw .invalidLatitude(latitude) }
        guard longitude.isFinite, (-180...180).contains(longitude) else { throw .invalidLongitude(longitude) }
        guard AlmanacError.supportedYears.contains(year) else { throw .yearOutOfRange(year) }
        guard (1...12).contains(month), (1...LocalDay.daysIn(month: month, year: year)).contains(day) else {
            throw .invalidDate(year: year, month: month, day: day)
        }
        for (name, hours) in [("majorHours", solunar.majorHours), ("minorHours", solunar.minorHours)]
        where !(hours > 0 && hours <= 12) {
            throw .invalidPeriodLength(name: name, hours: hours)
        }
    }

    private static let sunriseSine = sin(-50.0 / 60 * degree)
    private static let civilSine = sin(-6.0 * degree)
    private static let moonHorizon = -34.0 / 60

    private static func sunDay(_ ephemeris: DayEphemeris, _ search: EventSearch) -> SunDay {
        let samples = search.times.map { time in
            let sun = ephemeris.sun(at: time)
            return (sine: ephemeris.sineAltitude(of: sun, at: time), hourAngle: ephemeris.hourAngle(of: sun, at: time))
        }
        let limb = search.crossings(values: samples.map { $0.sine - sunriseSine }) {
            ephemeris.sunSineAltitude(at: $0) - sunriseSine
        }
        let civil = search.crossings(values: samples.map { $0.sine - civilSine }) {
            ephemeris.sunSineAltitude(at: $0) - civilSine
        }
        let noon = search.angleZeros(values: samples.map(\.hourAngle)) {
            ephemeris.hourAngle(of: ephemeris.sun(at: $0), at: $0)
        }
        return SunDay(
            rise: first(limb, increasing: true, before: ephemeris.end),
            set: first(limb, increasing: false, before: ephemeris.end),
            noon: first(noon, before: ephemeris.end),
            civilDawn: first(civil, increasing: true, before: ephemeris.end),
            civilDusk: first(civil, increasing: false, before: ephemeris.end))
    }

    private static func moonDay(_ ephemeris: DayEphemeris, _ search: EventSearch, noon: Double) -> MoonDay {
        let horizon = { (time: Double) in ephemeris.moonLimbAltitude(at: time) - moonHorizon }
        let limb = search.crossings(values: search.times.map(horizon), horizon)
        let upper = { (time: Double) in ephemeris.hourAngle(of: ephemeris.moon(at: time), at: time) }
        let lower = { (time: Double) in signedDegrees(upper(time) + 180) }
        let hourAngles = search.times.map(upper)
        let upperTimes = search.angleZeros(values: hourAngles, upper)
        let lowerTimes = search.angleZeros(values: hourAngles.map { signedDegrees($0 + 180) }, lower)

        let moonNoon = ephemeris.moon(at: noon)
        let sunNoon = ephemeris.sun(at: noon)
        let elongation = Lunation.elongation(moon: moonNoon, sun: sunNoon, orientation: ephemeris.orientation)
        let lastNew = Lunation.previous(0, onOrBefore: noon, elongationThen: elongation)
        let nextNew =
            lastNew >= ephemeris.start ? lastNew : Lunation.instant(of: 0, near: lastNew + Lunation.synodicMonth)
        let nextFull = Lunation.next(
            180, onOrAfter: ephemeris.start,
            elongationThen: elongation - (noon - ephemeris.start) * Lunation.meanRate)
        return MoonDay(
            rise: first(limb, increasing: true, before: ephemeris.end),
            set: first(limb, increasing: false, before: ephemeris.end),
            upperTransit: first(upperTimes, before: ephemeris.end),
            lowerTransit: first(lowerTimes, before: ephemeris.end),
            illumination: Lunation.illumination(moon: moonNoon, sun: sunNoon),
            ageDays: noon - lastNew,
            phase: MoonPhase(elongation: elongation),
            elongation: elongation,
            nextNew: AstronomicalTime.date(days: nextNew),
            nextFull: AstronomicalTime.date(days: nextFull))
    }

    private static func first(_ crossings: [EventSearch.Crossing], increasing: Bool, before end: Double) -> Date? {
        first(crossings.filter { $0.increasing == increasing }.map(\.time), before: end)
    }

    private static func first(_ times: [Double], before end: Double) -> Date? {
        times.first { $0 < end }.map(AstronomicalTime.date(days:))
    }
}

/// The bounds of a local calendar day and its 12:00, in UT days since J2000.0.
///
/// When the zone's offset is the same before the day starts and after it ends, the day is
/// plain arithmetic. Otherwise each wall-clock time is converted with the offsets on either
/// side of it: where a daylight-saving change makes it ambiguous the earlier instant is used,
/// and where it does not exist (a midnight skipped by the change) `Calendar.startOfDay` gives
/// the first instant of the day.
struct LocalDay {
    let start: Double
    let end: Double
    let noon: Double

    init(year: Int, month: Int, day: Int, timeZone: TimeZone) {
        let midnight = Self.daysFromCivil(year: year, month: month, day: day)
        // Zone offsets lie within −12 h…+14 h, so these instants fall before and after the day.
        let before = Self.offset(timeZone, at: midnight - 0.6)
        let after = Self.offset(timeZone, at: midnight + 1.6)
        if before == after {
            (start, noon, end) = (midnight - before, midnight + 0.5 - before, midnight + 1 - before)
            return
        }
        noon =
            Self.instant(wall: midnight + 0.5, timeZone) ?? midnight + 0.5 - Self.offset(timeZone, at: midnight + 0.5)
        start = Self.instant(wall: midnight, timeZone) ?? Self.startOfDay(containing: noon, timeZone)
        end = Self.instant(wall: midnight + 1, timeZone) ?? Self.startOfDay(containing: noon + 1, timeZone)
    }

    /// The earliest instant showing `wall` (a wall-clock time in days since J2000.0), or `nil`
    /// when the clock skips it.
    private static func instant(wall: Double, _ timeZone: TimeZone) -> Double? {
        let candidates = [offset(timeZone, at: wall - 1), offset(timeZone, at: wall + 1)]
        return candidates.filter { offset(timeZone, at: wall - $0) == $0 }.map { wall - $0 }.min()
    }

    private static func offset(_ timeZone: TimeZone, at days: Double) -> Double {
        Double(timeZone.secondsFromGMT(for: AstronomicalTime.date(days: days))) / 86_400
    }

    private static func startOfDay(containing days: Double, _ timeZone: TimeZone) -> Double {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return AstronomicalTime.days(since: calendar.startOfDay(for: AstronomicalTime.date(days: days)))
    }

    /// Days from J2000.0 to 00:00 UTC of a Gregorian date.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Double {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return Double(era * 146_097 + dayOfEra - 719_468) - AstronomicalTime.unixEpochOffsetDays
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
