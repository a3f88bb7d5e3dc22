import Foundation

/// The Moon's geocentric position from the truncated ELP-2000/82 series of Meeus ch. 47
/// (about 10″ in longitude, 4″ in latitude), for the almanac of T14.
enum LunarCoordinates {
    /// Earth equatorial radius, km.
    static let earthRadiusKm = 6378.137
    /// The Moon's mean radius in Earth equatorial radii.
    static let radiusInEarthRadii = 1737.4 / 6378.137

    /// One periodic term: multiples of D, M, M′, F and coefficients (1e−6 degree, 1e−3 km).
    struct Term {
        let d: Int
        let m: Int
        let mp: Int
        let f: Int
        let sine: Double
        let cosine: Double

        init(_ d: Int, _ m: Int, _ mp: Int, _ f: Int, _ sine: Double, _ cosine: Double = 0) {
            (self.d, self.m, self.mp, self.f, self.sine, self.cosine) = (d, m, mp, f, sine, cosine)
        }
    }

    /// The fundamental arguments of one instant (radians) with the sines and cosines of their
    /// multiples, so that each periodic term costs three complex products instead of a sine
    /// and a cosine.
    struct Arguments {
        let meanLongitude: Double
        let latitudeArgument: Double
        let moonAnomaly: Double
        let eccentricity: Double
        let a1: Double
        let a2: Double
        let a3: Double
        /// cos and sin of k·D, k·M, k·M′, k·F for k = −4…4: row r, multiple k at r·9 + k + 4.
        private var harmonics: [(cos: Double, sin: Double)]

        init(centuriesTT t: Double) {
            let t2 = t * t
            let t3 = t2 * t
            let t4 = t3 * t
            meanLongitude =
                (218.3164477 + 481267.88123421 * t - 0.0015786 * t2 + t3 / 538_841 - t4 / 65_194_000) * degree
            let elongation =
                (297.8501921 + 445267.1114034 * t - 0.0018819 * t2 + t3 / 545_868 - t4 / 113_065_000) * degree
            let sunAnomaly = (357.5291092 + 35999.0502909 * t - 0.0001536 * t2 + t3 / 24_490_000) * degree
            moonAnomaly = (134.9633964 + 477198.8675055 * t + 0.0087414 * t2 + t3 / 69_699 - t4 / 14_712_000) * degree
            latitudeArgument =
                (93.2720950 + 483202.0175233 * t - 0.0036539 * t2 - t3 / 3_526_000 + t4 / 863_310_000) * degree
            eccentricity = 1 - 0.002516 * t - 0.0000074 * t2
            a1 = (119.75 + 131.849 * t) * degree
            a2 = (53.09 + 479264.290 * t) * degree
            a3 = (313.45 + 481266.484 * t) * degree
            harmonics = Array(repeating: (1, 0), count: 36)
            for (row, angle) in [elongation, sunAnomaly, moonAnomaly, latitudeArgument].enumerated() {
                let base = (cos: cos(angle), sin: sin(angle))
                for k in 1...4 {
                    let previous = harmonics[row * 9 + k + 3]
                    let next = (
                        cos: previous.cos * base.cos - previous.sin * base.sin,
                        sin: previous.sin * base.cos + previous.cos * base.sin
                    )
                    harmonics[row * 9 + k + 4] = next
                    harmonics[row * 9 - k + 4] = (next.cos, -next.sin)
                }
            }
        }

        /// cos and sin of the term's argument, times E or E² for terms in M.
        func evaluate(_ term: Term) -> (cos: Double, sin: Double) {
            let d = harmonics[term.d + 4]
            let m = harmonics[9 + term.m + 4]
            let mp = harmonics[18 + term.mp + 4]
            let f = harmonics[27 + term.f + 4]
            let c1 = d.cos * m.cos - d.sin * m.sin
            let s1 = d.sin * m.cos + d.cos * m.sin
            let c2 = mp.cos * f.cos - mp.sin * f.sin
            let s2 = mp.sin * f.cos + mp.cos * f.sin
            let e = term.m == 0 ? 1 : term.m == 1 || term.m == -1 ? eccentricity : eccentricity * eccentricity
            return (e * (c1 * c2 - s1 * s2), e * (s1 * c2 + c1 * s2))
        }
    }

    /// Rates of D, M, M′, F in radians per Julian century.
    private static let argumentRates = [445267.1114034, 35999.0502909, 477198.8675055, 483202.0175233].map {
        $0 * degree
    }

