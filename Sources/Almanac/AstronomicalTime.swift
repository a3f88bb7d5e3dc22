import Foundation

/// Time scales, sidereal time and the Earth's orientation used by the almanac (T14).
///
/// Instants are carried as days of Universal Time since J2000.0 (JD 2451545.0 UT); UTC is used
/// for UT1 (they differ by less than 0.9 s). Terrestrial Time adds ΔT from the Espenak–Meeus
/// polynomials.
enum AstronomicalTime {
    /// Days between the Unix epoch and J2000.0.
    static let unixEpochOffsetDays = 10_957.5

    static func days(since date: Date) -> Double {
        date.timeIntervalSince1970 / 86_400 - unixEpochOffsetDays
    }

    static func date(days: Double) -> Date {
        Date(timeIntervalSince1970: (days + unixEpochOffsetDays) * 86_400)
    }

    /// Julian centuries of Terrestrial Time since J2000.0 for an instant in UT days.
    static func centuriesTT(ut: Double) -> Double {
        (ut + deltaT(ut: ut) / 86_400) / 36_525
    }

    /// ΔT = TT − UT in seconds (Espenak & Meeus, NASA eclipse canon polynomials, 1900–2150).
    static func deltaT(ut: Double) -> Double {
        let y = 2000 + ut / 365.25
        switch y {
        case ..<1920:
            let t = y - 1900
            return -2.79 + t * (1.494119 + t * (-0.0598939 + t * (0.0061966 - t * 0.000197)))
        case ..<1941:
            let t = y - 1920
            return 21.20 + t * (0.84493 + t * (-0.076100 + t * 0.0020936))
        case ..<1961:
            let t = y - 1950
            return 29.07 + t * (0.407 + t * (-1 / 233.0 + t / 2547.0))
        case ..<1986:
            let t = y - 1975
            return 45.45 + t * (1.067 + t * (-1 / 260.0 - t / 718.0))
        case ..<2005:
            let t = y - 2000
            return 63.86 + t * (0.3345 + t * (-0.060374 + t * (0.0017275 + t * (0.000651814 + t * 0.00002373599))))
        case ..<2050:
            let t = y - 2000
            return 62.92 + t * (0.32217 + t * 0.005589)
        default:
            let u = (y - 1820) / 100
            return -20 + 32 * u * u - 0.5628 * (2150 - y)
        }
    }

    /// Greenwich mean sidereal time in degrees (Meeus, eq. 12.4), not reduced to 0…360.
    static func meanSiderealDegrees(ut: Double) -> Double {
        let t = ut / 36_525
        return 280.46061837 + 360.98564736629 * ut + t * t * (0.000387933 - t / 38_710_000)
    }

    /// Mean sidereal rate in degrees per day.
    static let siderealRate = 360.98564736629
}

/// Nutation in longitude and the true obliquity of the ecliptic (Meeus ch. 22, the abridged
/// series good to 0.5″ and 0.1″).
struct EarthOrientation {
    /// Nutation in longitude, radians.
    let nutationLongitude: Double
    /// True obliquity of the ecliptic, radians.
    let obliquity: Double

    init(centuriesTT t: Double) {
        let omega = (125.04452 - 1934.136261 * t) * degree
        let sunMean = (280.4665 + 36000.7698 * t) * degree
        let moonMean = (218.3165 + 481267.8813 * t) * degree
        let dPsi = -17.20 * sin(omega) - 1.32 * sin(2 * sunMean) - 0.23 * sin(2 * moonMean) + 0.21 * sin(2 * omega)
        let dEps = 9.20 * cos(omega) + 0.57 * cos(2 * sunMean) + 0.10 * cos(2 * moonMean) - 0.09 * cos(2 * omega)
        let meanObliquity = 23.439291111 + t * (-0.013004167 + t * (-1.639e-7 + t * 5.036e-7))
        nutationLongitude = dPsi / 3600 * degree
        obliquity = (meanObliquity + dEps / 3600) * degree
    }

    /// Converts apparent ecliptic coordinates of date to an equatorial vector of date.
    func equatorial(longitude: Double, latitude: Double, distance: Double) -> Vector3 {
        let cosB = cos(latitude)
        let x = cosB * cos(longitude)
        let y = cosB * sin(longitude)
        let z = sin(latitude)
        let (sinE, cosE) = (sin(obliquity), cos(obliquity))
        return Vector3(x: x * distance, y: (y * cosE - z * sinE) * distance, z: (y * sinE + z * cosE) * distance)
    }

    /// Ecliptic longitude of date (radians, −π…π) of an equatorial vector of date.
    func eclipticLongitude(of v: Vector3) -> Double {
        atan2(v.y * cos(obliquity) + v.z * sin(obliquity), v.x)
    }
}

/// One radian per degree.
let degree = Double.pi / 180

/// A Cartesian vector (equatorial frame of date, Earth equatorial radii).
struct Vector3 {
    var x: Double
    var y: Double
    var z: Double

    var length: Double { (x * x + y * y + z * z).squareRoot() }

    func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }
}

/// Reduces an angle in degrees to 0..<360.
func normalizedDegrees(_ value: Double) -> Double {
    let r = value.truncatingRemainder(dividingBy: 360)
    return r < 0 ? r + 360 : r
}

/// Reduces an angle in degrees to −180..<180.
func signedDegrees(_ value: Double) -> Double {
    let r = normalizedDegrees(value)
    return r >= 180 ? r - 360 : r
}
