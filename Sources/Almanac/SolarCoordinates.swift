import Foundation

/// The Sun's geocentric position (Meeus ch. 25, the method good to 0.01°, with the nutation of
/// ch. 22 and the annual aberration), for the almanac of T14.
enum SolarCoordinates {
    /// Earth equatorial radii in one astronomical unit.
    static let earthRadiiPerAU = 149_597_870.7 / 6378.137

    /// True geometric longitude (radians) and distance (AU) of the Sun, mean equinox of date.
    static func trueLongitude(centuriesTT t: Double) -> (longitude: Double, distance: Double) {
        let meanLongitude = 280.46646 + t * (36000.76983 + t * 0.0003032)
        let anomaly = (357.52911 + t * (35999.05029 - t * 0.0001537)) * degree
        let eccentricity = 0.016708634 - t * (0.000042037 + t * 0.0000001267)
        let center =
            (1.914602 - t * (0.004817 + t * 0.000014)) * sin(anomaly)
            + (0.019993 - t * 0.000101) * sin(2 * anomaly)
            + 0.000289 * sin(3 * anomaly)
        let trueAnomaly = anomaly + center * degree
        let distance = 1.000001018 * (1 - eccentricity * eccentricity) / (1 + eccentricity * cos(trueAnomaly))
        return ((meanLongitude + center) * degree, distance)
    }

    /// The rate of the true longitude in radians per Julian century (the equation of the centre
    /// differentiated; good to 0.1 %).
    static func longitudeRate(centuriesTT t: Double) -> Double {
        let anomaly = (357.52911 + 35999.05029 * t) * degree
        let center = 1.914602 * cos(anomaly) + 2 * 0.019993 * cos(2 * anomaly) + 3 * 0.000289 * cos(3 * anomaly)
        return (36000.76983 + center * 35999.05029 * degree) * degree
    }

    /// Longitude (radians, without nutation) corrected for aberration, and distance (AU).
    static func aberratedLongitude(centuriesTT t: Double) -> (longitude: Double, distance: Double) {
        let (longitude, distance) = trueLongitude(centuriesTT: t)
        return (longitude - 20.4898 / 3600 / distance * degree, distance)
    }

    /// Apparent geocentric equatorial vector of date, Earth radii.
    static func apparentVector(centuriesTT t: Double, orientation: EarthOrientation) -> Vector3 {
        let (longitude, distance) = aberratedLongitude(centuriesTT: t)
        return orientation.equatorial(
            longitude: longitude + orientation.nutationLongitude, latitude: 0,
            distance: distance * earthRadiiPerAU)
    }
}