    /// Geocentric ecliptic longitude (radians, mean equinox of date, no nutation) and its rate
    /// in radians per Julian century.
    static func longitude(centuriesTT t: Double) -> (value: Double, rate: Double) {
        let a = Arguments(centuriesTT: t)
        var sum = 0.0
        var rate = 0.0
        let r = argumentRates
        for term in longitudeDistanceTerms {
            let value = a.evaluate(term)
            sum += term.sine * value.sin
            let speed = Double(term.d) * r[0] + Double(term.m) * r[1] + Double(term.mp) * r[2] + Double(term.f) * r[3]
            rate += term.sine * value.cos * speed
        }
        rate +=
            3958 * cos(a.a1) * 131.849 * degree
            + 1962 * cos(a.meanLongitude - a.latitudeArgument) * -1934.1361849 * degree
            + 318 * cos(a.a2) * 479264.290 * degree
        return (
            a.meanLongitude + longitudeAdditions(a, sum) * 1e-6 * degree,
            (481267.88123421 + rate * 1e-6) * degree
        )
    }

    /// Geocentric ecliptic longitude and latitude (radians, no nutation) and distance (km).
    static func position(centuriesTT t: Double) -> (longitude: Double, latitude: Double, distance: Double) {
        let a = Arguments(centuriesTT: t)
        var sumL = 0.0
        var sumR = 0.0
        var sumB = 0.0
        for term in longitudeDistanceTerms {
            let value = a.evaluate(term)
            sumL += term.sine * value.sin
            sumR += term.cosine * value.cos
        }
        for term in latitudeTerms {
            sumB += term.sine * a.evaluate(term).sin
        }
        sumB +=
            -2235 * sin(a.meanLongitude) + 382 * sin(a.a3) + 175 * sin(a.a1 - a.latitudeArgument)
            + 175 * sin(a.a1 + a.latitudeArgument) + 127 * sin(a.meanLongitude - a.moonAnomaly)
            - 115 * sin(a.meanLongitude + a.moonAnomaly)
        return (
            a.meanLongitude + longitudeAdditions(a, sumL) * 1e-6 * degree,
            sumB * 1e-6 * degree,
            385_000.56 + sumR / 1000
        )
    }

    private static func longitudeAdditions(_ a: Arguments, _ sum: Double) -> Double {
        sum + 3958 * sin(a.a1) + 1962 * sin(a.meanLongitude - a.latitudeArgument) + 318 * sin(a.a2)
    }

    /// Apparent geocentric equatorial vector of date, Earth radii.
    static func apparentVector(centuriesTT t: Double, orientation: EarthOrientation) -> Vector3 {
        let p = position(centuriesTT: t)
        return orientation.equatorial(
            longitude: p.longitude + orientation.nutationLongitude, latitude: p.latitude,
            distance: p.distance / earthRadiusKm)
    }

    /// Meeus table 47.A: D, M, M′, F, Σl (1e−6°), Σr (1e−3 km).
    static let longitudeDistanceTerms: [Term] = [
        Term(0, 0, 1, 0, 6_288_774, -20_905_355), Term(2, 0, -1, 0, 1_274_027, -3_699_111),
        Term(2, 0, 0, 0, 658314, -2_955_968), Term(0, 0, 2, 0, 213618, -569925),
        Term(0, 1, 0, 0, -185116, 48888), Term(0, 0, 0, 2, -114332, -3149),
        Term(2, 0, -2, 0, 58793, 246158), Term(2, -1, -1, 0, 57066, -152138),
        Term(2, 0, 1, 0, 53322, -170733), Term(2, -1, 0, 0, 45758, -204586),
        Term(0, 1, -1, 0, -40923, -129620), Term(1, 0, 0, 0, -34720, 108743),
        Term(0, 1, 1, 0, -30383, 104755), Term(2, 0, 0, -2, 15327, 10321),
        Term(0, 0, 1, 2, -12528, 0), Term(0, 0, 1, -2, 10980, 79661),
        Term(4, 0, -1, 0, 10675, -34782), Term(0, 0, 3, 0, 10034, -23210),
        Term(4, 0, -2, 0, 8548, -21636), Term(2, 1, -1, 0, -7888, 24208),
        Term(2, 1, 0, 0, -6766, 30824), Term(1, 0, -1, 0, -5163, -8379),
        Term(1, 1, 0, 0, 4987, -16675), Term(2, -1, 1, 0, 4036, -12831),
        Term(2, 0, 2, 0, 3994, -10445), Term(4, 0, 0, 0, 3861, -11650),
        Term(2, 0, -3, 0, 3665, 14403), Term(0, 1, -2, 0, -2689, -7003),
        Term(2, 0, -1, 2, -2602, 0), Term(2, -1, -2, 0, 2390, 10056),
        Term(1, 0, 1, 0, -2348, 6322), Term(2, -2, 0, 0, 2236, -9884),
        Term(0, 1, 2, 0, -2120, 5751), Term(0, 2, 0, 0, -2069, 0),
        Term(2, -2, -1, 0, 2048, -4950), Term(2, 0, 1, -2, -1773, 4130),
        Term(2, 0, 0, 2, -1595, 0), Term(4, -1, -1, 0, 1215, -3958),
        Term(0, 0, 2, 2, -1110, 0), Term(3, 0, -1, 0, -892, 3258),
        Term(2, 1, 1, 0, -810, 2616), Term(4, -1, -2, 0, 759, -1897),
        Term(0, 2, -1, 0, -713, -2117), Term(2, 2, -1, 0, -700, 2354),
        Term(2, 1, -2, 0, 691, 0), Term(2, -1, 0, -2, 596, 0),
        Term(4, 0, 1, 0, 549, -1423), Term(0, 0, 4, 0, 537, -1117),
        Term(4, -1, 0, 0, 520, -1571), Term(1, 0, -2, 0, -487, -1739),
        Term(2, 1, 0, -2, -399, 0), Term(0, 0, 2, -2, -381, -4421),
        Term(1, 1, 1, 0, 351, 0), Term(3, 0, -2, 0, -340, 0),
        Term(4, 0, -3, 0, 330, 0), Term(2, -1, 2, 0, 327, 0),
        Term(0, 2, 1, 0, -323, 1165), Term(1, 1, -1, 0, 299, 0),
        Term(2, 0, 3, 0, 294, 0), Term(2, 0, -1, -2, 0, 8752),
    ]

