import Foundation

/// Angle arithmetic in degrees that stays exact where it can: reductions by multiples of 90°
/// and 360° are exact in binary floating point, so sines and cosines of 0°, 90°, 180°… are
/// exactly 0 and ±1, and longitude differences keep their rounding error instead of losing it.
enum AngleMath {
    static let radiansPerDegree = Double.pi / 180

    /// Sine and cosine of an angle given in degrees.
    static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        var reduced = degrees.truncatingRemainder(dividingBy: 360)
        let quarter = (reduced / 90).rounded()
        reduced -= 90 * quarter
        let radians = reduced * radiansPerDegree
        let s = sin(radians)
        let c = cos(radians)
        switch Int(quarter) & 3 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// Sine and cosine of an angle given in radians.
    static func sinCos(radians: Double) -> (sin: Double, cos: Double) {
        (sin(radians), cos(radians))
    }

    /// The angle, in degrees on [-180, 180], whose sine and cosine are proportional to `y`
    /// and `x`; multiples of 45° come out exact.
    static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
        var (y, x) = (y, x)
        var octantFold = 0
        if abs(y) > abs(x) {
            (x, y) = (y, x)
            octantFold = 2
        }
        if x.sign == .minus {
            x = -x
            octantFold += 1
        }
        let angle = atan2(y, x) / radiansPerDegree
        switch octantFold {
        case 1: return (y.sign == .minus ? -180 : 180) - angle
        case 2: return 90 - angle
        case 3: return -90 + angle
        default: return angle
        }
    }

    /// A bearing in degrees on [0, 360) from a direction's sine and cosine.
    static func bearing(sin s: Double, cos c: Double) -> Double {
        let degrees = atan2Degrees(s, c)
        let bearing = degrees < 0 ? degrees + 360 : degrees + 0
        return bearing < 360 ? bearing : 0
    }

    /// `u + v` rounded, and the rounding error, so that `sum + error == u + v` exactly
    /// (Knuth's two-sum).
    static func sumWithError(_ u: Double, _ v: Double) -> (sum: Double, error: Double) {
        let sum = u + v
        let uRounded = sum - v
        let vRounded = sum - uRounded
        return (sum, (u - uRounded) + (v - vRounded))
    }

    /// `to - from` reduced to (-180, 180], as a rounded value plus its tiny rounding error.
    /// Both longitudes may be of any finite size.
    static func longitudeDifference(from: Double, to: Double) -> (degrees: Double, error: Double) {
        let (difference, error) = sumWithError(
            -from.remainder(dividingBy: 360), to.remainder(dividingBy: 360))
        var degrees = difference.remainder(dividingBy: 360)
        if degrees == -180 && error <= 0 {
            degrees = 180
        } else if degrees == 180 && error > 0 {
            degrees = -180
        }
        return (degrees, error)
    }

    /// A longitude in degrees reduced to [-180, 180].
    static func normalizedLongitude(_ degrees: Double) -> Double {
        degrees.remainder(dividingBy: 360)
    }

    /// `(s, c)` scaled to unit length; a zero vector becomes (0, 1).
    static func normalized(_ s: Double, _ c: Double) -> (Double, Double) {
        let length = hypot(s, c)
        return length > 0 ? (s / length, c / length) : (0, 1)
    }
}
