import Foundation

/// A point expressed in geocentric spherical coordinates, with what is needed to rotate
/// vectors back to the geodetic (ellipsoidal) frame. Equations of the WMM technical report:
/// geodetic latitude φ, height h above the WGS 84 ellipsoid → radius r, geocentric latitude φ′.
struct SphericalPosition {
    /// WGS 84 semi-major axis A, km.
    static let semiMajorAxis = 6378.137
    /// WGS 84 flattening f.
    static let flattening = 1 / 298.257223563
    /// First eccentricity squared, e² = f(2 − f).
    static let eccentricitySquared = flattening * (2 - flattening)

    let radius: Double
    /// sin φ′ and cos φ′ of the geocentric latitude (cos φ′ ≥ 0).
    let sinLatitude: Double
    let cosLatitude: Double
    /// sin(φ′ − φ) and cos(φ′ − φ), the rotation from the spherical to the geodetic frame.
    let sinRotation: Double
    let cosRotation: Double
    let longitude: Double

    init(latitude: Double, longitude: Double, altitudeKm: Double) {
        let phi = latitude * .pi / 180
        let sinPhi = sin(phi)
        let cosPhi = cos(phi)
        let e2 = Self.eccentricitySquared
        let primeVerticalRadius = Self.semiMajorAxis / (1 - e2 * sinPhi * sinPhi).squareRoot()
        let p = (primeVerticalRadius + altitudeKm) * cosPhi
        let z = (primeVerticalRadius * (1 - e2) + altitudeKm) * sinPhi
        radius = (p * p + z * z).squareRoot()
        sinLatitude = z / radius
        cosLatitude = p / radius
        sinRotation = sinLatitude * cosPhi - cosLatitude * sinPhi
        cosRotation = cosLatitude * cosPhi + sinLatitude * sinPhi
        self.longitude = longitude * .pi / 180
    }

    /// Rotates a vector given in the spherical frame (X′ north, Y′ east, Z′ down) to the
    /// geodetic frame.
    func toGeodetic(_ v: FieldVector) -> FieldVector {
        FieldVector(
            north: v.north * cosRotation - v.down * sinRotation,
            east: v.east,
            down: v.north * sinRotation + v.down * cosRotation)
    }
}

/// A magnetic vector (or its yearly rate) by north, east and down components, nT.
struct FieldVector {
    var north: Double
    var east: Double
    var down: Double
}

/// Schmidt semi-normalised associated Legendre functions P(n, m) of sin φ′ to a given degree,
/// their derivatives by φ′, and P(n, m) / cos φ′ for m ≥ 1.
///
/// The last table is computed by its own recursion (it obeys the same recurrence in n as
/// P(n, m), seeded with P(1, 1) / cos φ′ = 1), so the eastward component needs no division by
/// cos φ′: at the geographic poles, where the report's Y′ expression is 0/0, it yields the limit
/// directly and no special case is needed.
struct LegendreTable {
    private(set) var p: [Double]
    private(set) var dp: [Double]
    private(set) var pOverCos: [Double]

    init(maxDegree: Int, sinLatitude mu: Double, cosLatitude s: Double) {
        let count = GaussCoefficients.index(maxDegree, maxDegree) + 1
        p = Array(repeating: 0, count: count)
        dp = p
        pOverCos = p
        p[0] = 1
        for n in 1...maxDegree {
            let nn = Double(n)
            let kd = GaussCoefficients.index(n, n)
            let kp = GaussCoefficients.index(n - 1, n - 1)
            if n == 1 {
                p[kd] = s
                dp[kd] = -mu
                pOverCos[kd] = 1
            } else {
                let c = ((2 * nn - 1) / (2 * nn)).squareRoot()
                p[kd] = c * s * p[kp]
                dp[kd] = c * (s * dp[kp] - mu * p[kp])
                pOverCos[kd] = c * s * pOverCos[kp]
            }
            for m in 0..<n {
                let mm = Double(m)
                let k = GaussCoefficients.index(n, m)
                let k1 = GaussCoefficients.index(n - 1, m)
                let a = (2 * nn - 1) / (nn * nn - mm * mm).squareRoot()
                // P(n−2, m) is zero when n − 2 < m: b = 0 then, and k2 points at any finite entry.
                let hasTwoBelow = n - 2 >= m
                let b = hasTwoBelow ? (((nn - 1) * (nn - 1) - mm * mm) / (nn * nn - mm * mm)).squareRoot() : 0
                let k2 = hasTwoBelow ? GaussCoefficients.index(n - 2, m) : 0
                p[k] = a * mu * p[k1] - b * p[k2]
                dp[k] = a * (s * p[k1] + mu * dp[k1]) - b * dp[k2]
                if m > 0 {
                    pOverCos[k] = a * mu * pOverCos[k1] - b * pOverCos[k2]
                }
            }
        }
    }
}

/// Sums the spherical-harmonic expansion of the WMM technical report at a geocentric point:
/// X′ = −Σ (a/r)^(n+2) Σ (g cos mλ + h sin mλ) dP/dφ′,
/// Y′ = Σ (a/r)^(n+2) Σ m (g sin mλ − h cos mλ) P / cos φ′,
/// Z′ = −Σ (n+1) (a/r)^(n+2) Σ (g cos mλ + h sin mλ) P,
/// with a = 6371.2 km, the geomagnetic reference radius. Being linear in (g, h), the same sum
/// over the secular-variation coefficients (ġ, ḣ) gives the yearly rates.
struct SphericalHarmonicSynthesis {
    static let referenceRadius = 6371.2

    private let legendre: LegendreTable
    private let radiusPowers: [Double]
    private let cosML: [Double]
    private let sinML: [Double]
    private let maxDegree: Int

    init(position: SphericalPosition, maxDegree: Int) {
        self.maxDegree = maxDegree
        legendre = LegendreTable(
            maxDegree: maxDegree, sinLatitude: position.sinLatitude, cosLatitude: position.cosLatitude)
        let ratio = Self.referenceRadius / position.radius
        radiusPowers = (0...maxDegree).map { n in pow(ratio, Double(n + 2)) }
        cosML = (0...maxDegree).map { m in cos(Double(m) * position.longitude) }
        sinML = (0...maxDegree).map { m in sin(Double(m) * position.longitude) }
    }

    func field(g: [Double], h: [Double]) -> FieldVector {
        var x = 0.0
        var y = 0.0
        var z = 0.0
        for n in 1...maxDegree {
            var sumX = 0.0
            var sumY = 0.0
            var sumZ = 0.0
            for m in 0...n {
                let k = GaussCoefficients.index(n, m)
                let cosTerm = g[k] * cosML[m] + h[k] * sinML[m]
                let sinTerm = g[k] * sinML[m] - h[k] * cosML[m]
                sumX -= cosTerm * legendre.dp[k]
                sumY += Double(m) * sinTerm * legendre.pOverCos[k]
                sumZ -= Double(n + 1) * cosTerm * legendre.p[k]
            }
            x += radiusPowers[n] * sumX
            y += radiusPowers[n] * sumY
            z += radiusPowers[n] * sumZ
        }
        return FieldVector(north: x, east: y, down: z)
    }
}
