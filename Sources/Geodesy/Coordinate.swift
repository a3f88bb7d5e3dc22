/// A point on the Earth in degrees on the WGS84 datum, as a GPS receiver reports it: the
/// position of a spot or a catch kept on the device (T10 offline location data) and the ends of
/// a distance (T9 distance between points).
///
/// The memberwise initializer stores what it is given; use `init(validatingLatitude:longitude:)`
/// or `parse(_:)` for values that come from outside.
public struct Coordinate: Sendable, Hashable, Codable {
    /// Degrees north of the equator (negative: south), -90...90 in a valid coordinate.
    public var latitude: Double
    /// Degrees east of Greenwich (negative: west), -180...180 in a valid coordinate.
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// How `Coordinate.formatted(_:)` writes a coordinate (T9 coordinates of a point).
public enum CoordinateStyle: Sendable {
    /// Decimal degrees with 5 decimals (about 1 m): "55.75580, 37.61730".
    case decimal
    /// Degrees, minutes and whole seconds (about 30 m): "55°45′21″N 37°37′03″E".
    case dms
    /// Degrees and minutes with 3 decimals (about 2 m), as marine GPS units show them:
    /// "55°45.350′N 37°37.050′E".
    case ddm
}

extension Coordinate {
    /// A coordinate whose values were checked: both finite, latitude in -90...90 and longitude
    /// in -180...180. A longitude beyond ±180 is rejected rather than wrapped around, because
    /// such a value usually means swapped or corrupted fields, not a point east of the date line.
    public init(validatingLatitude latitude: Double, longitude: Double) throws(CoordinateError) {
        guard latitude.isFinite else { throw .notFinite(.latitude) }
        guard longitude.isFinite else { throw .notFinite(.longitude) }
        guard (-90...90).contains(latitude) else { throw .outOfRange(.latitude, latitude) }
        guard (-180...180).contains(longitude) else { throw .outOfRange(.longitude, longitude) }
        self.init(latitude: latitude, longitude: longitude)
    }

    /// Reads a coordinate typed or pasted by a person. Accepted, latitude first unless the
    /// letters say otherwise:
    /// - decimal degrees: "55.7558, 37.6173", "55.7558 37.6173", "-33.86,151.2";
    /// - degrees, minutes, seconds: "55°45′21″N 37°37′03″E", "55°45'21\"N 37°37'03\"E",
    ///   "55 45 21 N 37 37 3 E", "55d45m21sN 37d37m3sE";
    /// - degrees and decimal minutes: "55°45.35′N 37°37.05′E", "N55 45.350 E037 37.050".
    ///
    /// Hemisphere letters N, S, E, W may stand before or after each value; a comma between the
    /// two values is optional. Minutes and seconds must be below 60, and only the last part of
    /// a value may have decimals. A lowercase "s" right after the seconds is the seconds mark;
    /// elsewhere "s" or "S" means south. The result is validated as by
    /// `init(validatingLatitude:longitude:)`.
    public static func parse(_ text: String) throws(CoordinateError) -> Coordinate {
        try CoordinateParser.parse(text)
    }

    /// The coordinate written in `style`, rounded to that style's precision; rounding carries
    /// into the next unit, so 59.9995″ becomes the next whole minute, never 60″.
    public func formatted(_ style: CoordinateStyle) -> String {
        switch style {
        case .decimal:
            return "\(Self.decimal(latitude)), \(Self.decimal(longitude))"
        case .dms:
            return "\(Self.sexagesimal(latitude, "N", "S", minuteDecimals: nil)) "
                + "\(Self.sexagesimal(longitude, "E", "W", minuteDecimals: nil))"
        case .ddm:
            return "\(Self.sexagesimal(latitude, "N", "S", minuteDecimals: 3)) "
                + "\(Self.sexagesimal(longitude, "E", "W", minuteDecimals: 3))"
        }
    }

    /// Values that are not finite or far beyond any valid coordinate are written as Swift
    /// writes a Double, so that formatting never traps.
    private static func isPrintable(_ value: Double) -> Bool {
        value.isFinite && abs(value) < 1e6
    }

    private static func decimal(_ value: Double) -> String {
        guard isPrintable(value) else { return String(value) }
        let units = Int64((abs(value) * 100_000).rounded())
        let sign = value < 0 && units != 0 ? "-" : ""
        return "\(sign)\(units / 100_000).\(padded(units % 100_000, width: 5))"
    }

    /// Degrees and minutes, followed by whole seconds when `minuteDecimals` is nil, or with
    /// minutes carrying that many decimals otherwise.
    private static func sexagesimal(
        _ value: Double, _ positive: String, _ negative: String, minuteDecimals: Int?
    ) -> String {
        guard isPrintable(value) else { return String(value) }
        let hemisphere: String
        let body: String
        if let decimals = minuteDecimals {
            var scale: Int64 = 1
            for _ in 0..<decimals { scale *= 10 }
            let units = Int64((abs(value) * 60 * Double(scale)).rounded())
            let minutes = units % (60 * scale)
            body =
                "\(units / (60 * scale))°\(padded(minutes / scale, width: 2)).\(padded(minutes % scale, width: decimals))′"
            hemisphere = value < 0 && units != 0 ? negative : positive
        } else {
            let seconds = Int64((abs(value) * 3600).rounded())
            body = "\(seconds / 3600)°\(padded(seconds % 3600 / 60, width: 2))′\(padded(seconds % 60, width: 2))″"
            hemisphere = value < 0 && seconds != 0 ? negative : positive
        }
        return body + hemisphere
    }

    private static func padded(_ value: Int64, width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
