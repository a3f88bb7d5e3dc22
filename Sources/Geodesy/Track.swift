import Foundation

/// Measures and simplifies a trip's track (issue 34 §3; T9, T10): its geodesic length on the
/// WGS 84 ellipsoid, how long it took and how much of that was spent moving, and the points that
/// keep its shape within a tolerance (Douglas–Peucker), so a long recording is stored compactly.
public enum Track {
    /// What a track measures.
    public struct Measures: Sendable, Equatable {
        /// Along the track, on the ellipsoid.
        public var meters: Double
        /// From the first point's time to the last's; nil for a track without times.
        public var seconds: Double?
        /// The time spent on legs covered at ``movingSpeed`` or faster, each shorter than
        /// ``longestLeg``; nil without times.
        public var movingSeconds: Double?

        /// The average speed while moving, metres per second; nil when it never moved.
        public var movingMetersPerSecond: Double? {
            guard let movingSeconds, movingSeconds > 0 else { return nil }
            return movingMeters / movingSeconds
        }

        /// The metres covered on the moving legs.
        public var movingMeters: Double

        public init(meters: Double, seconds: Double?, movingSeconds: Double?, movingMeters: Double) {
            self.meters = meters
            self.seconds = seconds
            self.movingSeconds = movingSeconds
            self.movingMeters = movingMeters
        }
    }

    /// Slower than this (about 1 km/h) the angler is standing or anchored, not moving.
    public static let movingSpeed = 0.3
    /// A leg longer than this (five minutes) is a pause in the recording, not movement.
    public static let longestLeg = 300.0

    /// The measures of `points`, with each point's time in seconds when `times` is given (one
    /// per point, never decreasing).
    public static func measure(_ points: [Coordinate], times: [Double]?) -> Measures {
        var meters = 0.0
        var movingSeconds = 0.0
        var movingMeters = 0.0
        for index in points.indices.dropFirst() {
            let leg = Geodesic.inverse(from: points[index - 1], to: points[index]).meters
            meters += leg
            if let times {
                let seconds = times[index] - times[index - 1]
                if seconds > 0, seconds <= longestLeg, leg / seconds >= movingSpeed {
                    movingSeconds += seconds
                    movingMeters += leg
                }
            }
        }
        let span = times.flatMap { times in times.last.map { $0 - times[0] } }
        return Measures(
            meters: meters, seconds: span, movingSeconds: times == nil ? nil : movingSeconds,
            movingMeters: movingMeters)
    }

    /// The indexes of the points that keep the track within `toleranceMeters` of every point
    /// left out (Douglas–Peucker on a plane tangent at each stretch's middle, which is exact to
    /// well under a centimetre over the kilometres of a trip); the first and the last are kept.
    public static func simplified(_ points: [Coordinate], toleranceMeters: Double) -> [Int] {
        guard points.count > 2 else { return Array(points.indices) }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var stretches = [(0, points.count - 1)]
        while let (first, last) = stretches.popLast() {
            guard last - first > 1 else { continue }
            let plane = TangentPlane(at: points[(first + last) / 2])
            let (a, b) = (plane.project(points[first]), plane.project(points[last]))
            var farthest = (index: first, meters: -1.0)
            for index in first + 1..<last {
                let meters = plane.distance(plane.project(points[index]), fromSegment: a, b)
                if meters > farthest.meters { farthest = (index, meters) }
            }
            if farthest.meters > toleranceMeters {
                keep[farthest.index] = true
                stretches.append((first, farthest.index))
                stretches.append((farthest.index, last))
            }
        }
        return keep.indices.filter { keep[$0] }
    }
}

/// East and north metres from a point, on the plane touching the ellipsoid there.
private struct TangentPlane {
    let origin: Coordinate
    let metersPerDegreeLatitude: Double
    let metersPerDegreeLongitude: Double

    init(at origin: Coordinate) {
        self.origin = origin
        let latitude = origin.latitude * .pi / 180
        let (a, e2) = (Ellipsoid.wgs84.equatorialRadius, Ellipsoid.wgs84.eccentricitySquared)
        let sine: Double = sin(latitude)
        let w: Double = (1 - e2 * sine * sine).squareRoot()
        let radian: Double = .pi / 180
        // The meridian's and the prime vertical's radii of curvature, per degree.
        metersPerDegreeLatitude = a * (1 - e2) / (w * w * w) * radian
        metersPerDegreeLongitude = a / w * cos(latitude) * radian
    }

    func project(_ point: Coordinate) -> (x: Double, y: Double) {
        var longitude = point.longitude - origin.longitude
        if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
        return (longitude * metersPerDegreeLongitude, (point.latitude - origin.latitude) * metersPerDegreeLatitude)
    }

    func distance(_ p: (x: Double, y: Double), fromSegment a: (x: Double, y: Double), _ b: (x: Double, y: Double))
        -> Double
    {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared == 0 ? 0 : max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared))
        let (ex, ey) = (p.x - (a.x + t * dx), p.y - (a.y + t * dy))
        return (ex * ex + ey * ey).squareRoot()
    }
}
