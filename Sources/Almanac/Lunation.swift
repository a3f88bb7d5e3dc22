import Foundation

/// The Moon's phase geometry (T14): elongation, illuminated fraction, and the instants of new
/// and full moon found by root-finding on the elongation.
enum Lunation {
    /// Mean synodic month in days.
    static let synodicMonth = 29.530588861
    /// Mean rate of the elongation in degrees per day.
    static let meanRate = 360 / synodicMonth

    /// Apparent geocentric elongation in ecliptic longitude, Moon minus Sun, degrees 0..<360,
    /// and its rate in degrees per day. Nutation moves both bodies alike and cancels.
    static func elongation(ut: Double) -> (value: Double, rate: Double) {
        let t = AstronomicalTime.centuriesTT(ut: ut)
        let moon = LunarCoordinates.longitude(centuriesTT: t)
        let sun = SolarCoordinates.aberratedLongitude(centuriesTT: t).longitude
        let rate = (moon.rate - SolarCoordinates.longitudeRate(centuriesTT: t)) / 36_525
        return (normalizedDegrees((moon.value - sun) / degree), rate / degree)
    }

    /// The instant (UT days) when the elongation equals `target` degrees, nearest to `guess`:
    /// Newton's method with the analytic rate. Convergence is quadratic (the rate changes by at
    /// most 2°/day per day against 10–15°/day), so after a step under 1e−3 day the error left is
    /// below 1e−7 day (0.01 s).
    static func instant(of target: Double, near guess: Double) -> Double {
        var time = guess
        for _ in 0..<20 {
            let (value, rate) = elongation(ut: time)
            let step = signedDegrees(value - target) / rate
            time -= step
            if abs(step) < 1e-3 { break }
        }
        return time
    }

    /// The first instant at or after `time` when the elongation equals `target`.
    ///
    /// `elongationThen` (the elongation at `time`, or an estimate within a few degrees) spares a
    /// series evaluation; the root nearest `time` is found first, then the following one if the
    /// nearest lies before `time`.
    static func next(_ target: Double, onOrAfter time: Double, elongationThen: Double? = nil) -> Double {
        let found = nearest(target, to: time, elongationThen: elongationThen)
        return found < time ? instant(of: target, near: found + synodicMonth) : found
    }

    /// The last instant at or before `time` when the elongation equals `target`.
    static func previous(_ target: Double, onOrBefore time: Double, elongationThen: Double? = nil) -> Double {
        let found = nearest(target, to: time, elongationThen: elongationThen)
        return found > time ? instant(of: target, near: found - synodicMonth) : found
    }

    private static func nearest(_ target: Double, to time: Double, elongationThen: Double?) -> Double {
        let now = elongationThen ?? elongation(ut: time).value
        return instant(of: target, near: time + signedDegrees(target - now) / meanRate)
    }

    /// Illuminated fraction of the Moon's disk seen from the Earth's centre (Meeus ch. 48) from
    /// geocentric vectors of the Moon and the Sun.
    static func illumination(moon: Vector3, sun: Vector3) -> Double {
        let moonDistance = moon.length
        let sunDistance = sun.length
        let cosElongation = moon.dot(sun) / (moonDistance * sunDistance)
        let sinElongation = (max(0, 1 - cosElongation * cosElongation)).squareRoot()
        let phaseAngle = atan2(sunDistance * sinElongation, moonDistance - sunDistance * cosElongation)
        return (1 + cos(phaseAngle)) / 2
    }

    /// Elongation in degrees (0..<360) from geocentric vectors of date.
    static func elongation(moon: Vector3, sun: Vector3, orientation: EarthOrientation) -> Double {
        normalizedDegrees((orientation.eclipticLongitude(of: moon) - orientation.eclipticLongitude(of: sun)) / degree)
    }

    /// Geocentric vectors of the Moon and the Sun at one instant, computed directly.
    static func vectors(ut: Double) -> (moon: Vector3, sun: Vector3, orientation: EarthOrientation) {
        let t = AstronomicalTime.centuriesTT(ut: ut)
        let orientation = EarthOrientation(centuriesTT: t)
        return (
            LunarCoordinates.apparentVector(centuriesTT: t, orientation: orientation),
            SolarCoordinates.apparentVector(centuriesTT: t, orientation: orientation),
            orientation
        )
    }
}
