import Foundation

/// An ellipsoid of revolution and the geodesic problems on it, solved by Karney's method
/// (C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87, 43–55, 2013). The public
/// `Geodesic` uses WGS84; tests also use a strongly flattened one, where a wrong sixth-order
/// coefficient would show.
struct Ellipsoid: Sendable {
    /// WGS84: a = 6 378 137 m, f = 1/298.257223563.
    static let wgs84 = Ellipsoid(equatorialRadius: 6_378_137, flattening: 1 / 298.257223563)

    let equatorialRadius: Double
    let flattening: Double
    let polarRadius: Double
    let eccentricitySquared: Double
    let secondEccentricitySquared: Double
    let a3: [Double]
    let c3: [[Double]]

    /// An oblate ellipsoid; `flattening` in [0, 1/5] keeps the sixth-order series meaningful.
    init(equatorialRadius: Double, flattening: Double) {
        self.equatorialRadius = equatorialRadius
        self.flattening = flattening
        polarRadius = equatorialRadius * (1 - flattening)
        eccentricitySquared = flattening * (2 - flattening)
        secondEccentricitySquared = eccentricitySquared / ((1 - flattening) * (1 - flattening))
        let n = flattening / (2 - flattening)
        a3 = GeodesicSeries.a3Polynomial(n: n)
        c3 = GeodesicSeries.c3Polynomials(n: n)
    }

    /// The solution of the inverse problem; `reducedLength` (m12) is reported for tests.
    struct InverseSolution {
        var distance: Double
        var initialBearing: Double
        var finalBearing: Double
        var reducedLength: Double
    }

    /// The solution of the direct problem.
    struct DirectSolution {
        var latitude: Double
        var longitude: Double
        var finalBearing: Double
    }

    // MARK: - Quantities along one geodesic

    /// A unit vector (sin, cos) standing for an angle.
    private struct Direction {
        var sin: Double
        var cos: Double

        init(sin: Double, cos: Double) {
            (self.sin, self.cos) = AngleMath.normalized(sin, cos)
        }

        init(degrees: Double) {
            (sin, cos) = AngleMath.sinCos(degrees: degrees)
        }

        var radians: Double { atan2(sin, cos) }
        var bearing: Double { AngleMath.bearing(sin: sin, cos: cos) }
        /// The angle π − θ.
        var supplement: Direction { Direction(unit: sin, -cos) }
        /// The angle −θ.
        var negated: Direction { Direction(unit: -sin, cos) }

        /// The angle θ + `radians`.
        func rotated(by radians: Double) -> Direction {
            let (s, c) = AngleMath.sinCos(radians: radians)
            return Direction(sin: sin * c + cos * s, cos: cos * c - sin * s)
        }

        /// Whether `other` lies less than 180° counterclockwise of this one (for angles in
        /// [0, π]: whether this one is the smaller).
        func precedes(_ other: Direction) -> Bool {
            cos * other.sin - sin * other.cos > 0
        }

        /// The angle halfway to `other`, taken counterclockwise.
        func bisector(_ other: Direction) -> Direction {
            let (s, c) = (sin + other.sin, cos + other.cos)
            return s == 0 && c == 0 ? Direction(unit: cos, -sin) : Direction(sin: s, cos: c)
        }

        private init(unit s: Double, _ c: Double) {
            sin = s
            cos = c
        }
    }

    /// The reduced latitude β of a geographic latitude φ, tan β = (1 − f) tan φ. At a pole
    /// cos β is held at a tiny positive value so that bearings there keep their usual meaning:
    /// the limit as the pole is approached along the meridian of the given longitude.
    private func reducedLatitude(degrees: Double) -> Direction {
        let (s, c) = AngleMath.sinCos(degrees: degrees)
        let beta = Direction(sin: (1 - flattening) * s, cos: c)
        return Direction(sin: beta.sin, cos: max(beta.cos, Self.tiny))
    }

    private static let tiny = Double.leastNormalMagnitude.squareRoot()

    /// ε from the equatorial azimuth: k² = e′² cos²α₀, ε = k² / (√(1 + k²) + 1)².
    private func epsilon(cosAlpha0: Double) -> Double {
        let k2 = secondEccentricitySquared * cosAlpha0 * cosAlpha0
        return k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
    }

