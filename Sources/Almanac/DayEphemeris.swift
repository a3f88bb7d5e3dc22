import Foundation

/// The Sun's and Moon's apparent geocentric positions over one local day, evaluated at a few
/// Chebyshev nodes and interpolated in between, with the observer's horizon geometry (T14).
///
/// Six nodes over a day of up to 25 hours interpolate the lunar vector to better than 0.1″, so
/// the expensive series run six times a day instead of at every sample of the event search.
struct DayEphemeris {
    let start: Double
    let end: Double
    let orientation: EarthOrientation
    private let nodes: [Double]
    private let weights: [Double]
    private let sunNodes: [Vector3]
    private let moonNodes: [Vector3]
    private let observer: Observer
    private let siderealAtStart: Double

    static let nodeCount = 6

    init(start: Double, end: Double, latitude: Double, longitude: Double) {
        self.start = start
        self.end = end
        orientation = EarthOrientation(centuriesTT: AstronomicalTime.centuriesTT(ut: (start + end) / 2))
        let count = Self.nodeCount
        var nodes: [Double] = []
        var weights: [Double] = []
        var sun: [Vector3] = []
        var moon: [Vector3] = []
        for j in 0..<count {
            let angle = Double(2 * j + 1) * Double.pi / Double(2 * count)
            let time = (start + end) / 2 + (end - start) / 2 * cos(angle)
            let t = AstronomicalTime.centuriesTT(ut: time)
            nodes.append(time)
            weights.append((j % 2 == 0 ? 1 : -1) * sin(angle))
            sun.append(SolarCoordinates.apparentVector(centuriesTT: t, orientation: orientation))
            moon.append(LunarCoordinates.apparentVector(centuriesTT: t, orientation: orientation))
        }
        (self.nodes, self.weights, sunNodes, moonNodes) = (nodes, weights, sun, moon)
        observer = Observer(latitude: latitude, longitude: longitude)
        let equationOfEquinoxes = orientation.nutationLongitude * cos(orientation.obliquity)
        siderealAtStart =
            AstronomicalTime.meanSiderealDegrees(ut: start) * degree + equationOfEquinoxes
            + longitude * degree
    }

    /// Geocentric Sun vector at `time` (Earth radii).
    func sun(at time: Double) -> Vector3 { interpolate(sunNodes, at: time) }

    /// Geocentric Moon vector at `time` (Earth radii).
    func moon(at time: Double) -> Vector3 { interpolate(moonNodes, at: time) }

    /// Local apparent sidereal time in radians (not reduced).
    func localSidereal(at time: Double) -> Double {
        siderealAtStart + AstronomicalTime.siderealRate * degree * (time - start)
    }

    /// Sine of the Sun's topocentric altitude (centre, no refraction).
    func sunSineAltitude(at time: Double) -> Double {
        sineAltitude(of: sun(at: time), at: time)
    }

    /// Sine of the topocentric altitude of a body with this geocentric vector.
    func sineAltitude(of geocentric: Vector3, at time: Double) -> Double {
        observer.sineAltitude(of: geocentric, sidereal: localSidereal(at: time))
    }

    /// Topocentric altitude of the Moon's upper limb in degrees, without refraction.
    func moonLimbAltitude(at time: Double) -> Double {
        let sidereal = localSidereal(at: time)
        let topocentric = observer.topocentric(moon(at: time), cos: cos(sidereal), sin: sin(sidereal))
        return (asin(topocentric.sineAltitude) + asin(LunarCoordinates.radiusInEarthRadii / topocentric.distance))
            / degree
    }

    /// Geocentric hour angle in degrees, −180..<180, of a body with this vector.
    func hourAngle(of vector: Vector3, at time: Double) -> Double {
        signedDegrees((localSidereal(at: time) - atan2(vector.y, vector.x)) / degree)
    }

    private func interpolate(_ values: [Vector3], at time: Double) -> Vector3 {
        var sx = 0.0
        var sy = 0.0
        var sz = 0.0
        var sw = 0.0
        for j in 0..<nodes.count {
            let difference = time - nodes[j]
            if difference == 0 { return values[j] }
            let w = weights[j] / difference
            sx += w * values[j].x
            sy += w * values[j].y
            sz += w * values[j].z
            sw += w
        }
        return Vector3(x: sx / sw, y: sy / sw, z: sz / sw)
    }
}

/// A place on the WGS84 ellipsoid at sea level: its zenith and its geocentric position.
struct Observer {
    private let sinLatitude: Double
    private let cosLatitude: Double
    private let rhoSinPhi: Double
    private let rhoCosPhi: Double

    init(latitude: Double, longitude: Double) {
        let flattening = 1 / 298.257223563
        let phi = latitude * degree
        let u = atan((1 - flattening) * tan(phi))
        sinLatitude = sin(phi)
        cosLatitude = cos(phi)
        rhoSinPhi = (1 - flattening) * sin(u)
        rhoCosPhi = cos(u)
    }

    /// Sine of the topocentric altitude of a body with this geocentric vector.
    func sineAltitude(of geocentric: Vector3, sidereal: Double) -> Double {
        topocentric(geocentric, cos: cos(sidereal), sin: sin(sidereal)).sineAltitude
    }

    /// Distance from the observer and sine of the altitude, given the local sidereal time's
    /// cosine and sine.
    func topocentric(_ geocentric: Vector3, cos c: Double, sin s: Double) -> (distance: Double, sineAltitude: Double) {
        let topocentric = Vector3(
            x: geocentric.x - rhoCosPhi * c, y: geocentric.y - rhoCosPhi * s,
            z: geocentric.z - rhoSinPhi)
        let up = topocentric.x * cosLatitude * c + topocentric.y * cosLatitude * s + topocentric.z * sinLatitude
        let distance = topocentric.length
        return (distance, up / distance)
    }
}