    /// Meeus table 47.B: D, M, M′, F, Σb (1e−6°).
    static let latitudeTerms: [Term] = [
        Term(0, 0, 0, 1, 5_128_122), Term(0, 0, 1, 1, 280602), Term(0, 0, 1, -1, 277693),
        Term(2, 0, 0, -1, 173237), Term(2, 0, -1, 1, 55413), Term(2, 0, -1, -1, 46271),
        Term(2, 0, 0, 1, 32573), Term(0, 0, 2, 1, 17198), Term(2, 0, 1, -1, 9266),
        Term(0, 0, 2, -1, 8822), Term(2, -1, 0, -1, 8216), Term(2, 0, -2, -1, 4324),
        Term(2, 0, 1, 1, 4200), Term(2, 1, 0, -1, -3359), Term(2, -1, -1, 1, 2463),
        Term(2, -1, 0, 1, 2211), Term(2, -1, -1, -1, 2065), Term(0, 1, -1, -1, -1870),
        Term(4, 0, -1, -1, 1828), Term(0, 1, 0, 1, -1794), Term(0, 0, 0, 3, -1749),
        Term(0, 1, -1, 1, -1565), Term(1, 0, 0, 1, -1491), Term(0, 1, 1, 1, -1475),
        Term(0, 1, 1, -1, -1410), Term(0, 1, 0, -1, -1344), Term(1, 0, 0, -1, -1335),
        Term(0, 0, 3, 1, 1107), Term(4, 0, 0, -1, 1021), Term(4, 0, -1, 1, 833),
        Term(0, 0, 1, -3, 777), Term(4, 0, -2, 1, 671), Term(2, 0, 0, -3, 607),
        Term(2, 0, 2, -1, 596), Term(2, -1, 1, -1, 491), Term(2, 0, -2, 1, -451),
        Term(0, 0, 3, -1, 439), Term(2, 0, 2, 1, 422), Term(2, 0, -3, -1, 421),
        Term(2, 1, -1, 1, -366), Term(2, 1, 0, 1, -351), Term(4, 0, 0, 1, 331),
        Term(2, -1, 1, 1, 315), Term(2, -2, 0, -1, 302), Term(0, 0, 1, 3, -283),
        Term(2, 1, 1, -1, -229), Term(1, 1, 0, -1, 223), Term(1, 1, 0, 1, 223),
        Term(0, 1, -2, -1, -220), Term(2, 1, -1, -1, -220), Term(1, 0, 1, 1, -185),
        Term(2, -1, -2, -1, 181), Term(0, 1, 2, 1, -177), Term(4, 0, -2, -1, 176),
        Term(4, -1, -1, -1, 166), Term(1, 0, 1, -1, -164), Term(4, 0, 1, -1, 132),
        Term(1, 0, -1, -1, -119), Term(4, -1, 0, -1, 115), Term(2, -2, 0, 1, 107),
    ]
}