    /// The longitude integral f·sin α₀·I3 between σ1 and σ2 in radians.
    private func longitudeCorrection(
        sinAlpha0: Double, eps: Double, sigma12: Double, from sigma1: Direction, to sigma2: Direction
    ) -> Double {
        let c3l = c3.map { GeodesicSeries.polynomial($0, at: eps) }
        let b31 = GeodesicSeries.sineSum(c3l, sin: sigma1.sin, cos: sigma1.cos)
        let b32 = GeodesicSeries.sineSum(c3l, sin: sigma2.sin, cos: sigma2.cos)
        return flattening * sinAlpha0 * GeodesicSeries.polynomial(a3, at: eps) * (sigma12 + b32 - b31)
    }

    /// Distance s12 and reduced length m12 between σ1 and σ2 in metres.
    private func lengths(
        eps: Double, sigma12: Double, from sigma1: Direction, to sigma2: Direction
    ) -> (distance: Double, reducedLength: Double) {
        let a1m1 = GeodesicSeries.a1Minus1(eps)
        let a2m1 = GeodesicSeries.a2Minus1(eps)
        let c1 = GeodesicSeries.c1(eps)
        let c2 = GeodesicSeries.c2(eps)
        let b11 = GeodesicSeries.sineSum(c1, sin: sigma1.sin, cos: sigma1.cos)
        let b12 = GeodesicSeries.sineSum(c1, sin: sigma2.sin, cos: sigma2.cos)
        let b21 = GeodesicSeries.sineSum(c2, sin: sigma1.sin, cos: sigma1.cos)
        let b22 = GeodesicSeries.sineSum(c2, sin: sigma2.sin, cos: sigma2.cos)
        let i1 = (1 + a1m1) * (sigma12 + b12 - b11)
        let j12 = (a1m1 - a2m1) * sigma12 + (1 + a1m1) * (b12 - b11) - (1 + a2m1) * (b22 - b21)
        let k2 = 4 * eps / ((1 - eps) * (1 - eps))
        let w1 = (1 + k2 * sigma1.sin * sigma1.sin).squareRoot()
        let w2 = (1 + k2 * sigma2.sin * sigma2.sin).squareRoot()
        let m12 =
            w2 * sigma1.cos * sigma2.sin - w1 * sigma1.sin * sigma2.cos
            - sigma1.cos * sigma2.cos * j12
        return (polarRadius * i1, polarRadius * m12)
    }

    // MARK: - Direct problem

    /// Where the geodesic leaving (`latitude`, `longitude`) on `bearing` (degrees clockwise from
    /// north) arrives after `distance` metres (negative: backwards), and its bearing there.
    func direct(latitude: Double, longitude: Double, bearing: Double, distance: Double) -> DirectSolution {
        let alpha1 = Direction(degrees: bearing)
        let beta1 = reducedLatitude(degrees: latitude)
        let sinAlpha0 = alpha1.sin * beta1.cos
        let cosAlpha0 = hypot(alpha1.cos, alpha1.sin * beta1.sin)
        let sigma1 = Direction(sin: beta1.sin, cos: alpha1.cos * beta1.cos)
        let eps = epsilon(cosAlpha0: cosAlpha0)
        let c1 = GeodesicSeries.c1(eps)
        let b11 = GeodesicSeries.sineSum(c1, sin: sigma1.sin, cos: sigma1.cos)
        let a1 = 1 + GeodesicSeries.a1Minus1(eps)
        let tau12 = distance / (polarRadius * a1)
        let tau2 = sigma1.radians + b11 + tau12
        let reverted =
            tau12 + b11
            + GeodesicSeries.sineSum(GeodesicSeries.c1Reverted(eps), sin: sin(tau2), cos: cos(tau2))
        // The reverted series is exact only to O(ε⁶); one Newton step on I1(σ2) − I1(σ1) = s/b
        // removes what is left of its truncation error.
        let guess = sigma1.rotated(by: reverted)
        let residual = reverted + GeodesicSeries.sineSum(c1, sin: guess.sin, cos: guess.cos) - b11 - tau12
        let k2 = secondEccentricitySquared * cosAlpha0 * cosAlpha0
        let sigma12 = reverted - residual * a1 / (1 + k2 * guess.sin * guess.sin).squareRoot()
        let sigma2 = sigma1.rotated(by: sigma12)
        let beta2 = Direction(sin: cosAlpha0 * sigma2.sin, cos: hypot(sinAlpha0, cosAlpha0 * sigma2.cos))
        let alpha2 = Direction(sin: sinAlpha0, cos: cosAlpha0 * sigma2.cos)
        let omega12 = atan2(
            sinAlpha0 * sigma2.sin * sigma1.cos - sigma2.cos * sinAlpha0 * sigma1.sin,
            sigma2.cos * sigma1.cos + sinAlpha0 * sinAlpha0 * sigma2.sin * sigma1.sin)
        let lambda12 =
            omega12
            - longitudeCorrection(sinAlpha0: sinAlpha0, eps: eps, sigma12: sigma12, from: sigma1, to: sigma2)
        return DirectSolution(
            latitude: AngleMath.atan2Degrees(beta2.sin, (1 - flattening) * beta2.cos),
            longitude: AngleMath.normalizedLongitude(
                AngleMath.normalizedLongitude(longitude) + lambda12 / AngleMath.radiansPerDegree),
            finalBearing: alpha2.bearing)
    }

