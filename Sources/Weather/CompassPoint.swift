import Foundation

/// The 16-point compass name of a wind direction (T14), for the wind the diary shows: "SW" is
/// wind blowing from the south-west.
///
/// Each point covers 22.5° centred on its bearing; a bearing exactly between two points goes
/// to the clockwise one (11.25° is NNE).
public enum CompassPoint: String, Codable, Sendable, CaseIterable {
    case n = "N"
    case nne = "NNE"
    case ne = "NE"
    case ene = "ENE"
    case e = "E"
    case ese = "ESE"
    case se = "SE"
    case sse = "SSE"
    case s = "S"
    case ssw = "SSW"
    case sw = "SW"
    case wsw = "WSW"
    case w = "W"
    case wnw = "WNW"
    case nw = "NW"
    case nnw = "NNW"

    /// The point for a bearing in degrees (any finite value; reduced to 0..<360).
    public init(degrees: Double) {
        let reduced = degrees.truncatingRemainder(dividingBy: 360)
        let bearing = reduced < 0 ? reduced + 360 : reduced
        let index = Int((bearing / 22.5).rounded(.toNearestOrAwayFromZero)) % 16
        self = Self.allCases[index]
    }

    /// The bearing the point is centred on, degrees.
    public var degrees: Double {
        Double(Self.allCases.firstIndex(of: self) ?? 0) * 22.5
    }
}
