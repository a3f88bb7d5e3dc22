import Foundation

/// How much of a catch's place a shared link gives away (issue 34 §4; T9, T17): the spot itself,
/// a square of about 1 km or 10 km around it, the region's name alone, or nothing. The angler
/// chooses; everything a link serves is made from the place this precision leaves.
public enum SharePrecision: String, CaseIterable, Codable, Sendable {
    case exact
    case about1km = "1km"
    case about10km = "10km"
    case region
    case none

    /// The side of the square a point is moved into, in metres; nil when the point is kept as it
    /// is (``exact``) or not shared at all.
    public var cellMeters: Double? {
        switch self {
        case .about1km: 1_000
        case .about10km: 10_000
        case .exact, .region, .none: nil
        }
    }

    /// Decimals of a degree a shared point is written with, so that it reads no finer than it
    /// is: about a metre when exact, a kilometre's worth for 1 km, a tenth of a degree otherwise.
    public var decimals: Int {
        switch self {
        case .exact: 5
        case .about1km: 2
        case .about10km, .region, .none: 1
        }
    }

    /// Whether a link at this precision carries a point (exact or moved into its square).
    public var sharesPoint: Bool { self == .exact || cellMeters != nil }

    /// Whether a link names the region and country the place lies in.
    public var sharesRegion: Bool { self != .none }

    /// The point a link at this precision may carry for the place at `latitude`, `longitude`:
    /// the point itself rounded to about a metre (``exact``), the centre of the grid square it
    /// lies in (1 km, 10 km), or nil. A square is the same for every point in it, so sharing many
    /// catches from one spot never narrows the spot down.
    public func sharedPoint(latitude: Double, longitude: Double) -> SharedPoint? {
        guard sharesPoint, latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else {
            return nil
        }
        guard let cellMeters else {
            return SharedPoint(latitude: Self.rounded(latitude), longitude: Self.rounded(longitude))
        }
        let square = ShareGrid(cellMeters: cellMeters).square(latitude: latitude, longitude: longitude)
        return SharedPoint(latitude: square.centreLatitude, longitude: square.centreLongitude)
    }

    /// Whether `point` is one this precision could have produced: any point on the globe
    /// (``exact``) or a square's centre. The portal refuses a link whose point is not.
    public func allows(_ point: SharedPoint?) -> Bool {
        guard let point else { return !sharesPoint }
        guard sharesPoint, let made = sharedPoint(latitude: point.latitude, longitude: point.longitude) else {
            return false
        }
        return abs(made.latitude - point.latitude) < 1e-9 && abs(made.longitude - point.longitude) < 1e-9
    }

    /// Degrees to five decimals (about a metre).
    private static func rounded(_ degrees: Double) -> Double { (degrees * 100_000).rounded() / 100_000 }
}

/// A point a shared link carries, in degrees (WGS 84).
public struct SharedPoint: Codable, Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Squares of about `cellMeters` on a side tiling the globe (issue 34 §4): bands of equal
/// latitude, each cut into columns as wide on the ground as the band is tall at its middle
/// latitude (so a square near the pole spans more longitude, never less ground).
public struct ShareGrid: Sendable, Equatable {
    public let cellMeters: Double

    /// Metres in a degree of latitude, on average (the grid needs no more than that: its squares
    /// are "about" a size).
    static let metersPerDegree = 111_320.0

    public init(cellMeters: Double) { self.cellMeters = cellMeters }

    /// One square of the grid: its band's and column's bounds and centre, in degrees.
    public struct Square: Sendable, Equatable {
        public var south, north, west, east: Double
        public var centreLatitude: Double { (south + north) / 2 }
        public var centreLongitude: Double { (west + east) / 2 }
    }

    /// The square `latitude`, `longitude` lies in (the north pole and the antimeridian belong
    /// to the last band and column).
    public func square(latitude: Double, longitude: Double) -> Square {
        let bandDegrees = cellMeters / Self.metersPerDegree
        let bands = Int((180 / bandDegrees).rounded(.up))
        let band = min(bands - 1, max(0, Int(((latitude + 90) / bandDegrees).rounded(.down))))
        let south = -90 + Double(band) * bandDegrees
        let north = min(90, south + bandDegrees)
        let middle = (south + north) / 2 * .pi / 180
        let columnDegrees = min(360, bandDegrees / max(cos(middle), 1e-6))
        let columns = Int((360 / columnDegrees).rounded(.up))
        let column = min(columns - 1, max(0, Int(((longitude + 180) / columnDegrees).rounded(.down))))
        let west = -180 + Double(column) * columnDegrees
        return Square(south: south, north: north, west: west, east: min(180, west + columnDegrees))
    }
}