    // MARK: - Inverse problem

    /// The shortest geodesic between two points given in degrees.
    func inverse(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double) -> InverseSolution {
        var (lambda12Degrees, lambda12Error) = AngleMath.longitudeDifference(from: longitude1, to: longitude2)
        // Bring the problem to the paper's canonical form, λ12 in [0°, 180°],
        // |φ1| ≥ |φ2| and φ1 ≤ 0, remembering how to map the bearings back.
        let mirrored = lambda12Degrees.sign == .minus
        if mirrored {
            lambda12Degrees.negate()
            lambda12Error.negate()
        }
        let swapped = abs(latitude1) < abs(latitude2)
        var (phi1, phi2) = swapped ? (latitude2, latitude1) : (latitude1, latitude2)
        let flipped = phi1 >= 0
        if flipped {
            phi1.negate()
            phi2.negate()
        }
        let canonical = solveCanonical(
            beta1: reducedLatitude(degrees: phi1), beta2: reducedLatitude(degrees: phi2),
            phi1IsPole: phi1 == -90, lambda12Degrees: lambda12Degrees, lambda12Error: lambda12Error)
        if canonical.distance == 0 || (phi1 == -90 && phi2 == -90) {
            return InverseSolution(distance: 0, initialBearing: 0, finalBearing: 0, reducedLength: 0)
        }
        var (alpha1, alpha2) = (canonical.alpha1, canonical.alpha2)
        if flipped {
            (alpha1, alpha2) = (alpha1.supplement, alpha2.supplement)
        }
        if swapped {
            (alpha1, alpha2) = (alpha2.supplement, alpha1.supplement)
        }
        if mirrored {
            (alpha1, alpha2) = (alpha1.negated, alpha2.negated)
        }
        return InverseSolution(
            distance: canonical.distance, initialBearing: alpha1.bearing, finalBearing: alpha2.bearing,
            reducedLength: canonical.reducedLength)
    }

    private struct CanonicalSolution {
        var distance: Double
        var reducedLength: Double
        var alpha1: Direction
        var alpha2: Direction
    }

    /// The inverse problem with β1 ≤ 0, |β2| ≤ |β1| and λ12 in [0°, 180°].
    private func solveCanonical(
        beta1: Direction, beta2: Direction, phi1IsPole: Bool, lambda12Degrees: Double, lambda12Error: Double
    ) -> CanonicalSolution {
        let lambda12 = lambda12Degrees * AngleMath.radiansPerDegree
        let correction = lambda12Error * AngleMath.radiansPerDegree
        let rounded = Direction(degrees: lambda12Degrees)
        let target = Direction(
            sin: rounded.sin + rounded.cos * correction, cos: rounded.cos - rounded.sin * correction)

        if target.sin == 0 || phi1IsPole {
            let meridian = meridional(beta1: beta1, beta2: beta2, along: target)
            if meridian.sigma12 < 1 || meridian.solution.reducedLength >= 0 {
                return meridian.solution
            }
        }
        if beta1.sin == 0 && beta2.sin == 0 && lambda12Degrees <= 180 * (1 - flattening) {
            let sigma12 = (lambda12 + correction) / (1 - flattening)
            let east = Direction(degrees: 90)
            return CanonicalSolution(
                distance: equatorialRadius * (lambda12 + correction), reducedLength: polarRadius * sin(sigma12),
                alpha1: east, alpha2: east)
        }
        switch start(beta1: beta1, beta2: beta2, target: target, lambda12: lambda12 + correction) {
        case .solved(let solution):
            return solution
        case .azimuth(let alpha1):
            return newton(from: alpha1, beta1: beta1, beta2: beta2, target: target)
        }
    }

