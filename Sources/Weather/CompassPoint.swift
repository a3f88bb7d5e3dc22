import Foundation

/// The 16-point compass name of a wind direction (T14), for the wind the diary shows: "SW" is
/// wind blowing from the south-west.
///
/// Each point covers 22.5° centred on its bearing; a bearing exactly between two points goes
/// to the clockwise one (11.25° is NNE).
public enum CompassPoint: String, Codable, Sendable, CaseIterable {
    case n = "N", nne = "NNE", ne = "NE", ene = "ENE", e = "E", ese = "ESE", se = "SE", sse = "SSE"
    case s = "S", ssw = "SSW", sw = "SW", wsw = "WSW", w = "W", wnw = "WNW", nw = "NW", nnw = "NNW"

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
