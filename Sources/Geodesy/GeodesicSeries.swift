/// The series of Karney (2013), "Algorithms for geodesics", J. Geodesy 87, 43–55, carried to
/// sixth order in ε (and, for I3, in the third flattening n together with ε).
///
/// Each integral along a geodesic is written as `A·(σ + Σ C_l sin 2lσ)`. With
/// k² = e′² cos²α₀ and ε = (√(1 + k²) − 1)/(√(1 + k²) + 1):
/// - I1(σ) = ∫ √(1 + k² sin²σ) dσ gives the distance, s = b·I1;
/// - τ = I1(σ)/A1 is inverted by σ = τ + Σ C′_l sin 2lτ;
/// - I2(σ) = ∫ dσ / √(1 + k² sin²σ) enters the reduced length;
/// - I3(σ) = ∫ (2 − f) / (1 + (1 − f)√(1 + k² sin²σ)) dσ gives the longitude.
///
/// The tests also solve geodesics on an ellipsoid with f = 1/10 against geographiclib: there
/// every coefficient here, down to the sixth-order ones, changes the answer measurably.
enum GeodesicSeries {
    /// A1 − 1, kept apart from 1 so that A1 − A2 loses nothing.
    static func a1Minus1(_ eps: Double) -> Double {
        let e2 = eps * eps
        let even = e2 * (e2 * (e2 + 4) + 64) / 256
        return (even + eps) / (1 - eps)
    }

    /// C1_l for l = 1…6.
    static func c1(_ eps: Double) -> [Double] {
        let e2 = eps * eps
        let e3 = e2 * eps
        let e4 = e2 * e2
        let e5 = e4 * eps
        let e6 = e3 * e3
        return [
            eps * (-1.0 / 2 + e2 * (3.0 / 16 - e2 / 32)),
            e2 * (-1.0 / 16 + e2 * (1.0 / 32 - e2 * 9 / 2048)),
            e3 * (-1.0 / 48 + e2 * 3 / 256),
            e4 * (-5.0 / 512 + e2 * 3 / 512),
            e5 * (-7.0 / 1280),
            e6 * (-7.0 / 2048),
        ]
    }

    /// C′1_l for l = 1…6, the coefficients of the reverted series.
    static func c1Reverted(_ eps: Double) -> [Double] {
        let e2 = eps * eps
        let e3 = e2 * eps
        let e4 = e2 * e2
        let e5 = e4 * eps
        let e6 = e3 * e3
        return [
            eps * (1.0 / 2 + e2 * (-9.0 / 32 + e2 * 205 / 1536)),
            e2 * (5.0 / 16 + e2 * (-37.0 / 96 + e2 * 1335 / 4096)),
            e3 * (29.0 / 96 + e2 * (-75.0 / 128)),
            e4 * (539.0 / 1536 + e2 * (-2391.0 / 2560)),
            e5 * (3467.0 / 7680),
            e6 * (38081.0 / 61440),
        ]
    }

    /// A2 − 1, with A2 = (1 − ¾ε² − 7/64 ε⁴ − 11/256 ε⁶) / (1 + ε).
    static func a2Minus1(_ eps: Double) -> Double {
        let e2 = eps * eps
        let even = e2 * (e2 * (-11 * e2 - 28) - 192) / 256
        return (even - eps) / (1 + eps)
    }

    /// C2_l for l = 1…6.
    static func c2(_ eps: Double) -> [Double] {
        let e2 = eps * eps
        let e3 = e2 * eps
        let e4 = e2 * e2
        let e5 = e4 * eps
        let e6 = e3 * e3
        return [
            eps * (1.0 / 2 + e2 * (1.0 / 16 + e2 / 32)),
            e2 * (3.0 / 16 + e2 * (1.0 / 32 + e2 * 35 / 2048)),
            e3 * (5.0 / 48 + e2 * 5 / 256),
            e4 * (35.0 / 512 + e2 * 7 / 512),
            e5 * (63.0 / 1280),
            e6 * (77.0 / 2048),
        ]
    }

    /// Coefficients of ε⁰…ε⁵ in A3 for third flattening `n`.
    static func a3Polynomial(n: Double) -> [Double] {
        [
            1,
            -(1.0 / 2 - n / 2),
            -(1.0 / 4 + n * (1.0 / 8 - n * 3 / 8)),
            -(1.0 / 16 + n * (3.0 / 16 + n / 16)),
            -(3.0 / 64 + n / 32),
            -3.0 / 128,
        ]
    }

    /// For l = 1…5, the coefficients of ε⁰…ε⁵ in C3_l for third flattening `n`.
    static func c3Polynomials(n: Double) -> [[Double]] {
        [
            [
                0, 1.0 / 4 - n / 4, 1.0 / 8 - n * n / 8, 3.0 / 64 + n * (3.0 / 64 - n / 64), 5.0 / 128 + n / 64,
                3.0 / 128,
            ],
            [
                0, 0, 1.0 / 16 + n * (-3.0 / 32 + n / 32), 3.0 / 64 + n * (-1.0 / 32 - n * 3 / 64), 3.0 / 128 + n / 128,
                5.0 / 256,
            ],
            [0, 0, 0, 5.0 / 192 + n * (-3.0 / 64 + n * 5 / 192), 3.0 / 128 - n * 5 / 192, 7.0 / 512],
            [0, 0, 0, 0, 7.0 / 512 - n * 7 / 256, 7.0 / 512],
            [0, 0, 0, 0, 0, 21.0 / 2560],
        ]
    }

    /// The polynomial with `coefficients` (constant term first) at `x`, by Horner's rule.
    static func polynomial(_ coefficients: [Double], at x: Double) -> Double {
        coefficients.reversed().reduce(0) { $0 * x + $1 }
    }

    /// Σ c[l−1]·sin(2lσ) for l = 1…c.count, by Clenshaw's recurrence, given sin σ and cos σ of
    /// unit length.
    static func sineSum(_ c: [Double], sin s: Double, cos co: Double) -> Double {
        let twiceCos2Sigma = 2 * (co - s) * (co + s)
        var next = 0.0
        var afterNext = 0.0
        for coefficient in c.reversed() {
            (next, afterNext) = (coefficient + twiceCos2Sigma * next - afterNext, next)
        }
        return next * 2 * s * co
    }
}