    /// The path along the meridian (α1 = λ12, through a pole when λ12 = 180°), and its arc σ12.
    private func meridional(
        beta1: Direction, beta2: Direction, along alpha1: Direction
    ) -> (solution: CanonicalSolution, sigma12: Double) {
        let north = Direction(degrees: 0)
        let sigma1 = Direction(sin: beta1.sin, cos: alpha1.cos * beta1.cos)
        let sigma2 = Direction(sin: beta2.sin, cos: beta2.cos)
        let sigma12 = atan2(
            positive(sigma1.cos * sigma2.sin - sigma1.sin * sigma2.cos),
            sigma1.cos * sigma2.cos + sigma1.sin * sigma2.sin)
        let cosAlpha0 = hypot(alpha1.cos, alpha1.sin * beta1.sin)
        let (distance, reducedLength) = lengths(
            eps: epsilon(cosAlpha0: cosAlpha0), sigma12: sigma12, from: sigma1, to: sigma2)
        return (
            CanonicalSolution(distance: distance, reducedLength: reducedLength, alpha1: alpha1, alpha2: north),
            sigma12
        )
    }

    /// `x` if positive, otherwise +0 (never −0, which would turn atan2(±0, −1) into −π).
    private func positive(_ x: Double) -> Double {
        x > 0 ? x : 0
    }

    /// Everything that one trial azimuth α1 gives along its geodesic from β1 to latitude β2.
    private struct Trial {
        var alpha1: Direction
        var alpha2: Direction
        var sigma1: Direction
        var sigma2: Direction
        var sigma12: Double
        var eps: Double
        /// λ12(α1) minus the wanted λ12, in radians.
        var lambdaError: Double
        /// dλ12/dα1 = m12 / (a cos α2 cos β2), NaN where it is undefined.
        var slope: Double
    }

    private func trial(alpha1 a1: Direction, beta1: Direction, beta2: Direction, target: Direction) -> Trial {
        let sinAlpha0 = a1.sin * beta1.cos
        let cosAlpha0 = hypot(a1.cos, a1.sin * beta1.sin)
        // cos α2 cos β2 = √(cos²α1 cos²β1 + cos²β2 − cos²β1), the difference written to avoid
        // cancellation.
        let cos2Difference =
            beta1.cos < -beta1.sin
            ? (beta2.cos - beta1.cos) * (beta2.cos + beta1.cos)
            : (beta1.sin - beta2.sin) * (beta1.sin + beta2.sin)
        let cosAlpha2Beta2 = (a1.cos * a1.cos * beta1.cos * beta1.cos + cos2Difference).squareRoot()
        let a2 = Direction(sin: sinAlpha0, cos: cosAlpha2Beta2)
        let sigma1 = Direction(sin: beta1.sin, cos: a1.cos * beta1.cos)
        let sigma2 = Direction(sin: beta2.sin, cos: cosAlpha2Beta2)
        let sigma12 = atan2(
            positive(sigma1.cos * sigma2.sin - sigma1.sin * sigma2.cos),
            sigma1.cos * sigma2.cos + sigma1.sin * sigma2.sin)
        // ω, longitude on the auxiliary sphere: tan ω = sin α0 tan σ.
        let sinOmega12 = positive(sigma1.cos * sinAlpha0 * sigma2.sin - sinAlpha0 * sigma1.sin * sigma2.cos)
        let cosOmega12 = sigma1.cos * sigma2.cos + sinAlpha0 * sinAlpha0 * sigma1.sin * sigma2.sin
        let omegaMinusTarget = atan2(
            sinOmega12 * target.cos - cosOmega12 * target.sin, cosOmega12 * target.cos + sinOmega12 * target.sin)
        let eps = epsilon(cosAlpha0: cosAlpha0)
        let lambdaError =
            omegaMinusTarget
            - longitudeCorrection(sinAlpha0: sinAlpha0, eps: eps, sigma12: sigma12, from: sigma1, to: sigma2)
        let slope: Double
        if a2.cos > 0 {
            let m12 = lengths(eps: eps, sigma12: sigma12, from: sigma1, to: sigma2).reducedLength
            slope = m12 / (equatorialRadius * a2.cos * beta2.cos)
        } else {
            slope = .nan
        }
        return Trial(
            alpha1: a1, alpha2: a2, sigma1: sigma1, sigma2: sigma2, sigma12: sigma12, eps: eps,
            lambdaError: lambdaError, slope: slope)
    }

    /// Solves λ12(α1) = λ12 by Newton's method on α1 in [0, π], as the paper does, keeping
    /// a bracket of the root and bisecting whenever a Newton step would leave it, so that the
    /// iteration converges from any start, nearly antipodal points included. α1 is carried as
    /// its sine and cosine: near 90° on the equator λ12 is so sensitive to α1 that the angle in
    /// radians could not be resolved finely enough.
    private func newton(from start: Direction, beta1: Direction, beta2: Direction, target: Direction)
        -> CanonicalSolution
    {
        var alpha1 = start.sin >= 0 ? start : Direction(degrees: 90)
        var below = Direction(degrees: 0)
        var above = Direction(degrees: 180)
        var current = trial(alpha1: alpha1, beta1: beta1, beta2: beta2, target: target)
        var converging = false
        for _ in 0..<Self.maximumIterations {
            let error = current.lambdaError
            if error == 0 || converging { break }
            if error > 0 { above = alpha1 } else { below = alpha1 }
            converging = abs(error) <= Self.tolerance
            let step = -error / current.slope
            var next = alpha1.rotated(by: step)
            if !(abs(step) < Double.pi && below.precedes(next) && next.precedes(above)) {
                // Within the tolerance a step that leaves the bracket is lost in rounding.
                if converging { break }
                next = below.bisector(above)
            }
            alpha1 = next
            current = trial(alpha1: alpha1, beta1: beta1, beta2: beta2, target: target)
        }
        let (distance, reducedLength) = lengths(
            eps: current.eps, sigma12: current.sigma12, from: current.sigma1, to: current.sigma2)
        return CanonicalSolution(
            distance: distance, reducedLength: reducedLength, alpha1: current.alpha1, alpha2: current.alpha2)
    }

    /// The iteration alone, started from `startingBearing` (degrees in [0, 180]) for the
    /// canonical problem (φ1 ≤ 0, |φ2| ≤ |φ1|, λ12 in [0°, 180°]); tests use it to show that
    /// the bracket and bisection recover from a poor start.
    func iterate(latitude1: Double, latitude2: Double, lambda12: Double, startingBearing: Double) -> InverseSolution {
        let solution = newton(
            from: Direction(degrees: startingBearing), beta1: reducedLatitude(degrees: latitude1),
            beta2: reducedLatitude(degrees: latitude2), target: Direction(degrees: lambda12))
        return InverseSolution(
            distance: solution.distance, initialBearing: solution.alpha1.bearing,
            finalBearing: solution.alpha2.bearing, reducedLength: solution.reducedLength)
    }

    /// Residual in λ12 (radians) below which one more Newton step is taken and the iteration ends.
    private static let tolerance = 16 * Double.ulpOfOne
    /// Newton converges in a handful of steps; bisection alone needs about 60 to exhaust a double.
    private static let maximumIterations = 100

    /// What the starting guess gives: an azimuth to refine, or, for a very short line, the
    /// solution itself.
    private enum Start {
        case azimuth(Direction)
        case solved(CanonicalSolution)
    }

    /// The paper's starting guesses for α1: the great circle on a sphere whose radius
    /// suits the mean latitude, or, near the antipode, the solution of the astroid problem.
    /// For a line shorter than `shortLineArc` the great circle is the answer: its
    /// error is far below rounding there, while Newton's method could no longer resolve λ12.
    private func start(beta1: Direction, beta2: Direction, target: Direction, lambda12: Double) -> Start {
        let sinBeta12 = beta2.sin * beta1.cos - beta2.cos * beta1.sin
        let cosBeta12 = beta2.cos * beta1.cos + beta2.sin * beta1.sin
        let sinBetaSum = beta2.sin * beta1.cos + beta2.cos * beta1.sin
        let isShort = cosBeta12 >= 0 && sinBeta12 < 0.5 && beta2.cos * lambda12 < 0.5
        var omega12 = target
        var w = 1.0
        if isShort {
            // ω12 = λ12 / w̄ with w̄ = √(1 − e² cos²β̄), β̄ the mean reduced latitude.
            let mean = Direction(sin: beta1.sin + beta2.sin, cos: beta1.cos + beta2.cos)
            w = (1 - eccentricitySquared * mean.cos * mean.cos).squareRoot()
            let omega = min(lambda12 / w, Double.pi)
            omega12 = Direction(sin: sin(omega), cos: cos(omega))
        }
        // Spherical azimuth and arc, arranged to avoid cancellation.
        let sinSquared = omega12.sin * omega12.sin
        let sinAlpha1 = beta2.cos * omega12.sin
        let cosAlpha1 =
            omega12.cos >= 0
            ? sinBeta12 + beta2.cos * beta1.sin * sinSquared / (1 + omega12.cos)
            : sinBetaSum - beta2.cos * beta1.sin * sinSquared / (1 - omega12.cos)
        let sinSigma12 = hypot(sinAlpha1, cosAlpha1)
        let cosSigma12 = beta1.sin * beta2.sin + beta1.cos * beta2.cos * omega12.cos
        if isShort && sinSigma12 < Self.shortLineArc {
            let sigma12 = atan2(sinSigma12, cosSigma12)
            let alpha2 = Direction(
                sin: beta1.cos * omega12.sin,
                cos: sinBeta12 - beta1.cos * beta2.sin * sinSquared / (1 + omega12.cos))
            return .solved(
                CanonicalSolution(
                    distance: equatorialRadius * w * sigma12, reducedLength: equatorialRadius * w * sin(sigma12),
                    alpha1: Direction(sin: sinAlpha1, cos: cosAlpha1), alpha2: alpha2))
        }
        let antipodalScale = flattening * Double.pi * beta1.cos * beta1.cos
        if cosSigma12 < 0 && sinSigma12 < 6 * antipodalScale {
            return .azimuth(astroidAzimuth(beta1: beta1, sinBetaSum: sinBetaSum, target: target))
        }
        return .azimuth(Direction(sin: sinAlpha1, cos: cosAlpha1))
    }

    /// 1e-6 rad of arc, about 6 m. Compared with the full solution, the great-circle answer is
    /// off by about 1e-8 m at 1e-4 rad and shrinks with the cube of the arc, so below this it is
    /// exact to rounding (under 1e-9 m); above it λ12 is resolved well enough for Newton's method.
    private static let shortLineArc = 1e-6

    /// Near the antipode the geodesics from point 1 are, to first order in f, straight lines
    /// tangent to an astroid; the one through point 2 gives α1.
    private func astroidAzimuth(beta1: Direction, sinBetaSum: Double, target: Direction) -> Direction {
        let cosAlpha0 = abs(beta1.sin)
        let lambdaScale =
            flattening * beta1.cos * Double.pi
            * GeodesicSeries.polynomial(a3, at: epsilon(cosAlpha0: cosAlpha0))
        let x = atan2(-target.sin, -target.cos) / lambdaScale
        let y = sinBetaSum / (lambdaScale * beta1.cos)
        if y == 0 && x >= -1 {
            return Direction(sin: -x, cos: -(max(0, 1 - x * x)).squareRoot())
        }
        let mu = Self.astroidRoot(x: x, y: y)
        return Direction(sin: -x / (1 + mu), cos: y / mu)
    }

    /// The positive root μ of μ⁴ + 2μ³ + (1 − x² − y²)μ² − 2y²μ − y² = 0, that is of
    /// x²/(1 + μ)² + y²/μ² = 1. The left side falls and is convex for μ > 0, so
    /// Newton's method started left of the root climbs to it without overshooting.
    static func astroidRoot(x: Double, y: Double) -> Double {
        let x2 = x * x
        let y2 = y * y
        var mu = max(abs(y), abs(x) - 1)
        for _ in 0..<maximumIterations {
            let p = 1 + mu
            let value = x2 / (p * p) + y2 / (mu * mu) - 1
            let slope = -2 * x2 / (p * p * p) - 2 * y2 / (mu * mu * mu)
            let next = mu - value / slope
            if !(next > mu) { break }
            mu = next
        }
        return mu
    }
}
